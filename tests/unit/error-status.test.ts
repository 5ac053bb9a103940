import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS, errorJson } from "@/contracts/errors";
import { HttpError, errorResponse } from "@/server/http/errors";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.(ts|tsx|mjs)$/u.test(name) ? [full] : [];
  });
}

describe("an error code decides its status", () => {
  it("gives every code one 4xx or 5xx status", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
  });

  it("an HttpError takes its status from its code, and its answer has the one shape", async () => {
    const e = new HttpError("ENTRY_DELETED", "gone", { id: "x" });
    expect(e.status).toBe(410);
    const res = errorResponse(e);
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ error: { message: "gone", code: "ENTRY_DELETED", details: { id: "x" } } });
    expect(errorJson("SEALED", "sealed")).toEqual({ error: { message: "sealed", code: "SEALED" } });
  });

  it("no site builds the error body or pairs a status with a code by hand", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = [...sources(path.join(root, "src")), path.join(root, "scripts/server-guard.mjs")];
    const offenders = files.filter((f) => {
      const text = readFileSync(f, "utf8");
      return (
        /\{\s*error:\s*\{\s*message(?!\s*:\s*string\b)/u.test(text.replace(/\/\*\*[\s\S]*?\*\//gu, "")) &&
        !f.endsWith(path.join("contracts", "errors.ts"))
      );
    });
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
    const paired = files.filter((f) => /new HttpError\(\s*\d/u.test(readFileSync(f, "utf8")));
    expect(paired).toEqual([]);
  });
});
