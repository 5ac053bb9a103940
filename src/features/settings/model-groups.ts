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
 * Only models usable now are choices; the current model is always offered, even when it is not usable or the
 * server does not list it (its status then says why). Unusable models are summarised by `enableHints`.
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
    if (!m.available && m.id !== current) continue;
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

const PROVIDER_NAMES = { gemini: "Gemini", openai: "OpenAI" } as const;

/**
 * One quiet line per provider whose models cannot be chosen now, saying how to enable them: the key to set for
 * Gemini and OpenAI, starting Ollama when it cannot be reached, or pulling a listed model that is not installed.
 */
export function enableHints(models: ReadonlyArray<ModelInfoDto>): string[] {
  const unusable = models.filter((m) => !m.available);
  const hints: string[] = [];
  for (const provider of ["gemini", "openai"] as const) {
    if (unusable.some((m) => (parseModelName(m.id)?.provider ?? m.provider) === provider))
      hints.push(`Set ${API_KEY_ENV[provider][0]} on the server to use ${PROVIDER_NAMES[provider]}.`);
  }
  const ollama = unusable.filter((m) => (parseModelName(m.id)?.provider ?? m.provider) === "ollama");
  if (ollama.length > 0) {
    const unreachable = ollama.find((m) => m.installed === undefined && m.reason);
    if (unreachable) hints.push(`${unreachable.reason!.trim().replace(/\.$/u, "")}: start it to use local models.`);
    else {
      const names = ollama.map((m) => parseModelName(m.id)?.model ?? m.id);
      hints.push(`To use ${names.join(" or ")}, run "ollama pull <name>" on the Ollama server.`);
    }
  }
  return hints;
}
