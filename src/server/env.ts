import "server-only";
import { z } from "zod";

/**
 * The environment, checked by zod. Read on each call (not frozen at import) so that a change of
 * configuration, or a test that sets its own variables, takes effect without a restart of the module graph.
 */
const EnvSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  LOCAL_DATA_DIR: z.string().min(1).default("./data"),
  MOUNTS_FILE: z.string().min(1).default("/proc/mounts"),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_DELAY_SECONDS: z.union([z.literal("off"), z.coerce.number().positive().max(86_400)]).default(60).catch(60),
  SPACE_ID: z.string().optional(),
  ALLOW_OPEN_JOURNAL: z.string().optional(),
  ISSUE_TRACKER_URL: z.string().url().optional().catch(undefined),
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
