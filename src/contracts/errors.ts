import { z } from "zod";

/** Every API error has this one shape. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "INVALID_JSON",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "MISDIRECTED_REQUEST",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RANGE_NOT_SATISFIABLE",
  "MODEL_CAPABILITY",
  "MODEL_NOT_CONFIGURED",
  "MODEL_FAILED",
  "MODEL_BAD_OUTPUT",
  "CONSENT_REQUIRED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "CONFLICT",
  "ENTRY_DELETED",
  "CHECKIN_DELETED",
  "TOO_MANY_ATTEMPTS",
  "SERVER_BUSY",
  "INSUFFICIENT_STORAGE",
  "SETUP_REQUIRED",
  "SEALED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status of each code: the code decides it, so no site pairs the two by hand. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  ENTRY_DELETED: 410,
  CHECKIN_DELETED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  MISDIRECTED_REQUEST: 421,
  MODEL_CAPABILITY: 422,
  MODEL_NOT_CONFIGURED: 424,
  CONSENT_REQUIRED: 428,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
  MODEL_FAILED: 502,
  MODEL_BAD_OUTPUT: 502,
  SERVER_BUSY: 503,
  SETUP_REQUIRED: 503,
  SEALED: 503,
  INSUFFICIENT_STORAGE: 507,
};

export const ErrorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The one error body: `{ error: { message, code, details? } }`. Every error answer of the server is built here. */
export function errorJson(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { message, code } : { message, code, details } };
}
