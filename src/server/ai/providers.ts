import "server-only";
import { createGoogle } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { EmbeddingModel, LanguageModel, TranscriptionModel } from "ai";
import { createOllama } from "ollama-ai-provider-v2";
import {
  API_KEY_ENV,
  OFFLINE_MODEL,
  OPENAI_TRANSCRIPTION_MODEL,
  parseModelName,
  readTranscribeSettings,
  type TranscribeEndpoint,
} from "@/domain/models";
import { env } from "@/server/env";
import { HttpError } from "@/server/http/errors";

/**
 * The provider registry: a model name ("gemini/…", "openai/…", "ollama/…", "local/offline") becomes an
 * AI SDK model. Keys and base URLs are read from the environment on every call; a missing key is reported
 * (424 MODEL_NOT_CONFIGURED, naming the variable to set) before any request leaves the server.
 */

export type RemoteProvider = "gemini" | "openai" | "ollama";

export interface OfflineModel {
  kind: "offline";
  name: string;
}

export interface RemoteModel {
  kind: "remote";
  name: string;
  provider: RemoteProvider;
  modelId: string;
  /** Whether the provider honours a JSON response format for this model. */
  jsonMode: boolean;
  language(): LanguageModel;
  /** The same model name read as an embedding model ("openai/text-embedding-3-small", "ollama/nomic-embed-text"). */
  embedding?: () => EmbeddingModel;
  /** A speech-to-text model, for providers that transcribe with a dedicated model (OpenAI). */
  transcription?: () => TranscriptionModel;
}

export type ResolvedModel = OfflineModel | RemoteModel;

/** Default path of each provider's API, appended when a base URL is given as a bare origin. */
const DEFAULT_PATH: Record<RemoteProvider, string> = { gemini: "/v1beta", openai: "/v1", ollama: "/api" };

/**
 * A base URL from the environment: "http://host:port" gets the provider's usual path appended,
 * a URL with a path ("http://host/v1beta", "http://proxy/ollama/api") is used as given.
 */
export function providerBaseUrl(provider: RemoteProvider, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  const path = url.pathname.replace(/\/+$/u, "");
  return `${url.origin}${path || DEFAULT_PATH[provider]}`;
}

export function ollamaBaseUrl(): string {
  return providerBaseUrl("ollama", env().OLLAMA_BASE_URL)!;
}

function missingKey(name: string, provider: "gemini" | "openai"): HttpError {
  const vars = API_KEY_ENV[provider];
  const which = vars.length > 1 ? `${vars[0]} (or ${vars.slice(1).join(", ")})` : vars[0];
  return new HttpError(
    "MODEL_NOT_CONFIGURED",
    `The model ${name} needs an API key: set ${which} in the server environment, or choose a local model in Settings.`,
    { model: name, provider, env: vars },
  );
}

function unknownModel(name: string): HttpError {
  return new HttpError(
    "MODEL_NOT_CONFIGURED",
    `Unknown model "${name}": a model name starts with gemini/, openai/ or ollama/, or is ${OFFLINE_MODEL}. Choose a model in Settings.`,
    { model: name },
  );
}

/** Gemma models on the Gemini API take no JSON response format; they are asked for JSON in the prompt. */
function geminiJsonMode(modelId: string): boolean {
  return !/^(models\/)?gemma-/u.test(modelId);
}

/** Resolves a model name; throws 424 MODEL_NOT_CONFIGURED for an unknown prefix or a missing key. */
export function resolveModel(name: string): ResolvedModel {
  const parsed = parseModelName(name);
  if (!parsed) throw unknownModel(name);
  const e = env();
  switch (parsed.provider) {
    case "local":
      return { kind: "offline", name: OFFLINE_MODEL };
    case "gemini": {
      const apiKey = e.GOOGLE_GENERATIVE_AI_API_KEY || e.GEMINI_API_KEY;
      if (!apiKey) throw missingKey(name, "gemini");
      const google = createGoogle({ apiKey, baseURL: providerBaseUrl("gemini", e.GEMINI_BASE_URL) });
      return {
        kind: "remote",
        name,
        provider: "gemini",
        modelId: parsed.model,
        jsonMode: geminiJsonMode(parsed.model),
        language: () => google(parsed.model),
        embedding: () => google.embeddingModel(parsed.model),
      };
    }
    case "openai": {
      const apiKey = e.OPENAI_API_KEY;
      if (!apiKey) throw missingKey(name, "openai");
      const openai = createOpenAI({ apiKey, baseURL: providerBaseUrl("openai", e.OPENAI_BASE_URL) });
      return {
        kind: "remote",
        name,
        provider: "openai",
        modelId: parsed.model,
        jsonMode: true,
        language: () => openai(parsed.model),
        embedding: () => openai.embeddingModel(parsed.model),
        transcription: () => openai.transcription(OPENAI_TRANSCRIPTION_MODEL),
      };
    }
    case "ollama": {
      const ollama = createOllama({ baseURL: ollamaBaseUrl() });
      return {
        kind: "remote",
        name,
        provider: "ollama",
        modelId: parsed.model,
        jsonMode: true,
        language: () => ollama(parsed.model),
        embedding: () => ollama.textEmbeddingModel(parsed.model),
      };
    }
  }
}

/** The transcription server of the environment (TRANSCRIBE_*), as its settings read. */
export function transcribeSettings() {
  const e = env();
  return readTranscribeSettings({
    baseUrl: e.TRANSCRIBE_BASE_URL,
    model: e.TRANSCRIBE_MODEL,
    apiKey: e.TRANSCRIBE_API_KEY,
  });
}

export interface TranscriptionServer {
  endpoint: TranscribeEndpoint;
  model(): TranscriptionModel;
}

/**
 * The configured transcription server as an AI SDK transcription model (OpenAI's protocol: multipart `file` and
 * `model`, answer `{ text }`), or null when none is set; a setting that cannot be used is 424 MODEL_NOT_CONFIGURED,
 * so no audio goes anywhere else. Only TRANSCRIBE_API_KEY is ever sent to it: with none, no Authorization header
 * at all (the OpenAI provider would otherwise fall back to OPENAI_API_KEY).
 */
export function transcriptionServer(): TranscriptionServer | null {
  const s = transcribeSettings();
  if (s.kind === "none") return null;
  if (s.kind === "invalid") throw new HttpError("MODEL_NOT_CONFIGURED", s.problem, { env: "TRANSCRIBE_BASE_URL" });
  const apiKey = env().TRANSCRIBE_API_KEY?.trim();
  const provider = createOpenAI({
    name: "transcribe",
    baseURL: s.url,
    apiKey: apiKey ?? "",
    fetch: apiKey
      ? undefined
      : (input, init) => {
          const headers = new Headers(init?.headers);
          headers.delete("authorization");
          return fetch(input, { ...init, headers });
        },
  });
  return { endpoint: s.endpoint, model: () => provider.transcription(s.endpoint.model) };
}
