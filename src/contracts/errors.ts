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
  "UNAUTHORIZED",
  "FORBIDDEN",
  "CONFLICT",
  "ENTRY_DELETED",
  "TOO_MANY_ATTEMPTS",
  "SERVER_BUSY",
  "INSUFFICIENT_STORAGE",
  "SETUP_REQUIRED",
  "SEALED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
