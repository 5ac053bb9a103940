import { z } from "zod";
import type { ChatSupportSignal } from "./ai";
import { AnswerLocaleSchema, CrisisCountrySchema } from "./ai";
import { TimeZoneSchema } from "./common";

/**
 * Ask (a question about the journal, answered from its entries) and the recall index behind it: the request and
 * answer of /api/ai/ask and the progress of the entries' vectors (/api/ai/embeddings).
 */

/** GET /api/ai/embeddings: entries with an up-to-date vector of the embedding model set, of all entries. */
export interface EmbeddingProgressDto {
  /** The embedding model set in Settings (config `embedding_model`); null when none is. */
  model: string | null;
  embedded: number;
  total: number;
  /** The background embedding is running. */
  running: boolean;
  /** Why the last run stopped, when it failed (the model unreachable, no consent...). */
  error: string | null;
}

/** POST /api/ai/ask: a question about the journal, answered from its entries. */
export const MAX_ASK_QUESTION_CHARS = 500;
export const AskRequestSchema = z.object({
  question: z
    .string({ message: "question is required" })
    .max(MAX_ASK_QUESTION_CHARS, `question must be at most ${MAX_ASK_QUESTION_CHARS} characters`)
    .refine((s) => s.trim().length > 0, "question must not be empty"),
  /** The person's IANA zone: "last March" and the dates of the answer are in their local days. */
  tz: TimeZoneSchema.optional(),
  /** The browser's locale: the answer writes its dates as the screens do ("3 March" en-GB, "March 3" en-US). */
  locale: AnswerLocaleSchema.optional(),
  /** The country whose crisis line a safety answer gives, as for chat. */
  country: CrisisCountrySchema.optional(),
});
export type AskRequest = z.infer<typeof AskRequestSchema>;

/** An entry an answer is drawn from: only entries that were found, never one the model names by itself. */
export interface AskSource {
  id: string;
  title: string | null;
  /** ISO timestamp (UTC). */
  created_at: string;
  /** A part of the entry near the words of the question. */
  excerpt: string;
}

/**
 * The answer, and the entries it was drawn from (best first). The answer may cite them as [entry:<id>];
 * citations of any other id are removed. `support` is present when the question showed risk: the answer
 * is then the app's safety reply, and there are no sources.
 */
export interface AskResponse {
  answer: string;
  sources: AskSource[];
  model: string;
  support?: ChatSupportSignal;
}
