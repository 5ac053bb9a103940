import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as configRoute from "@/app/api/config/route";
import * as configure from "@/app/api/config/configure-model/route";
import * as models from "@/app/api/config/models/route";
import * as testModel from "@/app/api/config/test-model/route";
import * as analyze from "@/app/api/ai/analyze-text/route";
import { resetConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
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
  await resetConfig();
  for (const k of ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY", "OPENAI_API_KEY", "DEFAULT_AI_MODEL"])
    delete process.env[k];
  process.env.GEMINI_BASE_URL = fake.url;
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OLLAMA_BASE_URL = fake.url;
});

const getModels = () => call(models.GET, { path: "/api/config/models" });
const configureModel = (body: unknown) => call(configure.POST, { method: "POST", body });
const runTest = () => call(testModel.POST, { method: "POST" });

describe("default model", () => {
  it("is the offline analyzer without a Gemini key, and it analyses", async () => {
    const c = await call(configRoute.GET, {});
    expect(c.body.config.ai_model).toBe("local/offline");
    const r = await call(analyze.POST, { method: "POST", body: { content: "A calm and happy morning with coffee." } });
    expect(r.body.model).toBe("local/offline");
  });

  it("is the spec's gemini/gemma-3n-e4b-it when a Gemini key is present", async () => {
    process.env.GEMINI_API_KEY = "k";
    expect((await call(configRoute.GET, {})).body.config.ai_model).toBe("gemini/gemma-3n-e4b-it");
  });

  it("DEFAULT_AI_MODEL overrides, and a picked model is never changed behind the person's back", async () => {
    process.env.DEFAULT_AI_MODEL = "ollama/gemma3:4b";
    expect((await call(configRoute.GET, {})).body.config.ai_model).toBe("ollama/gemma3:4b");
    await configureModel({ model_name: "openai/gpt-4o" });
    process.env.GEMINI_API_KEY = "k";
    expect((await call(configRoute.GET, {})).body.config.ai_model).toBe("openai/gpt-4o");
  });
});

describe("POST /config/configure-model", () => {
  it("stores ai_model and never stores the api_key", async () => {
    const r = await configureModel({ model_name: "gemini/gemini-2.5-flash", api_key: "sk-secret-123" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      model_name: "gemini/gemini-2.5-flash",
      requires_api_key: true,
      api_key_present: false,
    });
    expect(r.body.message).toContain("not stored");
    expect(r.body.message).toContain("GOOGLE_GENERATIVE_AI_API_KEY");
    const rows = await (await db()).config.findMany();
    expect(rows.map((x) => x.key)).toEqual(["ai_model"]);
    expect(JSON.stringify(rows)).not.toContain("sk-secret-123");
  });

  it("a local model needs no key", async () => {
    const r = await configureModel({ model_name: "ollama/gemma3n:e4b" });
    expect(r.body).toMatchObject({ requires_api_key: false, message: "Model set to ollama/gemma3n:e4b." });
  });

  it("rejects an unknown prefix and an empty name with 400", async () => {
    expectError(await configureModel({ model_name: "mistral/large" }), 400, "VALIDATION_FAILED");
    expectError(await configureModel({ model_name: "" }), 400, "VALIDATION_FAILED");
    expectError(await configureModel({ model_name: "local/other" }), 400, "VALIDATION_FAILED");
  });
});

describe("GET /config/models", () => {
  it("lists the offline analyzer, the spec's choices, the recommended models and Ollama's installed models", async () => {
    const r = await getModels();
    expect(r.status).toBe(200);
    const list = r.body.data.data as {
      id: string;
      available: boolean;
      reason?: string;
      installed?: boolean;
      recommended?: boolean;
      local: boolean;
      provider: string;
    }[];
    const ids = list.map((m) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "local/offline",
        "gemini/gemma-3n-e2b-it",
        "gemini/gemma-3n-e4b-it",
        "gemini/gemini-2.5-flash-lite",
        "gemini/gemini-2.5-flash",
        "openai/gpt-4o",
        "openai/gpt-4o-mini",
        "ollama/gemma3n:e4b",
        "ollama/gemma3n:e2b",
        "ollama/gemma3:4b",
      ]),
    );
    expect(r.body.data.current).toBe("local/offline");
    const byId = Object.fromEntries(list.map((m) => [m.id, m]));
    expect(byId["local/offline"]).toMatchObject({ available: true, local: true, provider: "local" });
    expect(byId["gemini/gemini-2.5-flash"]).toMatchObject({ available: false, recommended: true, local: false });
    expect(byId["gemini/gemini-2.5-flash"].reason).toContain("GOOGLE_GENERATIVE_AI_API_KEY");
    expect(byId["ollama/gemma3n:e4b"]).toMatchObject({ available: true, installed: true, local: true });
    expect(byId["ollama/gemma3n:e2b"]).toMatchObject({ available: false, installed: false });
    expect(byId["ollama/gemma3:4b"]).toMatchObject({ installed: true });
    expect(fake.requests().map((q) => q.path)).toEqual(["/api/tags"]);
  });

  it("shows installed models from a scripted Ollama, and marks cloud models available with a key", async () => {
    process.env.OPENAI_API_KEY = "k";
    fake.script({ provider: "ollama", path: "/api/tags", reply: { json: { models: [{ name: "llama3.2:3b" }] } } });
    const list = (await getModels()).body.data.data as { id: string; available: boolean }[];
    expect(list.find((m) => m.id === "ollama/llama3.2:3b")).toMatchObject({ available: true });
    expect(list.find((m) => m.id === "openai/gpt-4o")).toMatchObject({ available: true });
  });

  it("still answers when Ollama is unreachable", async () => {
    process.env.OLLAMA_BASE_URL = "http://127.0.0.1:9";
    const list = (await getModels()).body.data.data as { id: string; available: boolean; reason?: string }[];
    expect(list.find((m) => m.id === "ollama/gemma3n:e4b")?.reason).toContain("not reachable");
  });

  it("includes the current model even when it is not a listed choice", async () => {
    await configureModel({ model_name: "openai/gpt-4.1" });
    const r = await getModels();
    expect(r.body.data.current).toBe("openai/gpt-4.1");
    expect(r.body.data.data.some((m: { id: string }) => m.id === "openai/gpt-4.1")).toBe(true);
  });
});

describe("POST /config/test-model says which model answered and how", () => {
  it.each(["gemini", "openai", "ollama"] as const)(
    "%s: the model's answer, its time and where it went",
    async (provider) => {
      Object.assign(process.env, fakeProviderEnv(fake.url));
      await configureModel({ model_name: FAKE_MODELS[provider] });
      const r = await runTest();
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, model: FAKE_MODELS[provider] });
      expect(r.body.place).toBe(provider === "ollama" ? "server" : "cloud");
      expect(typeof r.body.latency_ms).toBe("number");
      expect(r.body.message).toMatch(/ answered in \d+\.\d s: "OK"\./u);
      expect(r.body.message).toContain(
        provider === "gemini"
          ? "Sent to Google Gemini."
          : provider === "openai"
            ? "Sent to OpenAI."
            : "It runs on your own Ollama server.",
      );
      expect(r.body.message).not.toContain("successful");
      const reqs = fake.requests();
      expect(reqs).toHaveLength(1);
      expect(reqs[0]).toMatchObject({ provider, task: "test-model" });
    },
  );

  it("a fake cloud model names itself in plain words", async () => {
    Object.assign(process.env, fakeProviderEnv(fake.url));
    await configureModel({ model_name: "gemini/gemini-2.5-flash" });
    const r = await runTest();
    expect(r.body.message).toMatch(/^gemini-2\.5-flash \(Gemini\) answered in \d+\.\d s/u);
  });

  it("a provider error answers in the one error shape", async () => {
    Object.assign(process.env, fakeProviderEnv(fake.url));
    await configureModel({ model_name: FAKE_MODELS.openai });
    fake.script({
      provider: "openai",
      reply: { error: { status: 401, message: "Incorrect API key provided: sk-***" } },
    });
    const r = expectError(await runTest(), 502, "MODEL_FAILED");
    expect(JSON.stringify(r)).toContain("Incorrect API key provided");
  });

  it("a provider without its key is a clear 4xx naming the key, without calling out", async () => {
    await configureModel({ model_name: "openai/gpt-4o-mini" });
    const r = await runTest();
    expectError(r, 424, "MODEL_NOT_CONFIGURED");
    expect(r.body.error.message).toContain("OPENAI_API_KEY");
    expect(r.body.success).toBeUndefined();
    expect(fake.requests()).toHaveLength(0);
  });

  it("the offline analyzer says no model is called, without network", async () => {
    const r = await runTest();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, model: "local/offline", place: "server" });
    expect(r.body.message).toBe(
      "The built-in offline analyzer is in use: no model is called, and your words stay on this server.",
    );
    expect(fake.requests()).toHaveLength(0);
  });
});
