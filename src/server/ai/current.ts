import "server-only";
import { getConfigValue } from "@/server/config/service";
import { defaultModelName } from "@/server/config/defaults";
import { requireCloudConsent } from "./consent";
import { resolveModel, type ResolvedModel } from "./providers";

/** The configured model name (config key ai_model), read on every request; the default until one is picked. */
export async function currentModelName(): Promise<string> {
  const stored = (await getConfigValue("ai_model"))?.trim();
  return stored || defaultModelName();
}

/**
 * The configured model, resolved: 424 MODEL_NOT_CONFIGURED when it cannot be used, 428 CONSENT_REQUIRED
 * for a cloud model the person has not allowed. Every task reaches its model through here, so nothing is
 * sent to a cloud provider without consent (the connection test, which sends only a fixed test sentence,
 * resolves the model itself).
 */
export async function currentModel(): Promise<ResolvedModel> {
  const name = await currentModelName();
  const model = resolveModel(name);
  if (model.kind === "remote") await requireCloudConsent(name);
  return model;
}
