import "server-only";
import type { ModelInfoDto, ModelsDto, ModelTestResultDto } from "@/contracts/config";
import {
  API_KEY_ENV,
  MODEL_CHOICES,
  OFFLINE_MODEL,
  RECOMMENDED_MODELS,
  isLocalModel,
  modelLabel,
  parseModelName,
  whereWordsGo,
} from "@/domain/models";
import { setConfig } from "@/server/config/service";
import { env } from "@/server/env";
import { HttpError } from "@/server/http/errors";
import { currentModelName } from "./current";
import { runOffline } from "./offline-run";
import { TEST_SYSTEM } from "./prompts";
import { ollamaBaseUrl, resolveModel } from "./providers";
import { generatePlainText } from "./structured";

/** How long the model list waits for Ollama's list of installed models. */
export const OLLAMA_TAGS_TIMEOUT_MS = 1500;

/** Models installed in the configured Ollama (GET /api/tags), or null when it cannot be reached. */
export async function ollamaInstalledModels(): Promise<string[] | null> {
  try {
    const res = await fetch(`${ollamaBaseUrl()}/tags`, { signal: AbortSignal.timeout(OLLAMA_TAGS_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as { models?: { name?: unknown; model?: unknown }[] };
    const names = (body.models ?? [])
      .map((m) => (typeof m.name === "string" ? m.name : typeof m.model === "string" ? m.model : ""))
      .filter(Boolean);
    return [...new Set(names)];
  } catch {
    return null;
  }
}

function keyReason(provider: "gemini" | "openai"): string | undefined {
  const e = env();
  const present = API_KEY_ENV[provider].some((k) => !!e[k as keyof typeof e]);
  return present ? undefined : `Set ${API_KEY_ENV[provider].join(" or ")} in the server environment to use this model.`;
}

function info(id: string, installed: Set<string> | null): ModelInfoDto {
  const p = parseModelName(id);
  const provider = p?.provider ?? "local";
  let reason: string | undefined;
  let isInstalled: boolean | undefined;
  if (!p) reason = "Unknown model prefix.";
  else if (provider === "gemini" || provider === "openai") reason = keyReason(provider);
  else if (provider === "ollama") {
    isInstalled = installed ? installed.has(p.model) : undefined;
    if (installed === null) reason = `Ollama is not reachable at ${ollamaBaseUrl().replace(/\/api$/u, "")}.`;
    else if (!isInstalled) reason = `Not installed in Ollama: run "ollama pull ${p.model}".`;
  }
  return {
    id,
    name: modelLabel(id),
    provider,
    local: isLocalModel(id),
    available: reason === undefined,
    ...(reason ? { reason } : {}),
    ...(isInstalled !== undefined ? { installed: isInstalled } : {}),
    ...((RECOMMENDED_MODELS as readonly string[]).includes(id) ? { recommended: true } : {}),
  };
}

/** Model choices of the spec, the recommended models, the models Ollama reports as installed, and the current one. */
export async function listModels(): Promise<ModelsDto> {
  const [current, installedList] = await Promise.all([currentModelName(), ollamaInstalledModels()]);
  const installed = installedList ? new Set(installedList) : null;
  const ids: string[] = [];
  const add = (id: string) => {
    if (!ids.includes(id)) ids.push(id);
  };
  add(OFFLINE_MODEL);
  for (const id of MODEL_CHOICES.cloud) add(id);
  for (const id of RECOMMENDED_MODELS) add(id);
  for (const id of MODEL_CHOICES.local) add(id);
  for (const name of installedList ?? []) add(`ollama/${name}`);
  add(current);
  return { data: { data: ids.map((id) => info(id, installed)), current } };
}

export interface ConfigureModelResult {
  success: true;
  model_name: string;
  message: string;
  requires_api_key: boolean;
  api_key_present: boolean;
}

/** Stores the model (config ai_model). An API key in the request is never stored: keys live only in the environment. */
export async function configureModel(modelName: string, apiKeySent: boolean): Promise<ConfigureModelResult> {
  const name = modelName.trim();
  const p = parseModelName(name);
  if (!p) {
    throw new HttpError(
      "VALIDATION_FAILED",
      `Unknown model "${name}": use gemini/<model>, openai/<model>, ollama/<model> or ${OFFLINE_MODEL}.`,
      [{ path: "model_name", message: "unknown model prefix" }],
    );
  }
  await setConfig({ ai_model: name });
  const needsKey = p.provider === "gemini" || p.provider === "openai";
  const missing = needsKey ? keyReason(p.provider as "gemini" | "openai") : undefined;
  const parts = [`Model set to ${name}.`];
  if (missing) parts.push(missing);
  if (apiKeySent)
    parts.push("The API key sent with the request was not stored: keys are read only from the server environment.");
  return {
    success: true,
    model_name: name,
    message: parts.join(" "),
    requires_api_key: needsKey,
    api_key_present: needsKey ? !missing : false,
  };
}

/**
 * One real, tiny call to the configured model, reporting which model answered and how: the offline analyzer calls
 * no model; any other model must answer a fixed sentence. A model that cannot be called (no key: 424
 * MODEL_NOT_CONFIGURED) or that fails (502 MODEL_FAILED) answers in the one error shape.
 */
export async function testModel(signal?: AbortSignal): Promise<ModelTestResultDto> {
  const name = await currentModelName();
  const started = performance.now();
  const model = resolveModel(name);
  const where = whereWordsGo(name);
  if (model.kind === "offline") {
    await runOffline("analyzeTextOffline", "Connection test: today was a good day.");
    return {
      success: true,
      model: name,
      place: where.place,
      latency_ms: Math.round(performance.now() - started),
      message: "The built-in offline analyzer is in use: no model is called, and your words stay on this server.",
    };
  }
  const text = await generatePlainText({
    model,
    system: TEST_SYSTEM,
    messages: [{ role: "user", content: "Reply with OK." }],
    signal,
  });
  const ms = Math.round(performance.now() - started);
  const reply = text.trim().slice(0, 80);
  const sent = where.place === "cloud" ? `${where.label}.` : "It runs on your own Ollama server.";
  return {
    success: true,
    model: name,
    place: where.place,
    latency_ms: ms,
    message: `${modelLabel(name)} answered in ${(ms / 1000).toFixed(1)} s${reply ? `: "${reply}"` : ""}. ${sent}`,
  };
}
