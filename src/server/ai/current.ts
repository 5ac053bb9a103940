import "server-only";
import { getConfigValue } from "@/server/config/service";
import { defaultModelName } from "@/server/config/defaults";
import { resolveModel, type ResolvedModel } from "./providers";

/** The configured model name (config key ai_model), read on every request; the default until one is picked. */
export async function currentModelName(): Promise<string> {
  const stored = (await getConfigValue("ai_model"))?.trim();
  return stored || defaultModelName();
}

/** The configured model, resolved; 424 MODEL_NOT_CONFIGURED when it cannot be used. */
export async function currentModel(): Promise<ResolvedModel> {
  return resolveModel(await currentModelName());
}
