import type { ModelInfoDto } from "@/contracts/config";
import { API_KEY_ENV, isLocalModel, modelLabel, parseModelName } from "@/domain/models";

export type ModelGroupKey = "cloud" | "local" | "offline";

export interface ModelChoice {
  id: string;
  label: string;
  group: ModelGroupKey;
  available: boolean;
  /** what the person reads under the name: whether it is usable now, and why not */
  status: string;
  recommended: boolean;
}

export interface ModelGroupView {
  key: ModelGroupKey;
  label: string;
  choices: ModelChoice[];
}

export const GROUP_LABELS: Record<ModelGroupKey, string> = {
  cloud: "Cloud models (need an API key)",
  local: "Local models (Ollama, on this device)",
  offline: "Built in (no network)",
};

function groupOf(m: Pick<ModelInfoDto, "id" | "provider">): ModelGroupKey {
  if (m.provider === "local") return "offline";
  if (m.provider === "ollama") return "local";
  if (m.provider === "gemini" || m.provider === "openai") return "cloud";
  const p = parseModelName(m.id);
  return p?.provider === "ollama" ? "local" : p?.provider === "local" ? "offline" : "cloud";
}

export function statusText(m: Pick<ModelInfoDto, "available" | "reason">): string {
  if (m.available) return "Ready to use";
  return m.reason?.trim() ? `Not usable now: ${m.reason.trim()}` : "Not usable now";
}

/**
 * The dropdown's groups in a fixed order (cloud, local, built in), keeping the server's order within each.
 * The current model is always offered, even when the server does not list it.
 */
export function groupModels(models: ReadonlyArray<ModelInfoDto>, current: string | undefined): ModelGroupView[] {
  const list = [...models];
  if (current && !list.some((m) => m.id === current)) {
    const p = parseModelName(current);
    list.push({
      id: current,
      name: modelLabel(current),
      provider: p?.provider ?? "gemini",
      local: isLocalModel(current),
      available: false,
      reason: "not in the list of known models",
    });
  }
  const seen = new Set<string>();
  const groups: ModelGroupView[] = (["cloud", "local", "offline"] as const).map((key) => ({
    key,
    label: GROUP_LABELS[key],
    choices: [],
  }));
  for (const m of list) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    const g = groups.find((x) => x.key === groupOf(m))!;
    g.choices.push({
      id: m.id,
      label: m.name?.trim() || modelLabel(m.id),
      group: g.key,
      available: m.available,
      status: statusText(m),
      recommended: !!m.recommended,
    });
  }
  return groups.filter((g) => g.choices.length > 0);
}

/** The environment variable that holds the API key of a cloud model, or null for local models. */
export function apiKeyVariable(model: string | undefined): string | null {
  const p = model ? parseModelName(model) : null;
  if (!p || (p.provider !== "gemini" && p.provider !== "openai")) return null;
  return API_KEY_ENV[p.provider][0];
}
