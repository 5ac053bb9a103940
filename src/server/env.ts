import "server-only";
import path from "node:path";
import { z } from "zod";

/**
 * The environment, checked by zod. Read on each call (not frozen at import) so that a change of
 * configuration, or a test that sets its own variables, takes effect without a restart of the module graph.
 */
const EnvSchema = z.object({
  DATABASE_URL: z.string().min(1).default("file:./data/journal.db"),
  UPLOAD_DIR: z.string().min(1).default("./uploads"),
  DEFAULT_AI_MODEL: z.string().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  GEMINI_API_KEY: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OLLAMA_BASE_URL: z.string().url().default("http://localhost:11434"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
});

export type Env = z.infer<typeof EnvSchema>;

const ENV_KEYS = Object.keys(EnvSchema.shape);
let last: { key: string; value: Env } | undefined;

export function env(): Env {
  const raw: Record<string, string | undefined> = {};
  for (const key of ENV_KEYS) {
    const v = process.env[key];
    raw[key] = v === "" ? undefined : v;
  }
  // Parsed again only when a variable changed (this runs on every request).
  const key = JSON.stringify(raw);
  if (last?.key !== key) last = { key, value: EnvSchema.parse(raw) };
  return last.value;
}

/** Absolute path of the SQLite file from DATABASE_URL ("file:./data/journal.db" or a plain path). */
export function databasePath(url = env().DATABASE_URL): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), url.replace(/^file:/u, ""));
}

/** Absolute path of the media folder. */
export function uploadDir(dir = env().UPLOAD_DIR): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), dir);
}
