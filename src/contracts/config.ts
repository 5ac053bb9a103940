import { z } from "zod";
import { MAX_CONFIG_VALUE_CHARS } from "@/domain/constants";

export const CONFIG_KEY_RE = /^[a-z][a-z0-9_.-]{0,63}$/u;
const key = z.string().regex(CONFIG_KEY_RE, "must be 1-64 lower-case letters, digits, '_', '.', '-', starting with a letter");
const value = z.string().max(MAX_CONFIG_VALUE_CHARS, `must be at most ${MAX_CONFIG_VALUE_CHARS} characters`);

export const ConfigSetSchema = z.object({ key, value });
export const ConfigMapSchema = z.record(key, value).refine((m) => Object.keys(m).length <= 200, "too many keys");
export const ConfigBatchSchema = z.object({ config: ConfigMapSchema });
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

export interface ModelTestResultDto {
  success: boolean;
  message?: string;
  error?: string;
}
