import { z } from "zod";
import { MAX_CONFIG_VALUE_CHARS } from "@/domain/constants";
import { CLOUD_CONSENT_CONFIG_KEY } from "@/domain/companion";
import { isCrisisTallyKey } from "@/domain/crisis/tally";
import { parseModelName } from "@/domain/models";

export const CONFIG_KEY_RE = /^[a-z][a-z0-9_.-]{0,63}$/u;

/** Keys that look like credentials. Keys come from the environment; such settings are never stored or shown. */
const SECRET_KEY_RE = /(api[_-]?key|secret|passw(?:or)?d|(?:^|[_.-])token(?:$|[_.-]))/iu;
export const isSecretConfigKey = (key: string) => SECRET_KEY_RE.test(key);
export const SECRET_KEY_MESSAGE =
  "API keys and other secrets are not stored in settings. Set them as environment variables.";

const key = z
  .string()
  .regex(CONFIG_KEY_RE, "must be 1-64 lower-case letters, digits, '_', '.', '-', starting with a letter");
/** Keys only their own endpoint writes: consent to a cloud model is given through the consent step. */
export const isReservedConfigKey = (k: string) => k === CLOUD_CONSENT_CONFIG_KEY;
export const RESERVED_KEY_MESSAGE =
  "Consent to a cloud model is given or revoked through /api/ai/consent, not as a setting.";
/** The count of crisis support shown is the server's to keep (src/domain/crisis/tally.ts); no request sets it. */
export const TALLY_KEY_MESSAGE = "crisis_referrals.* is counted by the server and cannot be set.";
const storableKey = key
  .refine((k) => !isSecretConfigKey(k), SECRET_KEY_MESSAGE)
  .refine((k) => !isReservedConfigKey(k), RESERVED_KEY_MESSAGE)
  .refine((k) => !isCrisisTallyKey(k), TALLY_KEY_MESSAGE);
const value = z.string().max(MAX_CONFIG_VALUE_CHARS, `must be at most ${MAX_CONFIG_VALUE_CHARS} characters`);
const MAX_KEYS = 200;

/** The model setting holds a model name of a known provider, in that provider's own naming. */
export const MODEL_NAME_MESSAGE =
  "ai_model must be a model name such as gemini/gemini-2.5-flash, openai/gpt-4o-mini, ollama/gemma3n:e4b or local/offline.";
const modelOk = (k: string, v: string) => k !== "ai_model" || parseModelName(v) !== null;

export const ConfigSetSchema = z
  .object({ key: storableKey, value })
  .refine((o) => modelOk(o.key, o.value), { message: MODEL_NAME_MESSAGE, path: ["value"] });
export const ConfigMapSchema = z
  .record(key, value)
  .refine((m) => Object.keys(m).length <= MAX_KEYS, `at most ${MAX_KEYS} keys`)
  .refine((m) => Object.entries(m).every(([k, v]) => modelOk(k, v)), {
    message: MODEL_NAME_MESSAGE,
    path: ["ai_model"],
  });
/** A batch names only keys it may store; an import may carry secret-looking keys, which are dropped. */
export const ConfigBatchSchema = z.object({
  config: z
    .record(storableKey, value)
    .refine((m) => Object.keys(m).length <= MAX_KEYS, `at most ${MAX_KEYS} keys`)
    .refine((m) => Object.entries(m).every(([k, v]) => modelOk(k, v)), {
      message: MODEL_NAME_MESSAGE,
      path: ["ai_model"],
    }),
});
export const ConfigImportSchema = z.object({ config: ConfigMapSchema });

export const ConfigureModelSchema = z.object({
  model_name: z.string().min(1, "model_name is required").max(200),
  api_key: z.string().max(500).optional().nullable(),
});

export type ConfigMap = Record<string, string>;

export interface ConfigDto {
  config: ConfigMap;
}

export interface ModelInfoDto {
  id: string;
  name: string;
  provider: "gemini" | "openai" | "ollama" | "local";
  local: boolean;
  available: boolean;
  /** why a model cannot be used now, e.g. the environment variable to set */
  reason?: string;
  installed?: boolean;
  recommended?: boolean;
}

/** GET /config/models answers `{ data: { data: ModelInfoDto[] } }`, as the spec's client reads `data.data`. */
export interface ModelsDto {
  data: { data: ModelInfoDto[]; current: string };
}

/**
 * POST /config/test-model: which model answered, how long it took and where the test sentence went. A model that
 * cannot be called answers in the error shape; the client turns that into `success: false` with the error.
 */
export interface ModelTestResultDto {
  success: boolean;
  message?: string;
  error?: string;
  /** the error's code, e.g. MODEL_NOT_CONFIGURED when the model's key is missing */
  code?: string;
  model?: string;
  place?: "server" | "cloud";
  latency_ms?: number;
}

/** A cloud model the person allowed (consent before a cloud model). */
export interface CloudConsentDto {
  model: string;
  provider_name: string;
  granted_at: string;
}
export interface CloudConsentsDto {
  consents: CloudConsentDto[];
}
export const CloudConsentRequestSchema = z.object({
  model: z.string().min(1, "model is required").max(200),
});
