/**
 * Seeds the browser tests' database with the project's seed script (scripts/seed.ts): realistic,
 * deterministic entries with tags, moods, summaries, places and images, written straight into SQLite
 * while the test server runs. The script runs in its own Node process, as `npm run seed` runs it.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { e2eDbFile } from "./e2e";
import { SCRIPT_NODE_ARGS } from "../../scripts/node-args";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface SeedScriptOptions {
  entries: number;
  /** The journal ends at this instant (the tests fix the browser's clock to it). */
  now: Date;
  seed?: number;
  tz?: string;
}

/** Replaces the journal's entries with `entries` seeded ones; returns the script's summary line. */
export function seedJournal(opts: SeedScriptOptions): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set; run the browser tests through playwright.config.ts");
  return execFileSync(
    process.execPath,
    [
      ...SCRIPT_NODE_ARGS,
      path.join(ROOT, "scripts/seed.ts"),
      "--entries",
      String(opts.entries),
      "--db",
      `file:${e2eDbFile()}`,
      "--uploads",
      path.join(dataDir, "uploads"),
      "--now",
      opts.now.toISOString(),
      "--tz",
      opts.tz ?? "America/New_York",
      "--seed",
      String(opts.seed ?? 42),
      "--reset",
    ],
    { cwd: ROOT, encoding: "utf8" },
  ).trim();
}
