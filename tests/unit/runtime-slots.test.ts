/** Process-wide state goes through the one registry, src/server/runtime.ts, and every slot is listed there. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROCESS_SLOTS, processSlots } from "@/server/runtime";

const SERVER = path.resolve(import.meta.dirname, "../../src/server");
const files = readdirSync(SERVER, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/u.test(f))
  .map((f) => ({
    rel: f,
    code: readFileSync(path.join(SERVER, f), "utf8")
      .replace(/\/\*[\s\S]*?\*\//gu, "")
      .replace(/^\s*\/\/.*$/gmu, ""),
  }));

describe("the process-wide slots", () => {
  it("only runtime.ts reaches globalThis in src/server code", () => {
    expect(files.filter((f) => f.rel !== "runtime.ts" && /\bglobalThis\b/u.test(f.code)).map((f) => f.rel)).toEqual([]);
  });

  it("every slot used is listed, and every listed slot is used", () => {
    const used = new Set(
      files
        .filter((f) => f.rel !== "runtime.ts")
        .flatMap((f) => [...f.code.matchAll(/\b__reverie\w+/gu)].map((m) => m[0])),
    );
    expect([...used].sort()).toEqual(Object.keys(PROCESS_SLOTS).sort());
    expect(used.size).toBe(20);
  });

  it("a slot is the one globalThis property, seen alike by every copy of a module", () => {
    const a = processSlots<{ __reverieDataVersion?: number }>();
    const before = a.__reverieDataVersion;
    a.__reverieDataVersion = 41;
    expect((globalThis as Record<string, unknown>).__reverieDataVersion).toBe(41);
    a.__reverieDataVersion = before;
    // @ts-expect-error a name not listed in PROCESS_SLOTS does not compile
    expect(processSlots<{ __reverieUnlisted?: number }>().__reverieUnlisted).toBeUndefined();
  });
});
