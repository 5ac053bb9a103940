import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as crisis from "@/app/api/ai/detect-crisis/route";
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

const check = (content: string) =>
  call(crisis.POST, { method: "POST", path: "/api/ai/detect-crisis", body: { content, content_type: "text" } });

describe.each(PROVIDERS)("detect-crisis with %s", (provider) => {
  beforeEach(async () => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
  });

  it("a model saying none cannot hide explicit risk language", async () => {
    fake.script({ provider, task: "detect-crisis", reply: { json: { crisis_detected: false, severity: "none" } } });
    const r = await check("Honestly I want to end my life.");
    expect(r.body).toMatchObject({
      success: true,
      crisis_detected: true,
      severity: "high",
      checked_by: ["rules", "model"],
    });
  });

  it("the model can raise the severity", async () => {
    fake.script({ provider, task: "detect-crisis", reply: { json: { crisis_detected: true, severity: "high" } } });
    const r = await check("Quiet evening. Not sure what to write tonight.");
    expect(r.body).toMatchObject({ crisis_detected: true, severity: "high" });
  });

  it("a failing model still leaves the built-in check's answer", async () => {
    fake.script({
      provider,
      task: "detect-crisis",
      times: 0,
      reply: { error: { status: 503, message: "overloaded" } },
    });
    const r = await check("I don't want to live anymore.");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      crisis_detected: true,
      severity: "high",
      checked_by: ["rules"],
      model_error: { code: "MODEL_FAILED" },
    });
  });

  it("junk from the model twice still leaves the built-in check's answer", async () => {
    fake.script({ provider, task: "detect-crisis", times: 2, reply: { text: "cannot say" } });
    const r = await check("I feel hopeless.");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      severity: "moderate",
      crisis_detected: false,
      model_error: { code: "MODEL_BAD_OUTPUT" },
    });
  });
});

describe("detect-crisis offline", () => {
  beforeEach(async () => {
    await setConfig({ ai_model: "local/offline" });
  });
  it.each([
    ["I want to kill myself", true, "high"],
    ["I would never hurt myself", false, "low"],
    ["Nobody would miss me", false, "moderate"],
    ["Lovely picnic today", false, "none"],
  ] as const)("%s -> %s/%s", async (text, detected, severity) => {
    const r = await check(text);
    expect(r.body).toEqual({
      success: true,
      crisis_detected: detected,
      severity,
      model: "local/offline",
      checked_by: ["rules"],
    });
    expect(fake.requests()).toHaveLength(0);
  });
  it("empty content is 400", async () => {
    expectError(await check(" "), 400, "VALIDATION_FAILED");
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
