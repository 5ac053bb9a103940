import { describe, expect, it } from "vitest";
import { lockDrift as drift } from "../../scripts/check-lock.mjs";

type Packages = Record<string, Record<string, unknown>>;

const base: Packages = {
  "": { name: "reverie", dependencies: { next: "16.4.6", zod: "^4.6.7" } },
  "node_modules/next": { version: "16.4.6", resolved: "https://r/next-16.4.6.tgz", integrity: "sha512-a" },
  "node_modules/zod": { version: "4.6.7", resolved: "https://r/zod-4.6.7.tgz", integrity: "sha512-b" },
  "node_modules/@next/swc-linux-x64-gnu": { version: "16.4.6", optional: true, os: ["linux"], cpu: ["x64"] },
};

describe("the lockfile drift check", () => {
  it("lets the registry add or drop optional platform builds, nested ones too", () => {
    const after: Packages = {
      ...base,
      "node_modules/@next/swc-darwin-arm64": { version: "16.4.6", optional: true, os: ["darwin"], cpu: ["arm64"] },
      "node_modules/@tailwindcss/oxide-wasm32-wasi/node_modules/tslib": { version: "2.8.1", optional: true, dev: true },
    };
    delete after["node_modules/@next/swc-linux-x64-gnu"];
    const { real, platform } = drift(base, after);
    expect(real).toEqual([]);
    expect(platform).toHaveLength(3);
  });

  it("ignores flags npm recomputes", () => {
    const after = { ...base, "node_modules/zod": { ...base["node_modules/zod"], peer: true, dev: true } };
    expect(drift(base, after).real).toEqual([]);
  });

  it("calls a version, address or integrity change of any entry a real change", () => {
    expect(
      drift(base, { ...base, "node_modules/zod": { ...base["node_modules/zod"], version: "4.7.0" } }).real,
    ).toEqual(["~ node_modules/zod version: 4.6.7 -> 4.7.0"]);
    expect(
      drift(base, { ...base, "node_modules/next": { ...base["node_modules/next"], integrity: "sha512-x" } }).real,
    ).toHaveLength(1);
    const optionalBumped = {
      ...base,
      "node_modules/@next/swc-linux-x64-gnu": { ...base["node_modules/@next/swc-linux-x64-gnu"], version: "16.5.0" },
    };
    expect(drift(base, optionalBumped).real).toHaveLength(1);
  });

  it("calls a new or removed dependency a real change", () => {
    expect(drift(base, { ...base, "node_modules/left-pad": { version: "1.3.0" } }).real).toEqual([
      "+ node_modules/left-pad@1.3.0",
    ]);
    const without = { ...base };
    delete without["node_modules/zod"];
    expect(drift(base, without).real).toEqual(["- node_modules/zod@4.6.7"]);
    expect(drift(base, { ...base, "": { ...base[""], dependencies: { next: "16.4.6" } } }).real).toEqual([
      "the root package's dependencies changed",
    ]);
  });

  it("passes the committed lock against itself as the registry serves it today", async () => {
    const { readFileSync } = await import("node:fs");
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")).packages as Packages;
    expect(drift(lock, lock)).toEqual({ real: [], platform: [] });
  });
});
