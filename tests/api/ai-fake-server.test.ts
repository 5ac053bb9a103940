import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultReply, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("fake model server control API over HTTP", () => {
  it("scripts, records and resets", async () => {
    expect(
      await (
        await post("/__script", [{ provider: "openai", match: "ping", times: 2, reply: { text: "pong" } }])
      ).json(),
    ).toEqual({ ok: true, count: 1 });
    for (let i = 0; i < 3; i++) {
      const r = await post("/v1/responses", {
        model: "gpt-4o-mini",
        input: [{ role: "user", content: [{ type: "input_text", text: "ping" }] }],
      });
      const body = (await r.json()) as { output: { content: { text: string }[] }[] };
      expect(body.output[0].content[0].text).toBe(i < 2 ? "pong" : "OK");
    }
    const recorded = (await (await fetch(`${fake.url}/__requests`)).json()) as { provider: string; prompt: string }[];
    expect(recorded).toHaveLength(3);
    expect(recorded[0]).toMatchObject({ provider: "openai", prompt: "ping" });
    await post("/__reset", {});
    expect(await (await fetch(`${fake.url}/__requests`)).json()).toEqual([]);
  });

  it("answers a scripted error in the provider's own error shape", async () => {
    await post("/__script", {
      provider: "gemini",
      reply: { error: { status: 400, message: "Image input modality is not enabled" } },
    });
    const r = await post("/v1beta/models/gemma-3n-e4b-it:generateContent", {
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      error: { code: 400, message: "Image input modality is not enabled", status: "INVALID_ARGUMENT" },
    });
  });

  it("answers every task by default with JSON the app accepts", () => {
    for (const task of [
      "analyze-text",
      "analyze-image",
      "transcribe-audio",
      "insights-summary",
      "growth-insights",
      "summarize-conversation",
      "detect-crisis",
      "motivational-support",
      "analyze-psychological-image",
    ]) {
      expect(defaultReply(task).json, task).toBeTypeOf("object");
    }
    expect(defaultReply("chat").chunks?.join("")).toMatch(/\?$/u);
  });

  it("refuses a rule without a reply and unknown paths", async () => {
    expect((await post("/__script", { provider: "gemini" })).status).toBe(400);
    expect((await post("/v2/nothing", {})).status).toBe(404);
  });
});
