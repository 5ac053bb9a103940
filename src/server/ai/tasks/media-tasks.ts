import "server-only";
import { transcribe, type ModelMessage } from "ai";
import {
  AudioTranscriptionSchema,
  ImageAnalysisSchema,
  PsychologicalImageAnalysisSchema,
  type AnalyzeImageResponse,
  type PsychologicalImageResponse,
  type TranscribeAudioResponse,
} from "@/contracts/ai";
import { capabilityMessage, type CapabilityFeature } from "@/domain/models";
import { env } from "@/server/env";
import { HttpError } from "@/server/http/errors";
import { currentModel } from "../current";
import { toModelHttpError } from "../errors";
import type { MediaInput } from "../media";
import { structuredSystem } from "../prompts";
import type { RemoteModel, ResolvedModel } from "../providers";
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

/**
 * Gemini takes the audio as part of the prompt; OpenAI uses its speech-to-text model; Ollama and the
 * offline analyzer answer with the capability error.
 */
export async function transcribeAudio(media: MediaInput, signal?: AbortSignal): Promise<TranscribeAudioResponse> {
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
