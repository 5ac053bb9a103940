/** Every variable goes through the one checked environment, src/server/env.ts. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ENV_KEYS, env } from "@/server/env";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");
const sources = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/u.test(f) && !f.startsWith("generated"))
  .map((f) => ({ rel: `src/${f}`, text: readFileSync(path.join(SRC, f), "utf8") }));

/** The only readers of process.env besides env.ts, each with the reason written beside it. */
const RAW_READERS = ["src/components/layout/connection.tsx", "src/instrumentation.ts"];

describe("the environment", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("only env.ts reads process.env, apart from the files that cannot (browser code, the runtime switch)", () => {
    const readers = sources
      .filter((f) => /process\.env\b/u.test(f.text) && f.rel !== "src/server/env.ts")
      .map((f) => f.rel);
    expect(readers.sort()).toEqual(RAW_READERS);
  });

  it("every variable named in env().X across src is in the schema", () => {
    const known = new Set(ENV_KEYS);
    const used = new Set(
      sources.flatMap((f) => [...f.text.matchAll(/\b(?:env|currentEnv)\(\)\.([A-Z_][A-Z0-9_]*)/gu)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((v) => !known.has(v))).toEqual([]);
  });

  it("every variable of .env.example is in the schema", () => {
    const example = readFileSync(path.join(ROOT, ".env.example"), "utf8");
    const listed = [...example.matchAll(/^#?\s?([A-Z_][A-Z0-9_]+)=/gmu)].map((m) => m[1]);
    // PORT and HOST are read by the start script (scripts/serve.mjs), before the server exists.
    expect(listed.filter((v) => !ENV_KEYS.includes(v) && v !== "PORT" && v !== "HOST")).toEqual([]);
  });

  it("budgets out of range fall back to their owner's default; a number is read as one", () => {
    vi.stubEnv("OFFLINE_AI_BUDGET_MS", "abc");
    vi.stubEnv("IMPORT_PARSE_BUDGET_MS", "-5");
    vi.stubEnv("IMPORT_MIN_FREE_BYTES", "0");
    expect(env().OFFLINE_AI_BUDGET_MS).toBeUndefined();
    expect(env().IMPORT_PARSE_BUDGET_MS).toBeUndefined();
    expect(env().IMPORT_MIN_FREE_BYTES).toBe(0);
    vi.stubEnv("OFFLINE_AI_BUDGET_MS", "2500");
    expect(env().OFFLINE_AI_BUDGET_MS).toBe(2500);
  });
});
