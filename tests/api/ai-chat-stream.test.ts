import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as chat from "@/app/api/ai/chat/route";
import { buildChatPrompt } from "@/server/ai/chat/prompt";
import { MINOR_SAFETY_INSTRUCTIONS } from "@/domain/companion";
import { MODEL_SAFETY_INSTRUCTIONS } from "@/domain/crisis/chat-safety";
import { setConfig } from "@/server/config/service";
import { EntryInputSchema } from "@/contracts/entries";
import { createEntry } from "@/server/entries/service";
import {
  FAKE_MODELS,
  fakeProviderEnv,
  startFakeModelServer,
  type FakeModelServer,
  type FakeProvider,
} from "../support/fake-model-server";
import { readChatStream } from "../support/chat-stream";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
const PROVIDERS: FakeProvider[] = ["gemini", "openai", "ollama"];

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
});

const stream = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(chat.POST, { method: "POST", path: "/api/ai/chat", body, headers });

describe.each(PROVIDERS)("streaming chat with %s", (provider) => {
  beforeEach(async () => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
  });

  it("delivers the reply as a UI message stream: the text in order, the model, then finish", async () => {
    const chunks = ["One ", "two ", "three ", "four ", "five."];
    fake.script({ provider, task: "chat", reply: { chunks, chunkDelayMs: 5 } });
    const r = await stream({ message: "Count for me", stream: true });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-type")).toContain("text/event-stream");
    expect(r.res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    // Nothing on the way may compress (and so hold back) the pieces.
    expect(r.res.headers.get("cache-control")).toBe("no-cache, no-transform");
    const reply = await readChatStream(r.body);
    expect(reply.text).toBe(chunks.join(""));
    expect(reply.deltas.length).toBeGreaterThanOrEqual(2);
    expect(reply.chunks.map((c) => c.type)).toEqual([
      "start",
      "text-start",
      ...reply.deltas.map(() => "text-delta"),
      "text-end",
      "finish",
    ]);
    expect(reply.message?.parts).toEqual([{ type: "text", text: "One two three four five.", state: "done" }]);
    expect(reply.model).toBe(FAKE_MODELS[provider]);
    expect(reply.finished).toBe(true);
    expect(reply.context).toBeUndefined();
    expect(fake.requests()[0].stream).toBe(true);
  });

  it("Accept: text/event-stream also asks for a stream", async () => {
    const r = await stream({ message: "Hello" }, { accept: "text/event-stream" });
    expect(r.res.headers.get("content-type")).toContain("text/event-stream");
    const reply = await readChatStream(r.body);
    expect(reply.finished).toBe(true);
    expect(reply.text).toBe("Thank you for sharing that with me. How are you feeling about it now?");
  });

  it("a failure in the middle of the stream ends with the error in the one error shape, without finish", async () => {
    fake.script({ provider, task: "chat", reply: { chunks: ["I hear ", "you. "], streamError: "model overloaded" } });
    const r = await stream({ message: "Hello", stream: true });
    expect(r.status).toBe(200);
    const reply = await readChatStream(r.body);
    expect(reply.text).toBe("I hear you. ");
    expect(reply.error?.code).toBe("MODEL_FAILED");
    // Ollama's provider drops the error line itself; the reply still ends with an error.
    expect(reply.error?.message).toContain(provider === "ollama" ? "ended unexpectedly" : "model overloaded");
    const last = reply.chunks.at(-1)!;
    expect(last).toEqual({ type: "error", errorText: reply.error!.message });
    expect(reply.finished).toBe(false);
  });

  it("a cut connection in the middle of the stream ends with an error", async () => {
    fake.script({ provider, task: "chat", reply: { chunks: ["Partial ", "answer"], dropAfterChunks: true } });
    const r = await stream({ message: "Hello", stream: true });
    const reply = await readChatStream(r.body);
    expect(reply.chunks.at(-1)?.type).toBe("error");
    expect(reply.error?.code).toBe("MODEL_FAILED");
    expect(reply.finished).toBe(false);
  });

  it("a failure before the first token is a JSON error with its status, not an empty 200", async () => {
    fake.script({ provider, task: "chat", times: 0, reply: { error: { status: 401, message: "invalid key" } } });
    const err = expectError(await stream({ message: "Hello", stream: true }), 502, "MODEL_FAILED");
    expect(err.message).toContain("invalid key");
  });

  it("the JSON contract stays without stream", async () => {
    const r = await stream({ message: "Hello" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      response: "Thank you for sharing that with me. How are you feeling about it now?",
      model: FAKE_MODELS[provider],
    });
  });
});

describe("streaming chat, other cases", () => {
  it("missing key: 424 JSON before streaming", async () => {
    delete process.env.OPENAI_API_KEY;
    await setConfig({ ai_model: FAKE_MODELS.openai });
    expectError(await stream({ message: "Hi", stream: true }), 424, "MODEL_NOT_CONFIGURED");
    expect(fake.requests()).toHaveLength(0);
  });

  it("the offline companion streams too, word by word, with the same reply as without a stream", async () => {
    await setConfig({ ai_model: "local/offline" });
    const message = "I had a lovely dinner with my family.";
    const whole = await stream({ message });
    const reply = await readChatStream((await stream({ message, stream: true })).body);
    expect(reply.finished).toBe(true);
    expect(reply.model).toBe("local/offline");
    expect(reply.deltas.length).toBeGreaterThan(3);
    expect(reply.text).toBe(whole.body.response);
  });
});

describe("chat prompt", () => {
  it("holds personal settings, context entries with dates and only the last 10 turns", async () => {
    await setConfig({
      ai_model: FAKE_MODELS.gemini,
      personal_info: "I love hiking with my dog Juno.",
      cultural_context: "I celebrate Diwali.",
    });
    const entry = await createEntry(
      EntryInputSchema.parse({
        title: "Trail day",
        content: "Hiked the ridge trail with Juno.",
        created_at: "2026-03-04T10:00:00.000Z",
      }),
    );
    const history = Array.from({ length: 14 }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: `turn ${i}`,
    }));
    const r = await call(chat.POST, {
      method: "POST",
      body: {
        message: "What did I do last week?",
        contextEntries: [entry.id, "missing-id", { content: "Baked bread.", created_at: "2026-03-05T09:00:00Z" }],
        conversationHistory: history,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [req] = fake.requests();
    expect(req.prompt).toContain("I love hiking with my dog Juno.");
    expect(req.prompt).toContain("I celebrate Diwali.");
    expect(req.prompt).toContain('Journal entry from 2026-03-04 "Trail day":\nHiked the ridge trail with Juno.');
    expect(req.prompt).toContain("Journal entry from 2026-03-05:\nBaked bread.");
    expect(req.prompt).not.toContain("turn 3");
    expect(req.prompt).toContain("turn 4");
    expect(req.prompt).toContain("turn 13");
    const contents = (req.body as any).contents as { role: string }[];
    expect(contents).toHaveLength(11);
    expect(contents.at(-1)).toMatchObject({ role: "user", parts: [{ text: "What did I do last week?" }] });
  });

  it("buildChatPrompt: for someone under 18 the system instructions are stricter, and always say it is an AI", () => {
    const input = {
      message: "Hi",
      history: [],
      contextEntries: [],
      personal: { personal_info: "", cultural_context: "" },
    };
    const adult = buildChatPrompt(input).system;
    const minor = buildChatPrompt({ ...input, minor: true }).system;
    expect(adult).toContain(MODEL_SAFETY_INSTRUCTIONS);
    expect(adult).toContain("You are an AI, not a human");
    expect(adult).not.toContain(MINOR_SAFETY_INSTRUCTIONS);
    expect(minor).toContain(MODEL_SAFETY_INSTRUCTIONS);
    expect(minor).toContain(MINOR_SAFETY_INSTRUCTIONS);
    expect(minor).toMatch(/under 18[\s\S]*trusted adult[\s\S]*never take part in romantic/u);
  });

  it("buildChatPrompt is usable on its own", () => {
    const p = buildChatPrompt({
      message: "Hi",
      history: [
        { role: "assistant", content: "" },
        { role: "user", content: "Earlier" },
      ],
      contextEntries: [{ content: "x".repeat(3000), created_at: null }],
      personal: { personal_info: "", cultural_context: "" },
    });
    expect(p.messages).toEqual([
      { role: "user", content: "Earlier" },
      { role: "user", content: "Hi" },
    ]);
    expect(p.system).toContain("Journal entry from undated:");
    expect(p.system).toContain(`${"x".repeat(2000)}...`);
    expect(p.system).not.toContain("What the person shared");
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
