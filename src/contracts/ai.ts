import { z } from "zod";
import { isCrisisCountry } from "@/domain/crisis/lines";
import { MAX_AI_TEXT_CHARS, MAX_CHAT_HISTORY, MAX_CHAT_MESSAGE_CHARS, MAX_CONTEXT_ENTRIES, MAX_MEDIA_JSON_BYTES } from "./ai-constants";
import type { CrisisSeverity } from "@/domain/crisis/levels";
import { isDayKey, isValidTimeZone } from "@/domain/dates";

/**
 * Request and response shapes of /api/ai/* (spec sections 3 and 7), snake_case as the spec names them.
 * Every successful answer carries `success: true` and the `model` that produced it.
 */

// The limits live in a module without zod, so that the browser can use them; they are exported here too.
export { MAX_AI_TEXT_CHARS, MAX_CHAT_HISTORY, MAX_CHAT_MESSAGE_CHARS, MAX_CONTEXT_ENTRIES, MAX_MEDIA_JSON_BYTES };

const text = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .max(MAX_AI_TEXT_CHARS, `${what} must be at most ${MAX_AI_TEXT_CHARS} characters`)
    .refine((s) => s.trim().length > 0, `${what} must not be empty`);

const base64 = (what: string) =>
  z
    .string({ message: `${what} is required (base64 or a data: URL)` })
    .min(1, `${what} must not be empty`)
    .max(MAX_MEDIA_JSON_BYTES, `${what} is too large`);

// ---------------------------------------------------------------- requests

export const AnalyzeTextRequestSchema = z.object({
  content: text("content"),
  content_type: z.literal("text").optional(),
});

export const AnalyzeImageRequestSchema = z.object({
  content: base64("content"),
  content_type: z.literal("image").optional(),
  mime_type: z.string().max(100).optional(),
});

export const TranscribeAudioRequestSchema = z.object({
  content: base64("content"),
  content_type: z.literal("audio").optional(),
  mime_type: z.string().max(100).optional(),
});

export const AnalyzePsychologicalImageRequestSchema = z.object({
  image_data: base64("image_data"),
  context_text: z.string().max(MAX_CHAT_MESSAGE_CHARS).optional().nullable(),
  mime_type: z.string().max(100).optional(),
});

const dayKey = z.string().refine(isDayKey, "must be a date as YYYY-MM-DD");
export const DateRangeSchema = z
  .object({ start: dayKey, end: dayKey })
  .refine((r) => r.start <= r.end, "date_range.start must not be after date_range.end");
export type DateRange = z.infer<typeof DateRangeSchema>;

/** generate-insights and growth-insights: optional range (default: the last 30 days) and the person's zone. */
export const InsightsRequestSchema = z
  .object({
    date_range: DateRangeSchema.optional().nullable(),
    tz: z.string().refine(isValidTimeZone, "must be an IANA time zone such as Europe/Paris").optional(),
  })
  .optional()
  .transform((v) => v ?? {});

export const ChatRoleSchema = z.enum(["user", "assistant"]);
export const ChatTurnSchema = z.object({
  role: ChatRoleSchema,
  content: z.string().max(MAX_CHAT_MESSAGE_CHARS),
});
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

/** A context entry: an entry id, or an entry's text with an optional title and date. */
export const ContextEntrySchema = z.union([
  z.string().min(1).max(100),
  z.object({
    id: z.string().max(100).optional(),
    title: z.string().max(500).optional().nullable(),
    content: z.string().max(MAX_CHAT_MESSAGE_CHARS),
    created_at: z.string().max(40).optional().nullable(),
  }),
]);
export type ContextEntryInput = z.infer<typeof ContextEntrySchema>;

export const ChatRequestSchema = z.preprocess(
  (v) => {
    // The chat screen of the original app sends camelCase names; both spellings are accepted.
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    if (o.context_entries === undefined && o.contextEntries !== undefined) o.context_entries = o.contextEntries;
    if (o.conversation_history === undefined && o.conversationHistory !== undefined) o.conversation_history = o.conversationHistory;
    return o;
  },
  z.object({
    message: z
      .string({ message: "message is required" })
      .max(MAX_CHAT_MESSAGE_CHARS, `message must be at most ${MAX_CHAT_MESSAGE_CHARS} characters`)
      .refine((s) => s.trim().length > 0, "message must not be empty"),
    context_entries: z.array(ContextEntrySchema).max(MAX_CONTEXT_ENTRIES).optional().default([]),
    conversation_history: z.array(ChatTurnSchema).max(MAX_CHAT_HISTORY).optional().default([]),
    stream: z.boolean().optional(),
    /** The person's IANA zone: entry dates in the prompt are their local days. */
    tz: z.string().refine(isValidTimeZone, "must be an IANA time zone such as Europe/Paris").optional(),
    /** The country whose crisis line a safety reply gives (ISO 3166-1 alpha-2, a country of the table). */
    country: z
      .string()
      .refine((c) => /^[A-Za-z]{2}$/u.test(c) && isCrisisCountry(c), "must be a country code of the crisis lines table, such as GB")
      .transform((c) => c.toUpperCase())
      .optional(),
  }),
);
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const SummarizeConversationRequestSchema = z.object({
  conversation: z
    .array(ChatTurnSchema)
    .max(MAX_CHAT_HISTORY)
    .refine((c) => c.some((t) => t.content.trim().length > 0), "conversation must contain at least one message"),
});

export const DetectCrisisRequestSchema = z.object({
  content: text("content"),
  content_type: z.literal("text").optional(),
});

export const MotivationalSupportRequestSchema = z.object({
  content: text("content"),
  content_type: z.literal("text").optional(),
});

// ---------------------------------------------------------------- entities (spec section 3)

/** Text (mood) analysis result. mood_score is 1 to 10. */
export interface TextAnalysisDto {
  mood_score: number;
  primary_emotion: string;
  themes: string[];
  summary: string;
  suggested_tags: string[];
  follow_up_questions: string[];
}

export interface ImageAnalysisDto {
  description: string;
  mood_indicators: string[];
  suggested_tags: string[];
}

/** confidence is 0 to 1, or null when the model does not report one. */
export interface AudioTranscriptionDto {
  transcription: string;
  confidence: number | null;
}

export interface PsychologicalImageAnalysisDto {
  description: string;
  mood_assessment: string;
  environmental_context: string;
  emotional_indicators: string[];
  therapeutic_insights: string[];
  psychological_themes: string[];
  suggested_tags: string[];
  reflection_questions: string[];
}

/**
 * Crisis check result. Severity: none | low | moderate | high (see src/domain/crisis/README.md). The built-in check
 * always runs (`checked_by` has "rules"); "model" is added when the configured model judged too. When the
 * model could not be asked, the answer still stands on the built-in check and `model_error` says why.
 */
export interface CrisisCheckDto {
  success: true;
  crisis_detected: boolean;
  severity: CrisisSeverity;
  model: string;
  checked_by: ("rules" | "model")[];
  model_error?: { code: string; message: string };
}

export interface SupportDto {
  affirmation: string;
  motivational_phrases: string[];
  evening_suggestions: string[];
  tomorrow_suggestions: string[];
  gentle_reminder: string;
}

export interface MoodTrendDto {
  /** local day, YYYY-MM-DD */
  date: string;
  average_mood: number;
  entry_count: number;
}

export interface InsightsDto {
  mood_trends: MoodTrendDto[];
  common_themes: { theme: string; frequency: number }[];
  /** percentage of the entries in the range, to one decimal */
  emotional_patterns: { emotion: string; percentage: number }[];
  summary: string;
}

export const GROWTH_CATEGORIES = ["emotional", "behavioral", "mindset", "relationship"] as const;
export type GrowthCategory = (typeof GROWTH_CATEGORIES)[number];

export interface ActionableOutcomeDto {
  title: string;
  description: string;
  timeframe: string;
  category: GrowthCategory;
}

export interface GrowthInsightsDto {
  actionable_outcomes: ActionableOutcomeDto[];
  strengths_identified: string[];
  growth_areas: string[];
  growth_summary: string;
}

export interface ConversationSummaryDto {
  title: string;
  content: string;
  mood_score: number;
  tags: string[];
}

// ---------------------------------------------------------------- responses

export interface AnalyzeTextResponse {
  success: true;
  analysis: TextAnalysisDto;
  model: string;
}
export interface AnalyzeImageResponse {
  success: true;
  analysis: ImageAnalysisDto;
  model: string;
}
export interface TranscribeAudioResponse {
  success: true;
  analysis: AudioTranscriptionDto;
  model: string;
}
export interface PsychologicalImageResponse {
  success: true;
  analysis: PsychologicalImageAnalysisDto;
  model: string;
}
export interface InsightsResponse {
  success: true;
  insights: InsightsDto;
  date_range: DateRange;
  entry_count: number;
  model: string;
}
export interface GrowthInsightsResponse {
  success: true;
  growth: GrowthInsightsDto;
  date_range: DateRange;
  entry_count: number;
  model: string;
}
/** A journal entry that was given to the model as context for a chat reply. */
export interface ChatContextRef {
  id: string;
  title: string | null;
  created_at: string | null;
}

/**
 * `context` lists the journal entries given to the model (retrieved by relevance, or named in
 * `context_entries`); it is present only when there were any. The reply may cite them as [entry:<id>].
 */
export interface ChatResponse {
  success: true;
  response: string;
  model: string;
  context?: ChatContextRef[];
  /** Present when the reply is the app's own safety reply: the chat then shows the support card. */
  support?: ChatSupportSignal;
}

/**
 * The chat's signal to show the support card: why ("self": risk for the person, "self-followup": they
 * did not say they are safe yet, "other": worry for someone else, "replaced": a model's reply was
 * withheld), and the country whose line the reply gave (INTL when unknown).
 */
export interface ChatSupportSignal {
  kind: "self" | "self-followup" | "other" | "replaced";
  country: string;
}
export interface SummarizeConversationResponse {
  success: true;
  summary: ConversationSummaryDto;
  model: string;
}
export interface MotivationalSupportResponse {
  success: true;
  support: SupportDto;
  model: string;
}

/**
 * Streaming chat (POST /api/ai/chat with `stream: true` or `Accept: text/event-stream`) answers
 * `text/event-stream` with these events, each `data` being JSON:
 * - `token`: { text } — the next piece of the reply, in order;
 * - `done`:  { response, model, context? } — the whole reply, last event on success (context as in ChatResponse);
 * - `error`: { error: { message, code, details? } } — the one error shape, last event on failure.
 */
export type ChatStreamEvent =
  | { event: "token"; data: { text: string } }
  | { event: "done"; data: { response: string; model: string; context?: ChatContextRef[] } }
  | { event: "error"; data: { error: { message: string; code: string; details?: unknown } } };
