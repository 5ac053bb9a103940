import "server-only";
import { transcribe, type ModelMessage } from "ai";
import { z } from "zod";
import type {
  AnalyzeImageResponse,
  AudioTranscriptionDto,
  ImageAnalysisDto,
  PsychologicalImageAnalysisDto,
  PsychologicalImageResponse,
  TranscribeAudioResponse,
} from "@/contracts/ai";
import { normalizeTags } from "@/domain/tags";
import { capabilityMessage, type CapabilityFeature } from "@/domain/models";
import { env } from "@/server/env";
import { HttpError } from "@/server/http/errors";
import { asNumber, asString, asStringList, normalizeKeys, type Normalized } from "../coerce";
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
    throw unsupported(feature, model.name, `The built-in offline analyzer reads text only; it cannot process ${feature.toLowerCase()} input.`);
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
  return [{ role: "user", content: [{ type: "text", text }, { type: "file", data: media.base64, mediaType: media.mediaType }] }];
}

// ---------------------------------------------------------------- quick image analysis

export const ImageAnalysisWireSchema = z.object({
  description: z.string(),
  mood_indicators: z.array(z.string()),
  suggested_tags: z.array(z.string()),
});

export function normalizeImageAnalysis(raw: unknown): Normalized<ImageAnalysisDto> {
  const o = normalizeKeys(raw, ["description", "mood_indicators", "suggested_tags"]);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const description = asString(o.description, 3000);
  if (!description) return { ok: false, issues: ["description is missing"] };
  return {
    ok: true,
    value: {
      description,
      mood_indicators: asStringList(o.mood_indicators ?? o.moods, 8, 100) ?? [],
      suggested_tags: normalizeTags(asStringList(o.suggested_tags ?? o.tags, 10, 50) ?? []).slice(0, 5),
    },
  };
}

export async function analyzeImage(media: MediaInput, signal?: AbortSignal): Promise<AnalyzeImageResponse> {
  const model = requireRemote(await currentModel(), "Image");
  const analysis = await generateStructured({
    model,
    task: "analyze-image",
    feature: "Image",
    system: structuredSystem("analyze-image"),
    messages: mediaMessage("Analyse this photo from my journal.", media),
    wireSchema: ImageAnalysisWireSchema,
    normalize: normalizeImageAnalysis,
    signal,
  });
  return { success: true, analysis, model: model.name };
}

// ---------------------------------------------------------------- psychological image analysis

export const PsychologicalImageWireSchema = z.object({
  description: z.string(),
  mood_assessment: z.string(),
  environmental_context: z.string(),
  emotional_indicators: z.array(z.string()),
  therapeutic_insights: z.array(z.string()),
  psychological_themes: z.array(z.string()),
  suggested_tags: z.array(z.string()),
  reflection_questions: z.array(z.string()),
});

const PSY_KEYS = [
  "description",
  "mood_assessment",
  "environmental_context",
  "emotional_indicators",
  "therapeutic_insights",
  "psychological_themes",
  "suggested_tags",
  "reflection_questions",
] as const;

export function normalizePsychologicalImage(raw: unknown): Normalized<PsychologicalImageAnalysisDto> {
  const o = normalizeKeys(raw, PSY_KEYS);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const description = asString(o.description, 3000);
  const mood_assessment = asString(o.mood_assessment ?? o.mood, 2000);
  const issues: string[] = [];
  if (!description) issues.push("description is missing");
  if (!mood_assessment) issues.push("mood_assessment is missing");
  const reflection_questions = asStringList(o.reflection_questions ?? o.questions, 8, 300) ?? [];
  if (!reflection_questions.length) issues.push("reflection_questions is empty");
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      description: description!,
      mood_assessment: mood_assessment!,
      environmental_context: asString(o.environmental_context ?? o.environment, 2000) ?? "",
      emotional_indicators: asStringList(o.emotional_indicators, 10, 200) ?? [],
      therapeutic_insights: asStringList(o.therapeutic_insights ?? o.insights, 10, 500) ?? [],
      psychological_themes: asStringList(o.psychological_themes ?? o.themes, 10, 100) ?? [],
      suggested_tags: normalizeTags(asStringList(o.suggested_tags ?? o.tags, 10, 50) ?? []).slice(0, 5),
      reflection_questions,
    },
  };
}

export async function analyzePsychologicalImage(media: MediaInput, contextText: string | null | undefined, signal?: AbortSignal): Promise<PsychologicalImageResponse> {
  const model = requireRemote(await currentModel(), "Image");
  const context = contextText?.trim() ? `\nWhat I wrote with it:\n"""\n${contextText.trim()}\n"""` : "";
  const analysis = await generateStructured({
    model,
    task: "analyze-psychological-image",
    feature: "Image",
    system: structuredSystem("analyze-psychological-image"),
    messages: mediaMessage(`Reflect on this image from my journal.${context}`, media),
    wireSchema: PsychologicalImageWireSchema,
    normalize: normalizePsychologicalImage,
    signal,
  });
  return { success: true, analysis, model: model.name };
}

// ---------------------------------------------------------------- audio transcription

export const TranscriptionWireSchema = z.object({ transcription: z.string(), confidence: z.number().min(0).max(1) });

export function normalizeTranscription(raw: unknown): Normalized<AudioTranscriptionDto> {
  const o = normalizeKeys(raw, ["transcription", "confidence"]);
  if (!o) return { ok: false, issues: ["the answer is not a JSON object"] };
  const t = o.transcription ?? o.text ?? o.transcript;
  if (typeof t !== "string") return { ok: false, issues: ["transcription is missing"] };
  let confidence = asNumber(o.confidence) ?? null;
  if (confidence !== null && confidence > 1 && confidence <= 100) confidence /= 100;
  if (confidence !== null) confidence = Math.min(1, Math.max(0, Math.round(confidence * 100) / 100));
  return { ok: true, value: { transcription: t.trim(), confidence } };
}

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
      const r = await transcribe({ model: model.transcription(), audio: media.base64, maxRetries, abortSignal: withTimeout(abortSignal) });
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
    wireSchema: TranscriptionWireSchema,
    normalize: normalizeTranscription,
    signal,
  });
  return { success: true, analysis, model: model.name };
}
