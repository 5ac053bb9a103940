import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/server/db/client";
import { migrate } from "@/server/db/migrator";

/** Each API test file gets its own SQLite file and upload folder, migrated from prisma/migrations. */
const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-api-"));
process.env.DATABASE_URL = `file:${path.join(dir, "journal.db")}`;
process.env.UPLOAD_DIR = path.join(dir, "uploads");
process.env.TZ = process.env.TZ || "UTC";
for (const k of [
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "GEMINI_API_KEY",
  "OPENAI_API_KEY",
  "DEFAULT_AI_MODEL",
  "GEMINI_BASE_URL",
  "OPENAI_BASE_URL",
  "OLLAMA_BASE_URL",
]) {
  delete process.env[k];
}

beforeAll(() => {
  migrate(path.join(dir, "journal.db"));
});

afterAll(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

export const testDataDir = dir;
