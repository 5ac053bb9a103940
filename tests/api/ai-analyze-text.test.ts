import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as analyze from "@/app/api/ai/analyze-text/route";
import { setConfig } from "@/server/config/service";
import {
  FAKE_MODELS,
  fakeProviderEnv,
  startFakeModelServer,
  type FakeModelServer,
  type FakeProvider,
} from "../support/fake-model-server";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
const PROVIDERS: FakeProvider[] = ["gemini", "openai", "ollama"];
const ENTRY = "Today I walked along the river with my sister and we talked for hours. I feel lighter.";

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

const post = (body: unknown) => call(analyze.POST, { method: "POST", path: "/api/ai/analyze-text", body });

describe.each(PROVIDERS)("analyze-text with %s", (provider) => {
  beforeEach(async () => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
  });

  it("returns the model's analysis in the spec's shape", async () => {
    fake.script({
      provider,
      task: "analyze-text",
      reply: {
        json: {
          mood_score: 8,
          primary_emotion: "Joyful",
          themes: ["Family", "nature"],
          summary: "A walk with my sister.",
          suggested_tags: ["Family", "#walk"],
          follow_up_questions: ["What did you talk about?"],
        },
      },
    });
    const r = await post({ content: ENTRY, content_type: "text" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      model: FAKE_MODELS[provider],
      analysis: {
        mood_score: 8,
        primary_emotion: "joyful",
        themes: ["family", "nature"],
        summary: "A walk with my sister.",
        suggested_tags: ["family", "walk"],
        follow_up_questions: ["What did you talk about?"],
      },
    });
    const reqs = fake.requests();
    expect(reqs).toHaveLength(1);
    expect(reqs[0].provider).toBe(provider);
    expect(reqs[0].prompt).toContain(ENTRY);
  });

  it("repairs sloppy JSON without a second call and clamps the mood", async () => {
    fake.script({
      provider,
      reply: {
        text: "Sure! Here is the analysis:\n```json\n{mood_score: '12', 'primary_emotion': 'calm', themes: 'walks, family', summary: 'Calm.',}\n```",
      },
    });
    const r = await post({ content: ENTRY });
    expect(r.status).toBe(200);
    expect(r.body.analysis).toMatchObject({
      mood_score: 10,
      primary_emotion: "calm",
      themes: ["walks", "family"],
      summary: "Calm.",
      suggested_tags: [],
      follow_up_questions: [],
    });
    expect(fake.requests()).toHaveLength(1);
  });

  it("asks once more when the answer is unusable, and uses the repaired answer", async () => {
    fake.script([
      { provider, reply: { text: "I think the mood is pretty good overall." } },
      {
        provider,
        reply: {
          json: {
            mood_score: 6,
            primary_emotion: "neutral",
            themes: [],
            summary: "An ordinary day.",
            suggested_tags: [],
            follow_up_questions: [],
          },
        },
      },
    ]);
    const r = await post({ content: ENTRY });
    expect(r.status).toBe(200);
    expect(r.body.analysis.mood_score).toBe(6);
    const reqs = fake.requests();
    expect(reqs).toHaveLength(2);
    expect(reqs[1].prompt).toContain("could not be used");
  });

  it("gives 502 MODEL_BAD_OUTPUT when the repaired answer is still unusable", async () => {
    fake.script({ provider, times: 2, reply: { json: { primary_emotion: "calm" } } });
    const err = expectError(await post({ content: ENTRY }), 502, "MODEL_BAD_OUTPUT");
    expect(err.details).toMatchObject({
      task: "analyze-text",
      issues: expect.arrayContaining(["mood_score must be a number from 1 to 10"]),
    });
    expect(fake.requests()).toHaveLength(2);
  });

  it("maps a provider error to 502 MODEL_FAILED with the provider's message", async () => {
    fake.script({ provider, times: 0, reply: { error: { status: 500, message: "the fake model crashed" } } });
    const err = expectError(await post({ content: ENTRY }), 502, "MODEL_FAILED");
    expect(err.message).toContain("the fake model crashed");
    expect(err.details).toMatchObject({ provider_status: 500, model: FAKE_MODELS[provider] });
  });

  it("maps a refused key to 502 MODEL_FAILED naming the key problem", async () => {
    fake.script({ provider, times: 0, reply: { error: { status: 401, message: "Incorrect API key provided" } } });
    const err = expectError(await post({ content: ENTRY }), 502, "MODEL_FAILED");
    expect(err.message).toContain("Incorrect API key provided");
    expect(err.message).toContain("API key");
    expect(fake.requests()).toHaveLength(1);
  });
});

describe("analyze-text without a key or with an unknown model", () => {
  it.each([
    ["gemini", "GOOGLE_GENERATIVE_AI_API_KEY"],
    ["openai", "OPENAI_API_KEY"],
  ] as const)("%s without a key: 424 naming %s, nothing sent", async (provider, envName) => {
    delete process.env.GOOGLE_GENERATIVE_AI_API_KEY;
    delete process.env.GEMINI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    await setConfig({ ai_model: FAKE_MODELS[provider] });
    const err = expectError(await post({ content: ENTRY }), 424, "MODEL_NOT_CONFIGURED");
    expect(err.message).toContain(envName);
    expect(fake.requests()).toHaveLength(0);
  });

  it("accepts GEMINI_API_KEY as the Gemini key", async () => {
    delete process.env.GOOGLE_GENERATIVE_AI_API_KEY;
    process.env.GEMINI_API_KEY = "other-gemini-key";
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const r = await post({ content: ENTRY });
    expect(r.status).toBe(200);
    expect(fake.requests()[0].headers["x-goog-api-key"]).toBe("other-gemini-key");
    delete process.env.GEMINI_API_KEY;
  });

  it("unknown prefix: 424 MODEL_NOT_CONFIGURED", async () => {
    await setConfig({ ai_model: "mistral/large" });
    const err = expectError(await post({ content: ENTRY }), 424, "MODEL_NOT_CONFIGURED");
    expect(err.message).toContain("mistral/large");
  });

  it("a model slower than AI_TIMEOUT_MS: 502 MODEL_FAILED", async () => {
    process.env.AI_TIMEOUT_MS = "300";
    try {
      await setConfig({ ai_model: FAKE_MODELS.openai });
      fake.script({ provider: "openai", times: 0, reply: { delayMs: 3000, json: { mood_score: 5 } } });
      const err = expectError(await post({ content: ENTRY }), 502, "MODEL_FAILED");
      expect(err.message).toContain("openai/gpt-4o-mini did not answer in time");
    } finally {
      delete process.env.AI_TIMEOUT_MS;
    }
  });

  it("unreachable Ollama: 502 MODEL_FAILED", async () => {
    // A closed port on loopback: the connection is refused.
    process.env.OLLAMA_BASE_URL = "http://127.0.0.1:45999";
    await setConfig({ ai_model: "ollama/gemma3:4b" });
    const err = expectError(await post({ content: ENTRY }), 502, "MODEL_FAILED");
    expect(err.message).toContain("ollama/gemma3:4b");
    // The browser learns what went wrong, never the internal address.
    const shown = JSON.stringify(err);
    expect(shown).not.toContain("127.0.0.1");
    expect(shown).not.toContain("45999");
    expect(shown).toContain("ECONNREFUSED");
    expect(shown).toContain("[model server]");
  });
});

describe("analyze-text with the offline analyzer", () => {
  it("analyses with no network and no key", async () => {
    await setConfig({ ai_model: "local/offline" });
    const r = await post({ content: "I had a wonderful, happy day with my family at the beach." });
    expect(r.status).toBe(200);
    expect(r.body.model).toBe("local/offline");
    expect(r.body.analysis.mood_score).toBeGreaterThanOrEqual(7);
    expect(r.body.analysis.suggested_tags).toContain("family");
    expect(fake.requests()).toHaveLength(0);
  });

  it("rejects empty content with 400 VALIDATION_FAILED", async () => {
    expectError(await post({ content: "   " }), 400, "VALIDATION_FAILED");
    expectError(await post({}), 400, "VALIDATION_FAILED");
  });

  it("rejects a broken body with 400 INVALID_JSON", async () => {
    const r = await call(analyze.POST, {
      method: "POST",
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expectError(r, 400, "INVALID_JSON");
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
