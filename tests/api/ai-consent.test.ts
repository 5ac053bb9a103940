import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as image from "@/app/api/ai/analyze-image/route";
import * as psych from "@/app/api/ai/analyze-psychological-image/route";
import * as analyze from "@/app/api/ai/analyze-text/route";
import * as chat from "@/app/api/ai/chat/route";
import * as consent from "@/app/api/ai/consent/route";
import * as crisis from "@/app/api/ai/detect-crisis/route";
import * as insights from "@/app/api/ai/generate-insights/route";
import * as growth from "@/app/api/ai/growth-insights/route";
import * as support from "@/app/api/ai/motivational-support/route";
import * as summarize from "@/app/api/ai/summarize-conversation/route";
import * as transcribe from "@/app/api/ai/transcribe-audio/route";
import * as configRoute from "@/app/api/config/route";
import * as batchRoute from "@/app/api/config/batch/route";
import * as importRoute from "@/app/api/config/import/route";
import * as testRoute from "@/app/api/config/test-model/route";
import { CLOUD_CONSENT_CONFIG_KEY, HONEST_RESPONDER, MINOR_SAFETY_INSTRUCTIONS } from "@/domain/companion";
import { db } from "@/server/db/client";
import { setConfig } from "@/server/config/service";
import { EntryInputSchema } from "@/contracts/entries";
import { createEntry } from "@/server/entries/service";
import { emptyJournal } from "../support/api-journal";
import { readChatStream } from "../support/chat-stream";
import {
  FAKE_MODELS,
  TINY_PNG_BASE64,
  fakeProviderEnv,
  startFakeModelServer,
  tinyWavBase64,
  type FakeModelServer,
} from "../support/fake-model-server";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
  await emptyJournal();
  await (await db()).config.deleteMany({});
});

const post = (handler: (req: Request, ctx: any) => Promise<Response>, path: string, body: unknown) =>
  call(handler, { method: "POST", path, body });
const week = { start: "2026-11-01", end: "2026-11-30" };
const entry = () =>
  createEntry(
    EntryInputSchema.parse({
      title: "A walk",
      content: "A long walk by the river with my sister.",
      created_at: "2026-11-20T12:00:00Z",
      ai_mood_score: 7,
      ai_themes: ["family"],
    }),
  );

/** Every path that sends the person's words, photos or voice to the model. */
const CLOUD_PATHS: [string, () => Promise<{ status: number; body: any }>][] = [
  [
    "analyze-text",
    () =>
      post(analyze.POST, "/api/ai/analyze-text", { content: "A quiet day at home with tea.", content_type: "text" }),
  ],
  ["chat (JSON)", () => post(chat.POST, "/api/ai/chat", { message: "I baked bread today." })],
  ["chat (stream)", () => post(chat.POST, "/api/ai/chat", { message: "I baked bread today.", stream: true })],
  [
    "summarize-conversation (Generate Entry)",
    () =>
      post(summarize.POST, "/api/ai/summarize-conversation", {
        conversation: [{ role: "user", content: "I baked bread." }],
      }),
  ],
  [
    "motivational-support",
    () => post(support.POST, "/api/ai/motivational-support", { content: "A hard week.", content_type: "text" }),
  ],
  [
    "generate-insights",
    async () => (await entry(), post(insights.POST, "/api/ai/generate-insights", { date_range: week, tz: "UTC" })),
  ],
  [
    "growth-insights",
    async () => (await entry(), post(growth.POST, "/api/ai/growth-insights", { date_range: week, tz: "UTC" })),
  ],
  [
    "analyze-image",
    () => post(image.POST, "/api/ai/analyze-image", { content: TINY_PNG_BASE64, content_type: "image" }),
  ],
  [
    "analyze-psychological-image",
    () => post(psych.POST, "/api/ai/analyze-psychological-image", { image_data: TINY_PNG_BASE64 }),
  ],
  [
    "transcribe-audio",
    () => post(transcribe.POST, "/api/ai/transcribe-audio", { content: tinyWavBase64(), content_type: "audio" }),
  ],
];

describe.each([
  ["gemini", FAKE_MODELS.gemini, "Google Gemini"],
  ["openai", FAKE_MODELS.openai, "OpenAI"],
] as const)("a cloud model (%s) without consent", (provider, model, providerName) => {
  beforeEach(async () => {
    await setConfig({ ai_model: model });
  });

  it.each(CLOUD_PATHS)(
    "%s is refused with 428 CONSENT_REQUIRED and nothing reaches the provider",
    async (_name, run) => {
      const err = expectError(await run(), 428, "CONSENT_REQUIRED");
      expect(err.message).toContain(providerName);
      expect(err.details).toMatchObject({ model, provider, provider_name: providerName });
      expect((err.details as { sends: string[] }).sends.join(" ")).toMatch(/entries.*chats.*photos.*voice/su);
      expect(fake.requests()).toEqual([]);
    },
  );

  it("the crisis check still answers from the built-in rules, without sending anything", async () => {
    const r = await post(crisis.POST, "/api/ai/detect-crisis", {
      content: "I want to end my life tonight.",
      content_type: "text",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      crisis_detected: true,
      checked_by: ["rules"],
      model_error: { code: "CONSENT_REQUIRED" },
    });
    expect(fake.requests()).toEqual([]);
  });

  it("once allowed, the same call reaches the provider; revoked, it is refused again", async () => {
    const granted = await post(consent.POST, "/api/ai/consent", { model });
    expect(granted.status).toBe(200);
    expect(granted.body.consents).toEqual([{ model, provider_name: providerName, granted_at: expect.any(String) }]);
    const ok = await post(analyze.POST, "/api/ai/analyze-text", { content: "A quiet day at home with tea." });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(fake.requests()).toHaveLength(1);
    // Consent is per model: another model of the same provider still asks.
    await setConfig({ ai_model: provider === "gemini" ? "gemini/gemini-2.5-flash-lite" : "openai/gpt-4o" });
    expectError(await post(analyze.POST, "/api/ai/analyze-text", { content: "A quiet day." }), 428, "CONSENT_REQUIRED");
    await setConfig({ ai_model: model });
    const listed = await call(consent.GET, { path: "/api/ai/consent" });
    expect(listed.body.consents.map((c: { model: string }) => c.model)).toEqual([model]);
    const revoked = await call(consent.DELETE, { method: "DELETE", path: "/api/ai/consent", body: { model } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.consents).toEqual([]);
    expectError(await post(analyze.POST, "/api/ai/analyze-text", { content: "A quiet day." }), 428, "CONSENT_REQUIRED");
    expect(fake.requests()).toHaveLength(1);
  });
});

describe("models that keep data with the person's own hosting need no consent", () => {
  it("ollama reaches its server, the offline companion answers, without any consent", async () => {
    await setConfig({ ai_model: FAKE_MODELS.ollama });
    expect(
      (await post(analyze.POST, "/api/ai/analyze-text", { content: "A quiet day at home with tea." })).status,
    ).toBe(200);
    expect(fake.requests()).toHaveLength(1);
    await setConfig({ ai_model: "local/offline" });
    expect((await post(chat.POST, "/api/ai/chat", { message: "I baked bread today." })).status).toBe(200);
  });

  it("consent is only for cloud models: asking for ollama or an unknown model is a 400", async () => {
    expectError(await post(consent.POST, "/api/ai/consent", { model: "ollama/gemma3:4b" }), 400, "VALIDATION_FAILED");
    expectError(await post(consent.POST, "/api/ai/consent", { model: "mistral/large" }), 400, "VALIDATION_FAILED");
    expectError(await post(consent.POST, "/api/ai/consent", {}), 400, "VALIDATION_FAILED");
  });

  it("the connection test sends only a fixed sentence, so it needs no consent", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const r = await post(testRoute.POST, "/api/config/test-model", {});
    expect(r.body.success).toBe(true);
    expect(fake.requests()[0].prompt).toContain("Reply with OK.");
  });
});

describe("consent is given only through the consent step", () => {
  it("the settings endpoints refuse to write it, and a settings import drops it", async () => {
    const value = JSON.stringify({ [FAKE_MODELS.gemini]: new Date().toISOString() });
    expectError(
      await call(configRoute.PUT, {
        method: "PUT",
        path: "/api/config",
        body: { key: CLOUD_CONSENT_CONFIG_KEY, value },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(
      await call(batchRoute.PUT, {
        method: "PUT",
        path: "/api/config/batch",
        body: { config: { [CLOUD_CONSENT_CONFIG_KEY]: value } },
      }),
      400,
      "VALIDATION_FAILED",
    );
    const imported = await post(importRoute.POST, "/api/config/import", {
      config: { [CLOUD_CONSENT_CONFIG_KEY]: value, ai_model: FAKE_MODELS.gemini },
    });
    expect(imported.status).toBe(200);
    expect(await (await db()).config.findUnique({ where: { key: CLOUD_CONSENT_CONFIG_KEY } })).toBeNull();
    expectError(await post(analyze.POST, "/api/ai/analyze-text", { content: "A quiet day." }), 428, "CONSENT_REQUIRED");
    expect(fake.requests()).toEqual([]);
  });
});

describe("are you a real person? gets the app's truthful answer, whatever model, without calling it", () => {
  it.each([
    [FAKE_MODELS.gemini, "Google Gemini (gemini-2.5-flash)"],
    [FAKE_MODELS.openai, "OpenAI (gpt-4o-mini)"],
    [FAKE_MODELS.ollama, "your own Ollama (gemma3:4b)"],
    ["local/offline", "the built-in offline companion"],
  ])("%s", async (model, named) => {
    await setConfig({ ai_model: model });
    const r = await post(chat.POST, "/api/ai/chat", { message: "r u a real person??" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toBe(HONEST_RESPONDER);
    expect(r.body.response).toMatch(/^No, I'm not a person\. I'm an AI/u);
    expect(r.body.response).toContain(named);
    const s = await call(chat.POST, {
      method: "POST",
      path: "/api/ai/chat",
      body: { message: "am i talking to a machine", stream: true },
    });
    expect(s.status).toBe(200);
    const streamed = await readChatStream(await s.res.text());
    expect(streamed.text).toMatch(/^No, I'm not a person\./u);
    // No model was asked, so no key or consent was needed and the fake server heard nothing.
    expect(fake.requests()).toEqual([]);
  });

  it("a look-alike goes to the model as usual", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    await post(consent.POST, "/api/ai/consent", { model: FAKE_MODELS.gemini });
    const r = await post(chat.POST, "/api/ai/chat", { message: "are you real busy today?" });
    expect(r.status).toBe(200);
    expect(r.body.model).toBe(FAKE_MODELS.gemini);
    expect(fake.requests()).toHaveLength(1);
  });
});

describe("I am under 18", () => {
  it("makes the model's instructions stricter", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    await post(consent.POST, "/api/ai/consent", { model: FAKE_MODELS.gemini });
    await post(chat.POST, "/api/ai/chat", { message: "I baked bread today." });
    expect(fake.requests()[0].prompt).not.toContain(MINOR_SAFETY_INSTRUCTIONS);
    await call(configRoute.PUT, {
      method: "PUT",
      path: "/api/config",
      body: { key: "companion_under_18", value: "true" },
    });
    await post(chat.POST, "/api/ai/chat", { message: "I baked bread today." });
    expect(fake.requests()[1].prompt).toContain(MINOR_SAFETY_INSTRUCTIONS);
  });
});
