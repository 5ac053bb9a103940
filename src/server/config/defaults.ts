import "server-only";
import { OFFLINE_MODEL, SPEC_DEFAULT_MODEL } from "@/domain/models";
import { env } from "@/server/env";

export { OFFLINE_MODEL, SPEC_DEFAULT_MODEL };

/**
 * The model used until the person picks one: DEFAULT_AI_MODEL when set; the spec's Gemini model when a
 * Gemini key is present; otherwise the built-in offline analyzer, so a fresh install with no key still works.
 * A model the person picked (config key ai_model) always wins over this default.
 */
export function defaultModelName(): string {
  const e = env();
  if (e.DEFAULT_AI_MODEL) return e.DEFAULT_AI_MODEL;
  if (e.GOOGLE_GENERATIVE_AI_API_KEY || e.GEMINI_API_KEY) return SPEC_DEFAULT_MODEL;
  return OFFLINE_MODEL;
}
