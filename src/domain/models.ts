/**
 * AI model names and choices (spec sections 5, 8 and 9). A model name is "<provider>/<model>":
 * gemini/… and openai/… are cloud models that need an API key; ollama/… runs on a local Ollama server;
 * local/offline is the built-in offline analyzer (no network, no download).
 */

export type ModelProvider = "gemini" | "openai" | "ollama" | "local";
export const MODEL_PROVIDERS: readonly ModelProvider[] = ["gemini", "openai", "ollama", "local"];

/** The spec's default model (used when a Gemini key is present). */
export const SPEC_DEFAULT_MODEL = "gemini/gemma-3n-e4b-it";
/** The built-in offline analyzer, selectable as a model of its own. */
export const OFFLINE_MODEL = "local/offline";

/** Model choices shown in Settings (spec section 9), plus the offline analyzer. */
export const MODEL_CHOICES = {
  cloud: ["gemini/gemma-3n-e2b-it", "gemini/gemma-3n-e4b-it", "gemini/gemini-2.5-flash-lite"],
  local: ["ollama/gemma3n:e4b", "ollama/gemma3n:e2b"],
  offline: [OFFLINE_MODEL],
} as const;

/** Models recommended when the current one cannot handle images or audio (spec section 8). */
export const RECOMMENDED_MODELS = [
  "gemini/gemini-2.5-flash",
  "gemini/gemini-2.5-flash-lite",
  "openai/gpt-4o",
  "openai/gpt-4o-mini",
] as const;

/** The OpenAI model used for audio transcription when an openai/… model is configured. */
export const OPENAI_TRANSCRIPTION_MODEL = "whisper-1";

/** Environment variables that hold each cloud provider's key, in the order they are read. */
export const API_KEY_ENV: Readonly<Record<"gemini" | "openai", readonly string[]>> = {
  gemini: ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY"],
  openai: ["OPENAI_API_KEY"],
};

export interface ParsedModelName {
  provider: ModelProvider;
  model: string;
}

/**
 * What a model id may look like for each provider. The id ends up in a URL path (Gemini, OpenAI) or a
 * request body (Ollama), so it is held to the provider's own naming: letters, digits, '.', '_', '-'
 * (Gemini optionally after "models/", OpenAI also ':' as in fine-tuned ids, Ollama "namespace/name:tag").
 * No '..', '?', '#', '%', spaces or further slashes, so a name can never carry a path or a query.
 */
const SEGMENT = "[A-Za-z0-9](?:[A-Za-z0-9_-]|\\.(?!\\.))*";
export const MODEL_ID_PATTERNS: Readonly<Record<Exclude<ModelProvider, "local">, RegExp>> = {
  gemini: new RegExp(`^(?:models/)?${SEGMENT}$`, "u"),
  openai: new RegExp(`^${SEGMENT}(?::${SEGMENT})*$`, "u"),
  ollama: new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,2}(?::${SEGMENT})?$`, "u"),
};
export const MAX_MODEL_ID_CHARS = 128;

/** Whether a model id fits its provider's pattern (see MODEL_ID_PATTERNS). */
export function isValidModelId(provider: ModelProvider, model: string): boolean {
  if (provider === "local") return `local/${model}` === OFFLINE_MODEL;
  return model.length <= MAX_MODEL_ID_CHARS && MODEL_ID_PATTERNS[provider].test(model);
}

/**
 * Splits "provider/model" at the first slash; null when the prefix is unknown, the model part is empty
 * or it does not fit the provider's pattern.
 */
export function parseModelName(name: string): ParsedModelName | null {
  const trimmed = name.trim();
  const slash = trimmed.indexOf("/");
  if (slash <= 0) return null;
  const provider = trimmed.slice(0, slash).toLowerCase();
  const model = trimmed.slice(slash + 1).trim();
  if (!model || !(MODEL_PROVIDERS as readonly string[]).includes(provider)) return null;
  if (!isValidModelId(provider as ModelProvider, model)) return null;
  return { provider: provider as ModelProvider, model };
}

/** Local models (ollama/ and the offline analyzer) keep data on the device and need no API key. */
export function isLocalModel(name: string): boolean {
  const p = parseModelName(name);
  return p !== null && (p.provider === "ollama" || p.provider === "local");
}

export function requiresApiKey(name: string): boolean {
  const p = parseModelName(name);
  return p !== null && (p.provider === "gemini" || p.provider === "openai");
}

/** A readable label: "gemma-3n-e4b-it (Gemini)", "Offline analyzer (built in)". */
export function modelLabel(name: string): string {
  if (name === OFFLINE_MODEL) return "Offline analyzer (built in, no network)";
  const p = parseModelName(name);
  if (!p) return name;
  const provider = p.provider === "gemini" ? "Gemini" : p.provider === "openai" ? "OpenAI" : "Ollama";
  return `${p.model} (${provider})`;
}

export type CapabilityFeature = "Image" | "Audio" | "Video";

/** The spec's capability message: "{Feature} processing is not supported by the current model". */
export function capabilityMessage(feature: CapabilityFeature): string {
  return `${feature} processing is not supported by the current model`;
}

/**
 * Whether a provider's error text says the model cannot take this kind of input (spec section 8):
 * image or audio input not enabled, or multimodal / modality unsupported.
 */
export function isCapabilityErrorText(text: string): boolean {
  const t = text.toLowerCase();
  return (
    /\b(image|audio|video|vision)\b[^.]{0,40}\b(input|modality|modalities)\b[^.]{0,40}\bnot (enabled|supported|available)\b/u.test(
      t,
    ) ||
    /\b(multimodal|multi-modal|modality|modalities)\b[^.]{0,40}\b(unsupported|not supported|not enabled)\b/u.test(t) ||
    /\b(unsupported|does not support|doesn't support|not support)\b[^.]{0,40}\b(multimodal|modality|image input|audio input|images|audio|vision)\b/u.test(
      t,
    )
  );
}

export type ReadingKind = "offline" | "local" | "cloud";

/**
 * What produced a reading (a mood, summary or insight), in the quiet words shown beside it: the built-in offline
 * analyzer is a basic reading, not an AI model; Ollama runs on the person's own server; Gemini and OpenAI are cloud
 * models that received the text.
 */
export function readingSource(model: string | null | undefined): { kind: ReadingKind; label: string } {
  const p = model ? parseModelName(model) : null;
  if (!p || p.provider === "local") return { kind: "offline", label: "Basic reading, no AI model" };
  if (p.provider === "ollama") return { kind: "local", label: `Read by ${p.model} on your own Ollama server` };
  const provider = p.provider === "gemini" ? "Gemini" : "OpenAI";
  const company = p.provider === "gemini" ? "Google" : "OpenAI";
  return { kind: "cloud", label: `Read by ${provider} (cloud model): the text was sent to ${company}` };
}

/**
 * The model name kept with an entry's stored reading (`ai_model`): the name in its usual form when it is one
 * ("local/offline" for the built-in analyzer), else null (not known). Old exports and foreign values read as null.
 */
export function readingModelName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const p = parseModelName(value);
  return p ? `${p.provider}/${p.model}` : null;
}

/**
 * What produced an entry's stored reading, for the label beside it: null when it is not known (saved before the
 * source was kept, or imported from an older export), so no label is shown rather than a guess.
 */
export function storedReadingSource(model: string | null | undefined): { kind: ReadingKind; label: string } | null {
  const name = readingModelName(model);
  return name ? readingSource(name) : null;
}

export type WordsPlace = "server" | "cloud";

/**
 * Where the words go when the model reads them, in the short cue shown by the editor and the chat:
 * the offline analyzer and Ollama keep them on this server, Gemini and OpenAI receive them.
 */
export function whereWordsGo(model: string | null | undefined): { place: WordsPlace; label: string } {
  const p = model ? parseModelName(model) : null;
  if (!p || p.provider === "local" || p.provider === "ollama")
    return { place: "server", label: "Stays on this server" };
  return { place: "cloud", label: p.provider === "gemini" ? "Sent to Google Gemini" : "Sent to OpenAI" };
}

/**
 * What the model can take besides text (how media analysis picks the model): Gemini and OpenAI read photos and
 * transcribe audio; Ollama models may read photos but take no audio; the offline analyzer reads text only.
 */
export function modelAbilities(model: string | null | undefined): { images: boolean; audio: boolean } {
  const p = model ? parseModelName(model) : null;
  if (!p || p.provider === "local") return { images: false, audio: false };
  if (p.provider === "ollama") return { images: true, audio: false };
  return { images: true, audio: true };
}

/** The quiet line shown where a recording is offered but the model cannot turn it into text. */
export const TRANSCRIPTION_NEEDS =
  "Audio is kept; transcription needs a speech server (TRANSCRIBE_BASE_URL), Gemini or OpenAI";
/** The quiet line shown on a photo when the model cannot read images. */
export const PHOTO_INSIGHTS_NEED = "Photo insights need a model that reads images, such as Gemini 2.5 Flash or GPT-4o";

/**
 * Home's privacy promise, following the chosen model: the words stay on this server with the offline analyzer and
 * Ollama; with a cloud model they are kept here but what the model reads is sent to its company. While the model
 * is not known yet, only what is always true is said.
 */
export function privacyPromise(model: string | null | undefined): string {
  if (model === undefined) return "Your entries are kept on this server.";
  const where = whereWordsGo(model);
  if (where.place === "server") return "Your words stay on this server.";
  const company = where.label.replace(/^Sent to /u, "");
  return `Your entries are kept on this server; what you write is sent to ${company} for the AI readings.`;
}

// ---------------------------------------------------------------- transcription

/** The speech-to-text model asked of a transcription server when TRANSCRIBE_MODEL is not set. */
export const DEFAULT_TRANSCRIBE_MODEL = "whisper-1";

/** The transcription server's settings as the environment gives them (TRANSCRIBE_*), all optional. */
export interface TranscribeSettings {
  baseUrl?: string;
  model?: string;
  apiKey?: string;
}

/** What the browser may know of a configured transcription server: its host name and the model asked. */
export interface TranscribeEndpoint {
  host: string;
  model: string;
}

/**
 * The transcription server from the environment: none when nothing is set; an endpoint (the base URL with the
 * provider's usual "/v1" appended to a bare origin, and the model) when it is well formed; else the problem in
 * words, naming the variable to fix, so the server refuses to transcribe rather than send audio elsewhere.
 */
export function readTranscribeSettings(
  s: TranscribeSettings,
):
  | { kind: "none" }
  | { kind: "endpoint"; url: string; endpoint: TranscribeEndpoint }
  | { kind: "invalid"; problem: string } {
  const baseUrl = s.baseUrl?.trim();
  const model = s.model?.trim();
  if (!baseUrl) {
    if (model || s.apiKey?.trim())
      return {
        kind: "invalid",
        problem: `${model ? "TRANSCRIBE_MODEL" : "TRANSCRIBE_API_KEY"} is set but TRANSCRIBE_BASE_URL is not: set the address of the transcription server (for example http://localhost:8000).`,
      };
    return { kind: "none" };
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return {
      kind: "invalid",
      problem: "TRANSCRIBE_BASE_URL is not a valid address: use http://host:port or https://host/path.",
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { kind: "invalid", problem: "TRANSCRIBE_BASE_URL must start with http:// or https://." };
  if (url.username || url.password)
    return {
      kind: "invalid",
      problem: "TRANSCRIBE_BASE_URL must not carry a user name or password: put the key in TRANSCRIBE_API_KEY.",
    };
  if (url.search || url.hash)
    return { kind: "invalid", problem: "TRANSCRIBE_BASE_URL must not carry a query or a fragment." };
  if (model !== undefined && model.length > MAX_MODEL_ID_CHARS)
    return { kind: "invalid", problem: `TRANSCRIBE_MODEL is longer than ${MAX_MODEL_ID_CHARS} characters.` };
  const path = url.pathname.replace(/\/+$/u, "");
  return {
    kind: "endpoint",
    url: `${url.origin}${path || "/v1"}`,
    endpoint: { host: url.hostname.replace(/^\[|\]$/gu, ""), model: model || DEFAULT_TRANSCRIBE_MODEL },
  };
}

/** Which transcription the server uses now, in the words shown by the recorder and Settings. */
export type Transcriber =
  | { kind: "endpoint"; host: string; model: string; label: string }
  | { kind: "model"; model: string; label: string }
  | { kind: "none"; label: string; how: string };

/** How to get transcription when none is in use. */
export const TRANSCRIPTION_HOW =
  "Set TRANSCRIBE_BASE_URL to a speech server (whisper.cpp server, Speaches) in the server environment, or choose Gemini or OpenAI in Settings";

/**
 * The transcriber in use for a chat model and the server's transcription setting: a configured transcription
 * server wins whatever the chat model is; otherwise the chat model transcribes when it can hear audio
 * (modelAbilities); otherwise none. A setting the server cannot use is none too (the server refuses it).
 */
export function chooseTranscriber(
  model: string | null | undefined,
  setup: { endpoint: TranscribeEndpoint | null; problem?: string | null },
): Transcriber {
  if (setup.endpoint) {
    const { host, model: m } = setup.endpoint;
    return { kind: "endpoint", host, model: m, label: `Sent to ${host} for transcription (${m})` };
  }
  if (setup.problem) return { kind: "none", label: "Transcription server not usable", how: setup.problem };
  const p = model ? parseModelName(model) : null;
  if (p && modelAbilities(model).audio) {
    const company = p.provider === "gemini" ? "Google Gemini" : "OpenAI";
    const which = p.provider === "openai" ? OPENAI_TRANSCRIPTION_MODEL : p.model;
    return {
      kind: "model",
      model: `${p.provider}/${p.model}`,
      label: `Sent to ${company} for transcription (${which})`,
    };
  }
  return { kind: "none", label: "No transcription: recordings are kept as audio", how: TRANSCRIPTION_HOW };
}
