import { beforeEach, describe, expect, it } from "vitest";
import * as config from "@/app/api/config/route";
import * as batch from "@/app/api/config/batch/route";
import * as reset from "@/app/api/config/reset/route";
import * as exporter from "@/app/api/config/export/route";
import * as importer from "@/app/api/config/import/route";
import { MAX_CONFIG_VALUE_CHARS, MAX_JSON_BODY_BYTES } from "@/domain/constants";
import { db } from "@/server/db/client";
import { call, expectError } from "../support/http";

const DEFAULTS = { ai_model: "local/offline", personal_info: "", cultural_context: "", chat_use_journal: "true" };
const JSON_HEADERS = { "content-type": "application/json" };

const getConfig = async () => {
  const r = await call(config.GET, { path: "/api/config" });
  expect(r.status).toBe(200);
  return r.body.config as Record<string, string>;
};
const put = (body: unknown) => call(config.PUT, { method: "PUT", path: "/api/config", body });
const stored = async () => Object.fromEntries((await (await db()).config.findMany()).map((r) => [r.key, r.value]));

beforeEach(async () => {
  await (await db()).config.deleteMany({});
});

describe("GET /api/config", () => {
  it("answers the defaults on a fresh install (offline model without a key)", async () => {
    expect(await getConfig()).toEqual(DEFAULTS);
  });

  it("stored values override defaults and extra keys are kept", async () => {
    await put({ key: "personal_info", value: "I live in Porto." });
    await put({ key: "theme_accent", value: "teal" });
    expect(await getConfig()).toEqual({ ...DEFAULTS, personal_info: "I live in Porto.", theme_accent: "teal" });
  });

  it("never shows a secret-looking key, even one stored by other means", async () => {
    const prisma = await db();
    await prisma.config.create({ data: { key: "openai_api_key", value: "sk-very-secret", updatedAt: new Date() } });
    const r = await call(config.GET, { path: "/api/config" });
    expect(JSON.stringify(r.body)).not.toContain("sk-very-secret");
    expect(r.body.config).toEqual(DEFAULTS);
  });

  it("ignores a body or query it does not need", async () => {
    const r = await call(config.GET, { path: "/api/config?key=x&x=1" });
    expect(r.status).toBe(200);
    expect(r.body.config).toEqual(DEFAULTS);
  });
});

describe("PUT /api/config", () => {
  it("stores one key, exactly as given", async () => {
    const value = 'Grew up in Kraków 🇵🇱\nvegetarian, "early riser"\t';
    const r = await put({ key: "personal_info", value });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, key: "personal_info" });
    expect((await getConfig()).personal_info).toBe(value);
    await put({ key: "personal_info", value: "changed" });
    expect(await stored()).toEqual({ personal_info: "changed" });
  });

  it("stores an empty value and a value of the maximum length", async () => {
    expect((await put({ key: "cultural_context", value: "" })).status).toBe(200);
    expect((await put({ key: "personal_info", value: "x".repeat(MAX_CONFIG_VALUE_CHARS) })).status).toBe(200);
    expect((await getConfig()).personal_info).toHaveLength(MAX_CONFIG_VALUE_CHARS);
  });

  it("refuses malformed JSON, wrong types and missing fields", async () => {
    expectError(
      await call(config.PUT, { method: "PUT", path: "/api/config", rawBody: '{"key":', headers: JSON_HEADERS }),
      400,
      "INVALID_JSON",
    );
    for (const body of [
      {},
      { key: "personal_info" },
      { value: "x" },
      { key: "personal_info", value: 5 },
      { key: "personal_info", value: null },
      { key: 1, value: "x" },
      [],
      "x",
    ]) {
      expectError(await put(body), 400, "VALIDATION_FAILED");
    }
    expect(await stored()).toEqual({});
  });

  it("refuses bad keys and over-long values", async () => {
    for (const key of ["", "Personal_Info", "personal info", "1st", "_private", "__proto__", "a".repeat(65), "ключ"]) {
      expectError(await put({ key, value: "x" }), 400, "VALIDATION_FAILED");
    }
    expectError(
      await put({ key: "personal_info", value: "x".repeat(MAX_CONFIG_VALUE_CHARS + 1) }),
      400,
      "VALIDATION_FAILED",
    );
    expect(await stored()).toEqual({});
  });

  it("refuses to store secrets: keys come from the environment", async () => {
    for (const key of ["openai_api_key", "gemini-apikey", "client_secret", "db_password", "github_token"]) {
      const err = expectError(await put({ key, value: "s3cr3t" }), 400, "VALIDATION_FAILED");
      expect(err.message).toMatch(/environment variables/u);
    }
    expect((await put({ key: "max_tokens", value: "512" })).status).toBe(200);
    expect(await stored()).toEqual({ max_tokens: "512" });
  });

  it("refuses another content type (415) and a huge body (413)", async () => {
    expectError(
      await call(config.PUT, {
        method: "PUT",
        path: "/api/config",
        rawBody: "key=a&value=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const big = JSON.stringify({ key: "personal_info", value: "x".repeat(MAX_JSON_BODY_BYTES) });
    expectError(
      await call(config.PUT, { method: "PUT", path: "/api/config", rawBody: big, headers: JSON_HEADERS }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expect(await stored()).toEqual({});
  });
});

describe("PUT /api/config/batch", () => {
  const putBatch = (body: unknown) => call(batch.PUT, { method: "PUT", path: "/api/config/batch", body });

  it("stores several keys at once", async () => {
    const r = await putBatch({ config: { personal_info: "a", cultural_context: "b", ai_model: "ollama/gemma3n:e4b" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, updated: 3 });
    expect(await getConfig()).toEqual({
      ...DEFAULTS,
      personal_info: "a",
      cultural_context: "b",
      ai_model: "ollama/gemma3n:e4b",
    });
  });

  it("accepts an empty map", async () => {
    const r = await putBatch({ config: {} });
    expect(r.body).toEqual({ success: true, updated: 0 });
  });

  it("refuses bad shapes, bad keys, bad values and secrets, storing nothing", async () => {
    for (const body of [
      {},
      { config: [] },
      { config: "personal_info=a" },
      { config: null },
      { config: { personal_info: 1 } },
      { config: { personal_info: "ok", "Bad Key": "x" } },
      { config: { personal_info: "ok", cultural_context: "x".repeat(MAX_CONFIG_VALUE_CHARS + 1) } },
      { config: { personal_info: "ok", openai_api_key: "sk-1" } },
      { config: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, "v"])) },
    ]) {
      expectError(await putBatch(body), 400, "VALIDATION_FAILED");
    }
    expectError(
      await call(batch.PUT, { method: "PUT", path: "/api/config/batch", rawBody: "{", headers: JSON_HEADERS }),
      400,
      "INVALID_JSON",
    );
    expectError(
      await call(batch.PUT, {
        method: "PUT",
        path: "/api/config/batch",
        rawBody: "{}",
        headers: { "content-type": "text/plain" },
      }),
      415,
    );
    expect(await stored()).toEqual({});
  });
});

describe("POST /api/config/reset", () => {
  it("removes every stored key and answers the defaults", async () => {
    await put({ key: "personal_info", value: "x" });
    await put({ key: "ai_model", value: "openai/gpt-4o" });
    const r = await call(reset.POST, { method: "POST", path: "/api/config/reset" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, config: DEFAULTS });
    expect(await stored()).toEqual({});
  });

  it("is harmless when nothing is stored and ignores any body", async () => {
    expect((await call(reset.POST, { method: "POST", path: "/api/config/reset" })).body.config).toEqual(DEFAULTS);
    const r = await call(reset.POST, {
      method: "POST",
      path: "/api/config/reset",
      rawBody: "garbage",
      headers: { "content-type": "text/plain" },
    });
    expect(r.status).toBe(200);
  });
});

describe("GET /api/config/export and POST /api/config/import", () => {
  const doImport = (body: unknown) => call(importer.POST, { method: "POST", path: "/api/config/import", body });

  it("exports the settings without secret-looking keys", async () => {
    await put({ key: "personal_info", value: "mine" });
    const prisma = await db();
    for (const key of ["openai_api_key", "gemini.token", "smtp_password", "client_secret"]) {
      await prisma.config.create({ data: { key, value: `value-of-${key}`, updatedAt: new Date() } });
    }
    const r = await call(exporter.GET, { path: "/api/config/export" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ config: { ...DEFAULTS, personal_info: "mine" } });
    expect(JSON.stringify(r.body)).not.toMatch(/value-of-/u);
  });

  it("round-trips: export, reset, import gives the same settings", async () => {
    await call(batch.PUT, {
      method: "PUT",
      path: "/api/config/batch",
      body: { config: { personal_info: "p", cultural_context: "c", ai_model: "gemini/gemini-2.5-flash" } },
    });
    const exported = (await call(exporter.GET, { path: "/api/config/export" })).body.config;
    await call(reset.POST, { method: "POST", path: "/api/config/reset" });
    expect(await getConfig()).toEqual(DEFAULTS);
    const r = await doImport({ config: exported });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, imported: Object.keys(exported).length });
    expect(await getConfig()).toEqual(exported);
  });

  it("drops secret-looking keys from an import", async () => {
    const r = await doImport({ config: { personal_info: "x", openai_api_key: "sk-1", access_token: "t" } });
    expect(r.body).toEqual({ success: true, imported: 1 });
    expect(await stored()).toEqual({ personal_info: "x" });
  });

  it("refuses bad imports and stores nothing", async () => {
    for (const body of [
      {},
      { settings: { personal_info: "x" } },
      { config: ["personal_info"] },
      { config: { personal_info: 1 } },
      { config: { UPPER: "x" } },
    ]) {
      expectError(await doImport(body), 400, "VALIDATION_FAILED");
    }
    expectError(
      await call(importer.POST, {
        method: "POST",
        path: "/api/config/import",
        rawBody: "not json",
        headers: JSON_HEADERS,
      }),
      400,
      "INVALID_JSON",
    );
    expectError(
      await call(importer.POST, {
        method: "POST",
        path: "/api/config/import",
        rawBody: "{}",
        headers: { "content-type": "text/csv" },
      }),
      415,
    );
    const big = JSON.stringify({ config: { personal_info: "x".repeat(MAX_JSON_BODY_BYTES) } });
    expectError(
      await call(importer.POST, { method: "POST", path: "/api/config/import", rawBody: big, headers: JSON_HEADERS }),
      413,
    );
    expect(await stored()).toEqual({});
  });
});
