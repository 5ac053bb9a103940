import "server-only";
import { transcribe, type ModelMessage } from "ai";
import {
  AudioTranscriptionSchema,
  ImageAnalysisSchema,
  PsychologicalImageAnalysisSchema,
  type AnalyzeImageResponse,
  type PsychologicalImageResponse,
  type TranscribeAudioResponse,
  type TranscriptionSetupDto,
} from "@/contracts/ai";
import { capabilityMessage, type CapabilityFeature } from "@/domain/models";
import { env } from "@/server/env";
import { HttpError } from "@/server/http/errors";
import { currentModel } from "../current";
import { toModelHttpError } from "../errors";
import type { MediaInput } from "../media";
import { structuredSystem } from "../prompts";
import {
  transcribeSettings,
  transcriptionServer,
  type RemoteModel,
  type ResolvedModel,
  type TranscriptionServer,
} from "../providers";
import { callSettings, generateStructured } from "../structured";

/** 422 MODEL_CAPABILITY before any request is sent, for models known not to take this input. */
function unsupported(feature: CapabilityFeature, model: string, reason: string): HttpError {
  return new HttpError("MODEL_CAPABILITY", capabilityMessage(feature), { feature, model, original_message: reason });
}

function requireRemote(model: ResolvedModel, feature: CapabilityFeature): RemoteModel {
  if (model.kind === "offline") {
    throw unsupported(
      feature,
      model.name,
      `The built-in offline analyzer reads text only; it cannot process ${feature.toLowerCase()} input.`,
    );
  }
  return model;
}

/** The request's signal combined with the model time limit (transcribe takes no timeout of its own). */
function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const limit = AbortSignal.timeout(env().AI_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, limit]) : limit;
}

function mediaMessage(text: string, media: MediaInput): ModelMessage[] {
  // Base64 text for every provider: the Ollama provider cannot take binary data.
  return [
    {
      role: "user",
      content: [
        { type: "text", text },
        { type: "file", data: media.base64, mediaType: media.mediaType },
      ],
    },
  ];
}

// ---------------------------------------------------------------- quick image analysis

export async function analyzeImage(media: MediaInput, signal?: AbortSignal): Promise<AnalyzeImageResponse> {
  const model = requireRemote(await currentModel(), "Image");
  const analysis = await generateStructured({
    model,
    task: "analyze-image",
    feature: "Image",
    system: structuredSystem("analyze-image"),
    messages: mediaMessage("Analyse this photo from my journal.", media),
    schema: ImageAnalysisSchema,
    signal,
  });
  return { success: true, analysis, model: model.name };
}

// ---------------------------------------------------------------- psychological image analysis

export async function analyzePsychologicalImage(
  media: MediaInput,
  contextText: string | null | undefined,
  signal?: AbortSignal,
): Promise<PsychologicalImageResponse> {
  const model = requireRemote(await currentModel(), "Image");
  const context = contextText?.trim() ? `\nWhat I wrote with it:\n"""\n${contextText.trim()}\n"""` : "";
  const analysis = await generateStructured({
    model,
    task: "analyze-psychological-image",
    feature: "Image",
    system: structuredSystem("analyze-psychological-image"),
    messages: mediaMessage(`Reflect on this image from my journal.${context}`, media),
    schema: PsychologicalImageAnalysisSchema,
    signal,
  });
  return { success: true, analysis, model: model.name };
}

// ---------------------------------------------------------------- audio transcription

/** What the browser is told of the transcription server (GET /ai/transcription): host and model, never the key. */
export function transcriptionSetup(): TranscriptionSetupDto {
  const s = transcribeSettings();
  if (s.kind === "endpoint") return { endpoint: s.endpoint, problem: null };
  return { endpoint: null, problem: s.kind === "invalid" ? s.problem : null };
}

/** The label of a transcription server's answers: "whisper-1 at whisper.lan". */
const serverLabel = (server: TranscriptionServer) => `${server.endpoint.model} at ${server.endpoint.host}`;

/**
 * A configured transcription server (TRANSCRIBE_BASE_URL) hears every recording, whatever the chat model is.
 * Its failures are 502 MODEL_FAILED naming it (an unreachable server, an error status, an answer without text).
 */
async function transcribeWithServer(
  server: TranscriptionServer,
  media: MediaInput,
  signal?: AbortSignal,
): Promise<TranscribeAudioResponse> {
  const label = serverLabel(server);
  try {
    const { maxRetries, abortSignal } = callSettings(signal);
    const r = await transcribe({
      model: server.model(),
      audio: media.base64,
      // The plain answer ({ text }) every OpenAI-compatible server gives; no timestamps asked for.
      providerOptions: { openai: { responseFormat: "json" } },
      maxRetries,
      abortSignal: withTimeout(abortSignal),
    });
    return { success: true, analysis: { transcription: r.text.trim(), confidence: null }, model: label };
  } catch (err) {
    const e = toModelHttpError(err, { model: label });
    if (e.code !== "MODEL_FAILED") throw e;
    throw new HttpError(
      "MODEL_FAILED",
      `The transcription server (${label}) failed: ${String((e.details as { original_message?: string })?.original_message ?? e.message)}. The recording is kept; check TRANSCRIBE_BASE_URL and that the server is running.`,
      e.details,
    );
  }
}

/**
 * Gemini takes the audio as part of the prompt; OpenAI uses its speech-to-text model; Ollama and the
 * offline analyzer answer with the capability error.
 */
export async function transcribeAudio(media: MediaInput, signal?: AbortSignal): Promise<TranscribeAudioResponse> {
  const server = transcriptionServer();
  if (server) return transcribeWithServer(server, media, signal);
  const model = requireRemote(await currentModel(), "Audio");
  if (model.provider === "ollama") {
    throw unsupported("Audio", model.name, "Ollama models do not accept audio input.");
  }
  if (model.provider === "openai" && model.transcription) {
    try {
      const { maxRetries, abortSignal } = callSettings(signal);
      const r = await transcribe({
        model: model.transcription(),
        audio: media.base64,
        maxRetries,
        abortSignal: withTimeout(abortSignal),
      });
      return { success: true, analysis: { transcription: r.text.trim(), confidence: null }, model: model.name };
    } catch (err) {
      throw toModelHttpError(err, { model: model.name, feature: "Audio" });
    }
  }
  const analysis = await generateStructured({
    model,
    task: "transcribe-audio",
    feature: "Audio",
    system: structuredSystem("transcribe-audio"),
    messages: mediaMessage("Transcribe this recording.", media),
    schema: AudioTranscriptionSchema,
    signal,
  });
  return { success: true, analysis, model: model.name };
}
