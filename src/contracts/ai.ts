import type { UIMessage } from "ai";
import { z } from "zod";
import { GUIDED_FLOWS, type GuideState } from "@/domain/guided-flows";

/** Most answers a guided reflection keeps (the longest asks five questions). */
const MAX_GUIDE_ANSWERS = 8;
import { DayKeySchema, TimeZoneSchema } from "./common";
import type { ErrorBody } from "./errors";
import { isCrisisCountry } from "@/domain/crisis/line-countries";
import {
  MAX_AI_TEXT_CHARS,
  MAX_CHAT_HISTORY,
  MAX_CHAT_MESSAGE_CHARS,
  MAX_CONTEXT_ENTRIES,
  MAX_MEDIA_JSON_BYTES,
} from "./ai-constants";
import type { CrisisSeverity } from "@/domain/crisis/levels";
import { MAX_TAGS, SUMMARY_DEFAULTS } from "@/domain/constants";
import { MemoryProposalSchema } from "./memory";
import { alias, choice, flag, fraction, items, list, modelOutput, mood, plainText, text } from "./model-output";

/**
 * Request and response shapes of /api/ai/* (spec sections 3 and 7), snake_case as the spec names them.
 * Every successful answer carries `success: true` and the `model` that produced it.
 */

// The limits live in a module without zod, so that the browser can use them; they are exported here too.
export { MAX_AI_TEXT_CHARS, MAX_CHAT_HISTORY, MAX_CHAT_MESSAGE_CHARS, MAX_CONTEXT_ENTRIES, MAX_MEDIA_JSON_BYTES };

const requestText = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .max(MAX_AI_TEXT_CHARS, `${what} must be at most ${MAX_AI_TEXT_CHARS} characters`)
    .refine((s) => s.trim().length > 0, `${what} must not be empty`);

const base64 = (what: string) =>
  z
    .string({ message: `${what} is required (base64 or a data: URL)` })
    .min(1, `${what} must not be empty`)
    .max(MAX_MEDIA_JSON_BYTES, `${what} is too large`);

// Ask's shapes live in ./ask; these names stay here for the modules that still import them from this one.
export type { AskRequest, AskResponse, AskSource, EmbeddingProgressDto } from "./ask";

// ---------------------------------------------------------------- requests

export const AnalyzeTextRequestSchema = z.object({
  content: requestText("content"),
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

const dayKey = DayKeySchema;
export const DateRangeSchema = z
  .object({ start: dayKey, end: dayKey })
  .refine((r) => r.start <= r.end, "date_range.start must not be after date_range.end");
export type DateRange = z.infer<typeof DateRangeSchema>;

/** A country of the crisis lines table (ISO 3166-1 alpha-2, any case), upper-cased: whose line a safety reply gives. */
export const CrisisCountrySchema = z
  .string()
  .refine(
    (c) => /^[A-Za-z]{2}$/u.test(c) && isCrisisCountry(c),
    "must be a country code of the crisis lines table, such as GB",
  )
  .transform((c) => c.toUpperCase());

/** A BCP 47 locale such as "en-GB"; one Intl cannot use falls back to the default when dates are written. */
export const AnswerLocaleSchema = z.string().max(64, "locale must be at most 64 characters");

/** generate-insights and growth-insights: optional range (default: the last 30 days) and the person's zone. */
export const InsightsRequestSchema = z
  .object({
    date_range: DateRangeSchema.optional().nullable(),
    tz: TimeZoneSchema.optional(),
  })
  .optional()
  .transform((v) => v ?? {});

/** A guided reflection under way: which one and the answers so far (src/domain/guided.ts). */
export const GuideStateSchema = z.object({
  flow: z.enum(GUIDED_FLOWS, { message: `flow must be one of ${GUIDED_FLOWS.join(", ")}` }),
  answers: z.array(z.string().max(MAX_CHAT_MESSAGE_CHARS)).max(MAX_GUIDE_ANSWERS),
});

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
    if (o.conversation_history === undefined && o.conversationHistory !== undefined)
      o.conversation_history = o.conversationHistory;
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
    tz: TimeZoneSchema.optional(),
    /** The browser's locale: the dates an answer from the journal names are written as the screens write them. */
    locale: AnswerLocaleSchema.optional(),
    /** Starts a guided reflection (offline companion): the message is the reflection's name. */
    guide_start: z.enum(GUIDED_FLOWS, { message: `guide_start must be one of ${GUIDED_FLOWS.join(", ")}` }).optional(),
    /** The guided reflection under way, as the last reply gave it: the message answers its question. */
    guide: GuideStateSchema.optional(),
    /** The country whose crisis line a safety reply gives (ISO 3166-1 alpha-2, a country of the table). */
    country: CrisisCountrySchema.optional(),
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
  content: requestText("content"),
  content_type: z.literal("text").optional(),
});

export const MotivationalSupportRequestSchema = z.object({
  content: requestText("content"),
  content_type: z.literal("text").optional(),
});

// ---------------------------------------------------------------- model outputs (spec section 3)

/*
 * One schema per AI task output: the type (z.output), the shape the model is asked for, the lenient reader of
 * its answer and the README's table of outputs all come from these (see ./model-output.ts).
 */

/** analyze-text: the mood (1 to 10) and what the entry is about. */
export const TextAnalysisSchema = modelOutput({
  mood_score: alias(mood({ missing: "mood_score must be a number from 1 to 10" }), "mood"),
  primary_emotion: alias(text({ max: 60, lower: true, missing: "primary_emotion is missing" }), "emotion"),
  themes: list({ maxItems: 5, maxLen: 60, lower: true }),
  summary: text({ max: 2000, missing: "summary is missing" }),
  suggested_tags: alias(list({ maxItems: 10, maxLen: 50, tags: 5 }), "tags"),
  follow_up_questions: alias(list({ maxItems: 5, maxLen: 300 }), "questions"),
});
export type TextAnalysisDto = z.output<typeof TextAnalysisSchema>;

/** analyze-image: a quick description of a photo. */
export const ImageAnalysisSchema = modelOutput({
  description: text({ max: 3000, missing: "description is missing" }),
  mood_indicators: alias(list({ maxItems: 8, maxLen: 100 }), "moods"),
  suggested_tags: alias(list({ maxItems: 10, maxLen: 50, tags: 5 }), "tags"),
});
export type ImageAnalysisDto = z.output<typeof ImageAnalysisSchema>;

/** transcribe-audio: the words of a recording; confidence is 0 to 1, or null when the model does not report one. */
export const AudioTranscriptionSchema = modelOutput({
  transcription: alias(plainText({ missing: "transcription is missing" }), "text", "transcript"),
  confidence: fraction(),
});
export type AudioTranscriptionDto = z.output<typeof AudioTranscriptionSchema>;

/** analyze-psychological-image: a reflective reading of an image. */
export const PsychologicalImageAnalysisSchema = modelOutput({
  description: text({ max: 3000, missing: "description is missing" }),
  mood_assessment: alias(text({ max: 2000, missing: "mood_assessment is missing" }), "mood"),
  environmental_context: alias(text({ max: 2000, fallback: "" }), "environment"),
  emotional_indicators: list({ maxItems: 10, maxLen: 200 }),
  therapeutic_insights: alias(list({ maxItems: 10, maxLen: 500 }), "insights"),
  psychological_themes: alias(list({ maxItems: 10, maxLen: 100 }), "themes"),
  suggested_tags: alias(list({ maxItems: 10, maxLen: 50, tags: 5 }), "tags"),
  reflection_questions: alias(
    list({ maxItems: 8, maxLen: 300, missing: "reflection_questions is empty" }),
    "questions",
  ),
});
export type PsychologicalImageAnalysisDto = z.output<typeof PsychologicalImageAnalysisSchema>;

/** detect-crisis: the model's judgement, which can only raise the built-in check's severity. */
export const CrisisAssessmentSchema = modelOutput({
  crisis_detected: alias(flag({ missing: "crisis_detected must be true or false" }), "crisis"),
  severity: alias(
    choice(["none", "low", "moderate", "high"], {
      read: (s) => s.replace("medium", "moderate"),
      missing: "severity must be none, low, moderate or high",
      note: '"medium" reads as moderate',
    }),
    "risk_level",
  ),
});
export type CrisisAssessmentDto = z.output<typeof CrisisAssessmentSchema>;

/** motivational-support: words of support and small things to do. */
export const SupportSchema = modelOutput({
  affirmation: text({ max: 1000, missing: "affirmation is missing" }),
  motivational_phrases: alias(list({ maxItems: 6, maxLen: 300, missing: "motivational_phrases is empty" }), "phrases"),
  evening_suggestions: alias(list({ maxItems: 6, maxLen: 300, missing: "evening_suggestions is empty" }), "tonight"),
  tomorrow_suggestions: alias(list({ maxItems: 6, maxLen: 300, missing: "tomorrow_suggestions is empty" }), "tomorrow"),
  gentle_reminder: alias(text({ max: 1000, missing: "gentle_reminder is missing" }), "reminder"),
});
export type SupportDto = z.output<typeof SupportSchema>;

/** summarize-conversation: a journal entry drafted from a chat; the spec's defaults fill what the model left out. */
export const ConversationSummarySchema = modelOutput({
  title: text({ max: 200, fallback: SUMMARY_DEFAULTS.title }),
  content: alias(text({ max: 100_000, missing: "content is missing" }), "entry", "text"),
  mood_score: alias(mood({ fallback: SUMMARY_DEFAULTS.mood_score }), "mood"),
  tags: list({ maxItems: MAX_TAGS * 2, maxLen: 50, tags: MAX_TAGS, fallback: SUMMARY_DEFAULTS.tags }),
});
export type ConversationSummaryDto = z.output<typeof ConversationSummarySchema>;

/** insights (the narrative part): the figures are computed from the stored analyses, the model writes only this. */
export const InsightsSummarySchema = modelOutput({
  summary: alias(text({ max: 3000, missing: "summary is missing" }), "narrative"),
});

export const GROWTH_CATEGORIES = ["emotional", "behavioral", "mindset", "relationship"] as const;
export type GrowthCategory = (typeof GROWTH_CATEGORIES)[number];

/** A growth category from the model's word: "social" is relationship, "behaviour" behavioral, anything else mindset. */
function growthCategory(s: string): GrowthCategory {
  return (
    GROWTH_CATEGORIES.find(
      (c) =>
        s.includes(c) ||
        (c === "relationship" && s.includes("social")) ||
        (c === "behavioral" && s.includes("behaviour")),
    ) ?? "mindset"
  );
}

export const ActionableOutcomeSchema = modelOutput({
  title: text({ max: 200, missing: "title is missing" }),
  description: text({ max: 1000, missing: "description is missing" }),
  timeframe: text({ max: 100, fallback: "This week" }),
  category: choice(GROWTH_CATEGORIES, {
    read: growthCategory,
    fallback: "mindset",
    note: '"social" reads as relationship, "behaviour" as behavioral',
  }),
});
export type ActionableOutcomeDto = z.output<typeof ActionableOutcomeSchema>;

/** growth-insights: actionable outcomes, strengths and growth areas over a range. */
export const GrowthInsightsSchema = modelOutput({
  actionable_outcomes: items(ActionableOutcomeSchema, {
    maxItems: 6,
    missing: "actionable_outcomes needs at least one item with title and description",
  }),
  strengths_identified: alias(list({ maxItems: 8, maxLen: 300 }), "strengths"),
  growth_areas: list({ maxItems: 8, maxLen: 300 }),
  growth_summary: alias(text({ max: 3000, missing: "growth_summary is missing" }), "summary"),
});
export type GrowthInsightsDto = z.output<typeof GrowthInsightsSchema>;

/** One paragraph of a review and the entries (by id) it draws on. */
export const ReviewParagraphSchema = modelOutput({
  text: alias(text({ max: 2000, missing: "text is missing" }), "paragraph"),
  entry_ids: alias(list({ maxItems: 10, maxLen: 80 }), "citations", "sources"),
});

/**
 * write-review: the prose of a week, month or year review, written only from the period's entries, each
 * paragraph citing the entries it draws on; citations of any other entry are dropped by the server.
 */
export const ReviewProseSchema = modelOutput({
  paragraphs: items(ReviewParagraphSchema, {
    maxItems: 8,
    missing: "paragraphs needs at least one item with text",
  }),
  questions: list({ maxItems: 3, maxLen: 300 }),
});
export type ReviewProseDto = z.output<typeof ReviewProseSchema>;

/** The eleven structured tasks and the schema of each one's output (for the README's table and its test). */
export const AI_TASK_OUTPUTS = {
  "analyze-text": TextAnalysisSchema,
  "analyze-image": ImageAnalysisSchema,
  "transcribe-audio": AudioTranscriptionSchema,
  "analyze-psychological-image": PsychologicalImageAnalysisSchema,
  "detect-crisis": CrisisAssessmentSchema,
  "motivational-support": SupportSchema,
  "summarize-conversation": ConversationSummarySchema,
  "insights-summary": InsightsSummarySchema,
  "growth-insights": GrowthInsightsSchema,
  "write-review": ReviewProseSchema,
  "propose-memory": MemoryProposalSchema,
} as const;

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
/**
 * GET /ai/transcription: the transcription server the environment names (TRANSCRIBE_BASE_URL), as far as the
 * browser needs to know it (host name and model; never the key), or the problem with its setting. With neither,
 * the chat model transcribes when it can hear audio (chooseTranscriber in src/domain/models.ts).
 */
export interface TranscriptionSetupDto {
  endpoint: { host: string; model: string } | null;
  problem: string | null;
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
 * The chat's signal to show the support card: why ("self": risk for the person, "self-followup": they
 * did not say they are safe yet, "other": worry for someone else, "replaced": a model's reply was
 * withheld), and the country whose line the reply gave (INTL when unknown).
 */
export interface ChatSupportSignal {
  kind: "self" | "self-followup" | "other" | "replaced";
  country: string;
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
  /** A guided reflection: the state to send with the next message (absent when none is under way). */
  guide?: GuideState;
  /** A guided reflection that ended: the entry it offers to save. */
  guide_summary?: ConversationSummaryDto;
}

/**
 * The streamed chat reply (POST /api/ai/chat with `stream: true` or `Accept: text/event-stream`), one message of
 * the AI SDK's UI message stream, read the same way on both ends:
 * - text parts: the reply, streamed in order;
 * - `data-context`: the journal entries the model was given (as `context` above), when there were any;
 * - `data-support`: the reply is the app's safety reply, show the support card;
 * - `data-replacement`: the streamed text was withheld (it gave methods or means); this text takes its place;
 * - `data-error`: the model failed after the stream had started, in the one error shape (an `error` chunk follows);
 * - metadata `model`: who wrote the reply (on `start`, and again on `finish` when the app's reply replaced it).
 * A reply is complete only when the stream's `finish` chunk arrived.
 */
export type ChatDataParts = {
  context: ChatContextRef[];
  support: ChatSupportSignal;
  replacement: { text: string };
  error: ErrorBody;
  guide: { state: GuideState | null; summary?: ConversationSummaryDto };
};
export interface ChatMetadata {
  model: string;
}
export type ChatUIMessage = UIMessage<ChatMetadata, ChatDataParts>;

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
