import { grantCloudConsent } from "@/server/ai/consent";

/**
 * The cloud models the API tests use, allowed as the person would in the consent step, so that the tests of
 * each task reach the fake model server (call it after emptying the config). tests/api/ai-consent.test.ts
 * checks the refusal without consent.
 */
export const TEST_CLOUD_MODELS = [
  "gemini/gemini-2.5-flash",
  "gemini/gemini-2.5-flash-lite",
  "gemini/gemma-3n-e4b-it",
  "gemini/gemma-3n-e2b-it",
  "openai/gpt-4o-mini",
  "openai/gpt-4o",
];

export async function grantTestConsents(): Promise<void> {
  for (const m of TEST_CLOUD_MODELS) await grantCloudConsent(m);
}
