/**
 * Errors as the API answers them. A code decides its status (ERROR_STATUS) and errorJson builds the
 * body, so every answer, from a route, the proxy or the early request check, has the one shape.
 * No "server-only" guard: the proxy and the early request check use it too.
 */
import { z } from "zod";
import { ERROR_STATUS, errorJson, type ErrorCode } from "@/contracts/errors";
import { SealedError } from "@/server/keys/state";
import { WritesPausedError } from "@/server/db/write-gate";

/** An error that knows its code (and so its HTTP status). Anything else thrown in a handler becomes a 500. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "HttpError";
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError("BAD_REQUEST", message, details);
export const notFound = (message: string) => new HttpError("NOT_FOUND", message);
export const tooLarge = (message: string) => new HttpError("PAYLOAD_TOO_LARGE", message);
export const unsupportedMedia = (message: string) => new HttpError("UNSUPPORTED_MEDIA_TYPE", message);

/** Turns zod issues into one readable sentence plus a list for `details`. */
export function validationError(error: z.ZodError, what = "Invalid request"): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  // Messages written as sentences for people (the spec's own texts) are passed on as they are.
  const sentence = first && /^[A-Z]/u.test(first.message);
  const message = !first
    ? what
    : sentence
      ? first.message
      : `${what}: ${first.path ? `${first.path}: ` : ""}${first.message}`;
  return new HttpError("VALIDATION_FAILED", message, issues);
}

/** The answer for an error code: its status, the one body, and the headers given. */
export function errorAnswer(
  code: ErrorCode,
  message: string,
  opts: { details?: unknown; headers?: HeadersInit } = {},
): Response {
  return Response.json(errorJson(code, message, opts.details), { status: ERROR_STATUS[code], headers: opts.headers });
}

export function errorResponse(err: unknown): Response {
  if (err instanceof HttpError) {
    const headers: Record<string, string> = {};
    const retry = (err.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
    if (err.status === 429 && retry) headers["Retry-After"] = String(retry);
    if (err.status === 503) headers["cache-control"] = "no-store";
    return errorAnswer(err.code, err.message, { details: err.details, headers });
  }
  if (err instanceof z.ZodError) {
    const e = validationError(err);
    return errorAnswer(e.code, e.message, { details: e.details });
  }
  if (err instanceof WritesPausedError) {
    // A write that waited while the journal was being restored or re-encrypted: the device sends it again.
    return errorAnswer("SERVER_BUSY", err.message, {
      headers: { "Retry-After": String(err.retryAfterSeconds), "cache-control": "no-store" },
    });
  }
  if (err instanceof SealedError)
    return errorAnswer("SEALED", err.message, { headers: { "cache-control": "no-store" } });
  console.error("[reverie] unexpected error", err);
  return errorAnswer("INTERNAL", "An unexpected error occurred");
}
