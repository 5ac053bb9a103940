import { MAX_CONTENT_CHARS, MAX_MEDIA_BYTES } from "@/domain/constants";

/**
 * Limits of /api/ai/* that the browser needs as well as the server. This module must not import zod (or
 * anything heavy): client code imports it, and @/contracts/ai (the schemas) re-exports it.
 */

/** Base64 of a 10 MB file is about 13.4 MB; a JSON body with one file may be this large. */
export const MAX_MEDIA_JSON_BYTES = Math.ceil((MAX_MEDIA_BYTES * 4) / 3) + 256 * 1024;
/** Longest text a single analysis, crisis check or support call accepts. */
export const MAX_AI_TEXT_CHARS = MAX_CONTENT_CHARS;
export const MAX_CHAT_MESSAGE_CHARS = 20_000;
export const MAX_CHAT_HISTORY = 200;
export const MAX_CONTEXT_ENTRIES = 50;
