import { z } from "zod";

/**
 * The environment, checked by zod: every variable the server reads is here, and only env() reads
 * process.env (besides src/instrumentation.ts and browser code, which say why). No "server-only" guard:
 * the proxy, the early request check and the command-line tools read it too; it holds nothing of its own.
 * Read on each call (not frozen at import) so that a change of
 * configuration, or a test that sets its own variables, takes effect without a restart of the module graph.
 */
const EnvSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  LOCAL_DATA_DIR: z.string().min(1).default("./data"),
  MOUNTS_FILE: z.string().min(1).default("/proc/mounts"),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_DELAY_SECONDS: z
    .union([z.literal("off"), z.coerce.number().positive().max(86_400)])
    .default(60)
    .catch(60),
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
  // A transcription server speaking OpenAI's /v1/audio/transcriptions (whisper.cpp server, Speaches), used for
  // recordings whatever the chat model is. Checked by readTranscribeSettings (src/domain/models.ts): a bad value
  // stops transcription with a clear 424, never the whole app.
  TRANSCRIBE_BASE_URL: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  // The passcode lock and the journal's passphrase (src/server/security, src/server/keys).
  APP_PASSWORD: z.string().optional(),
  JOURNAL_PASSPHRASE: z.string().optional(),
  // Who may reach the server and from where (src/server/security/hosts.ts, client.ts, exposure.ts).
  ALLOWED_HOSTS: z.string().optional(),
  SPACE_HOST: z.string().optional(),
  /** Parsed and bounded by src/server/security/client.ts (a bad value means no trusted proxy). */
  TRUSTED_PROXY_HOPS: z.string().optional(),
  REVERIE_BIND_HOST: z.string().optional(),
  /** Set by Next's standalone server, with the HOSTNAME it listens on. */
  __NEXT_PRIVATE_STANDALONE_CONFIG: z.string().optional(),
  HOSTNAME: z.string().optional(),
  // Time and room budgets (unset, or not a number in range: the owner's default applies).
  OFFLINE_AI_BUDGET_MS: z.coerce.number().positive().optional().catch(undefined),
  IMPORT_PARSE_BUDGET_MS: z.coerce.number().positive().optional().catch(undefined),
  IMPORT_MIN_FREE_BYTES: z.coerce.number().nonnegative().optional().catch(undefined),
  // Tests only: the crash tests' kill step (src/server/crypto/convert.ts) and the end-to-end error page.
  REVERIE_CHANGE_KILL_AT: z.string().optional(),
  REVERIE_E2E: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the schema checks. */
export const ENV_KEYS: readonly string[] = Object.keys(EnvSchema.shape);
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
