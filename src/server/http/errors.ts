import "server-only";
import { z } from "zod";
import type { ErrorBody, ErrorCode } from "@/contracts/errors";
import { SealedError } from "@/server/crypto/state";
import { WritesPausedError } from "@/server/db/write-gate";

/** An error that knows its HTTP status and code. Anything else thrown in a handler becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, "BAD_REQUEST", message, details);
export const notFound = (message: string) => new HttpError(404, "NOT_FOUND", message);
export const tooLarge = (message: string) => new HttpError(413, "PAYLOAD_TOO_LARGE", message);
export const unsupportedMedia = (message: string) => new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", message);

/** Turns zod issues into one readable sentence plus a list for `details`. */
export function validationError(error: z.ZodError, what = "Invalid request"): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  // Messages written as sentences for people (the spec's own texts) are passed on as they are.
  const sentence = first && /^[A-Z]/u.test(first.message);
  const message = !first ? what : sentence ? first.message : `${what}: ${first.path ? `${first.path}: ` : ""}${first.message}`;
  return new HttpError(400, "VALIDATION_FAILED", message, issues);
}

export function errorBody(status: number, code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { message, code } : { message, code, details } };
}

export function errorResponse(err: unknown): Response {
  if (err instanceof HttpError) {
    const headers: HeadersInit = {};
    const retry = (err.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
    if (err.status === 429 && retry) headers["Retry-After"] = String(retry);
    return Response.json(errorBody(err.status, err.code, err.message, err.details), { status: err.status, headers });
  }
  if (err instanceof z.ZodError) {
    const e = validationError(err);
    return Response.json(errorBody(e.status, e.code, e.message, e.details), { status: e.status });
  }
  if (err instanceof WritesPausedError) {
    // A write that waited while the journal was being restored or re-encrypted: the device sends it again.
    return Response.json(errorBody(503, "SERVER_BUSY", err.message), { status: 503, headers: { "Retry-After": String(err.retryAfterSeconds), "cache-control": "no-store" } });
  }
  if (err instanceof SealedError) {
    return Response.json(errorBody(503, "SEALED", err.message), { status: 503, headers: { "cache-control": "no-store" } });
  }
  console.error("[reverie] unexpected error", err);
  return Response.json(errorBody(500, "INTERNAL", "An unexpected error occurred"), { status: 500 });
}
