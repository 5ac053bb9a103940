"use client";
import { RECORDING_FILENAME } from "@/domain/constants";
import { ApiError } from "./api";
import { call } from "./routes";

/**
 * Calls of the AI tasks (spec section 7). Each takes an optional AbortSignal so a screen can cancel
 * a request that a newer one replaces. Model answers can take a while: the timeout is longer than
 * the default for media.
 */

const MEDIA_TIMEOUT_MS = 120_000;

export const analyzeText = (content: string, signal?: AbortSignal) =>
  call("POST /ai/analyze-text", { body: { content, content_type: "text" }, signal });

export const detectCrisis = (content: string, signal?: AbortSignal) =>
  call("POST /ai/detect-crisis", { body: { content, content_type: "text" }, signal });

export const motivationalSupport = (content: string, signal?: AbortSignal) =>
  call("POST /ai/motivational-support", { body: { content, content_type: "text" }, signal });

export async function analyzeImage(file: Blob, signal?: AbortSignal) {
  const content = await readAsBase64(file, "Failed to read image file");
  return call("POST /ai/analyze-image", {
    body: { content, content_type: "image", mime_type: file.type || undefined },
    signal,
    timeoutMs: MEDIA_TIMEOUT_MS,
  });
}

/** Audio goes as multipart with the field `file`; a recording is named recording.wav. */
export function transcribeAudio(
  file: Blob,
  filename = file instanceof File ? file.name : RECORDING_FILENAME,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append("file", file, filename);
  return call("POST /ai/transcribe-audio", {
    body: form,
    signal,
    timeoutMs: MEDIA_TIMEOUT_MS,
  });
}

export async function analyzePsychologicalImage(file: Blob, contextText: string, signal?: AbortSignal) {
  const image_data = await readAsBase64(file, "Failed to read image file");
  return call("POST /ai/analyze-psychological-image", {
    body: { image_data, context_text: contextText || undefined, mime_type: file.type || undefined },
    signal,
    timeoutMs: MEDIA_TIMEOUT_MS,
  });
}

/** A file's bytes as base64 (without the data: prefix). A read failure becomes `failMessage`. */
export function readAsBase64(file: Blob, failMessage: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new ApiError(failMessage, undefined, "FILE_READ"));
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      const comma = url.indexOf(",");
      if (comma < 0) reject(new ApiError(failMessage, undefined, "FILE_READ"));
      else resolve(url.slice(comma + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** A model capability error (spec section 8): the model cannot take this kind of input. */
export interface CapabilityError {
  feature: string;
  model: string;
  message: string;
  original: string;
}

/** The capability error carried by an API error (422 MODEL_CAPABILITY), or null. */
export function capabilityErrorOf(err: unknown): CapabilityError | null {
  if (!(err instanceof ApiError) || err.code !== "MODEL_CAPABILITY") return null;
  const d = (err.details ?? {}) as {
    feature?: unknown;
    model?: unknown;
    original?: unknown;
    original_message?: unknown;
  };
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const feature = str(d.feature) || (/^(\w+) processing/u.exec(err.message)?.[1] ?? "Media");
  return {
    feature,
    model: str(d.model),
    message: err.message,
    original: str(d.original_message) || str(d.original) || err.message,
  };
}

/** Whether a failure is only a cancelled request (a newer one replaced it). */
export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return !!signal?.aborted || (err instanceof DOMException && err.name === "AbortError");
}
