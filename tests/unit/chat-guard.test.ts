import { generateText, streamText, type LanguageModel } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { replyGivesMethod } from "@/domain/crisis/chat-safety";
import { WithheldReplyError } from "@/server/ai/errors";
import { chatModel, guardChatModel } from "@/server/ai/chat/guard";

/** The chat model's safety middleware over a mock model: a reply that gives methods never gets through. */

const usage = {
  inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: undefined, reasoning: undefined },
};
const finishReason = { unified: "stop" as const, raw: "stop" };

const generating = (text: string) =>
  new MockLanguageModelV4({
    doGenerate: async () => ({ content: [{ type: "text", text }], finishReason, usage, warnings: [] }),
  });

/** A model that streams `pieces`; `pulled` counts what the consumer took from it (to see it stop). */
function streaming(pieces: string[]) {
  const state = { pulled: 0, cancelled: false };
  const parts = [
    { type: "stream-start" as const, warnings: [] },
    { type: "text-start" as const, id: "t" },
    ...pieces.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
    { type: "text-end" as const, id: "t" },
    { type: "finish" as const, finishReason, usage },
  ];
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream({
        pull(controller) {
          const part = parts[state.pulled++];
          if (part) controller.enqueue(part);
          else controller.close();
        },
        cancel() {
          state.cancelled = true;
        },
      }),
    }),
  });
  return { model, state };
}

/** The text of a streamed reply and the error it ended with, if any. */
async function readStream(model: LanguageModel) {
  const result = streamText({ model, prompt: "hi", onError: () => {} });
  let text = "";
  let error: unknown = null;
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") text += part.text;
    else if (part.type === "error") error = part.error;
  }
  return { text, error };
}

describe("the chat model's safety middleware", () => {
  it("passes a reply that gives no method, generating and streaming, unchanged", async () => {
    const ok = "That sounds like a really hard day. What helped you get through it?";
    const r = await generateText({ model: guardChatModel(generating(ok)), prompt: "hi" });
    expect(r.text).toBe(ok);
    const { model } = streaming(["That sounds like ", "a really hard day. ", "What helped you get through it?"]);
    expect(await readStream(guardChatModel(model))).toEqual({ text: ok, error: null });
  });

  it("withholds a generated reply that gives a method: a WithheldReplyError, no text", async () => {
    const bad = "The lethal dose of paracetamol is around 10 grams.";
    await expect(generateText({ model: guardChatModel(generating(bad)), prompt: "hi" })).rejects.toBeInstanceOf(
      WithheldReplyError,
    );
    // Without the middleware the same model's reply would have gone through.
    expect((await generateText({ model: generating(bad), prompt: "hi" })).text).toBe(bad);
  });

  it("ends a streamed reply at the piece that makes it give a method, stops the model, and never passes that piece", async () => {
    const shown = "I hear how much pain you are in. Taking 40 ";
    expect(replyGivesMethod(shown)).toBe(false);
    const { model, state } = streaming([
      "I hear how much pain you are in. ",
      "Taking 40 ",
      "tablets of your medication would do it",
      ", and more words the model would have sent.",
      " Even more.",
    ]);
    const { text, error } = await readStream(guardChatModel(model));
    expect(error).toBeInstanceOf(WithheldReplyError);
    expect(text).toBe(shown);
    expect(state.cancelled).toBe(true);
    // stream-start, text-start, three deltas: nothing more was asked of the model after the third.
    expect(state.pulled).toBeLessThan(7);
  });

  it("wraps a remote chat model only: the offline companion has no model to wrap", async () => {
    const bad = "Taking 40 tablets of your medication would do it.";
    const remote = chatModel({
      kind: "remote",
      name: "mock/model",
      provider: "gemini",
      modelId: "m",
      jsonMode: false,
      language: () => generating(bad),
    });
    if (remote.kind !== "remote") throw new Error("expected a remote model");
    await expect(generateText({ model: remote.language(), prompt: "hi" })).rejects.toBeInstanceOf(WithheldReplyError);
    const offline = { kind: "offline" as const, name: "local/offline" };
    expect(chatModel(offline)).toBe(offline);
  });
});
