import "server-only";
import type { CloudConsentDto } from "@/contracts/config";
import {
  CLOUD_CONSENT_CONFIG_KEY,
  CONSENT_SENDS,
  cloudProviderName,
  isCloudModel,
  parseConsents,
} from "@/domain/companion";
import { parseModelName } from "@/domain/models";
import { getConfigValue, setConfig } from "@/server/config/service";
import { HttpError } from "@/server/http/errors";

/**
 * Consent before a cloud model: nothing of the person's (entries, chats, photos, voice) goes to a cloud
 * provider until they allowed that model. Each model the person allowed is remembered, with the time,
 * in the Config key `ai_cloud_consent`; Settings lists them, each with Revoke. Ollama and the built-in
 * offline companion need no consent: their requests stay with the person's own hosting.
 */

async function stored(): Promise<Record<string, string>> {
  return parseConsents(await getConfigValue(CLOUD_CONSENT_CONFIG_KEY));
}

export async function hasCloudConsent(model: string): Promise<boolean> {
  if (!isCloudModel(model)) return true;
  return Object.hasOwn(await stored(), model.trim());
}

/** The 428 CONSENT_REQUIRED answer: it names the provider and what would be sent, for the consent step. */
export function consentRequired(model: string): HttpError {
  const provider = cloudProviderName(model);
  return new HttpError(
    "CONSENT_REQUIRED",
    `Nothing was sent. Before your words go to ${provider}, allow the model ${model} (one step, remembered for this model; you can revoke it in Settings).`,
    {
      model,
      provider: parseModelName(model)?.provider,
      provider_name: provider,
      sends: [...CONSENT_SENDS],
    },
  );
}

/** Throws 428 CONSENT_REQUIRED for a cloud model the person has not allowed. */
export async function requireCloudConsent(model: string): Promise<void> {
  if (!(await hasCloudConsent(model))) throw consentRequired(model);
}

export async function listCloudConsents(): Promise<CloudConsentDto[]> {
  return Object.entries(await stored())
    .map(([model, granted_at]) => ({ model, provider_name: cloudProviderName(model), granted_at }))
    .sort((a, b) => a.model.localeCompare(b.model));
}

function checkCloud(model: string): string {
  const name = model.trim();
  if (!isCloudModel(name))
    throw new HttpError(
      "VALIDATION_FAILED",
      `Only cloud models (gemini/… or openai/…) need consent; "${name}" keeps your data with your own hosting.`,
      [{ path: "model", message: "not a cloud model" }],
    );
  return name;
}

export async function grantCloudConsent(model: string, now = new Date()): Promise<CloudConsentDto[]> {
  const name = checkCloud(model);
  const all = await stored();
  all[name] ??= now.toISOString();
  await setConfig({ [CLOUD_CONSENT_CONFIG_KEY]: JSON.stringify(all) });
  return listCloudConsents();
}

export async function revokeCloudConsent(model: string): Promise<CloudConsentDto[]> {
  const name = model.trim();
  const all = await stored();
  delete all[name];
  await setConfig({ [CLOUD_CONSENT_CONFIG_KEY]: JSON.stringify(all) });
  return listCloudConsents();
}
