import { z } from "zod";
import {
  MAX_CONTENT_CHARS,
  MAX_LOCATION_CHARS,
  MAX_SUMMARY_CHARS,
  MAX_TAGS,
  MAX_TAG_LENGTH,
  MAX_TITLE_CHARS,
} from "@/domain/constants";
import { ClientIdSchema, DateParamSchema, IsoInstantSchema, TimeZoneSchema } from "./common";
import { MAX_MODEL_ID_CHARS, parseModelName } from "@/domain/models";
import { MOOD_MAX, MOOD_MIN } from "@/domain/mood";
import { MAX_SEARCH_LENGTH } from "@/domain/search";
import { normalizeTags } from "@/domain/tags";

/** A list of themes, accepted as an array or as the spec's JSON-encoded list; stored JSON-encoded. */
const AiThemesSchema = z
  .union([z.array(z.string().max(200)).max(50), z.string().max(20_000)])
  .nullable()
  .transform((v, ctx) => {
    if (v === null) return null;
    if (Array.isArray(v)) return JSON.stringify(v);
    if (v.trim() === "") return null;
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed) && parsed.every((t) => typeof t === "string")) return JSON.stringify(parsed);
    } catch {
      /* fall through */
    }
    ctx.addIssue({ code: "custom", message: "must be a list of strings or its JSON encoding" });
    return z.NEVER;
  });

/** The reflection questions offered with a reading: a list (or its JSON encoding), stored JSON-encoded. */
const AiQuestionsSchema = z
  .union([z.array(z.string().max(300)).max(10), z.string().max(5_000)])
  .nullable()
  .transform((v, ctx) => {
    if (v === null) return null;
    if (Array.isArray(v)) return JSON.stringify(v);
    if (v.trim() === "") return null;
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed) && parsed.length <= 10 && parsed.every((t) => typeof t === "string" && t.length <= 300))
        return JSON.stringify(parsed);
    } catch {
      /* fall through */
    }
    ctx.addIssue({ code: "custom", message: "must be a list of up to 10 questions or its JSON encoding" });
    return z.NEVER;
  });

export const TagNameSchema = z.string().max(MAX_TAG_LENGTH * 4, "tag is too long");

/** Save payload (spec section 3). Unknown fields are ignored; `id` is accepted on update. */
export const EntryInputSchema = z.object({
  id: z.string().optional(),
  title: z.string().max(MAX_TITLE_CHARS, `title must be at most ${MAX_TITLE_CHARS} characters`).nullish(),
  content: z
    .string({ message: "content is required" })
    .max(MAX_CONTENT_CHARS, `content must be at most ${MAX_CONTENT_CHARS} characters`)
    .refine((s) => s.trim().length > 0, "Please add some content to your entry"),
  mood: z.string().max(100).nullish(),
  tags: z
    .array(TagNameSchema)
    .max(MAX_TAGS * 5, `An entry can have at most ${MAX_TAGS} tags`)
    .transform(normalizeTags)
    .refine((t) => t.length <= MAX_TAGS, `An entry can have at most ${MAX_TAGS} tags`)
    .optional(),
  created_at: IsoInstantSchema.optional(),
  ai_summary: z.string().max(MAX_SUMMARY_CHARS).nullish(),
  ai_mood_score: z.number().min(MOOD_MIN).max(MOOD_MAX).nullish(),
  ai_themes: AiThemesSchema.optional(),
  /** The reflection questions offered with the reading (answered ones are quoted in the content). */
  ai_questions: AiQuestionsSchema.optional(),
  /**
   * What produced the reading (ai_mood_score, ai_summary, ai_themes): the `model` of the AI answer, such as
   * "local/offline" (the built-in analyzer) or "gemini/gemini-2.5-flash". Null or left out: not known.
   */
  ai_model: z
    .string()
    .max(MAX_MODEL_ID_CHARS + 16)
    .refine((s) => parseModelName(s) !== null, "must be a model name such as local/offline or gemini/gemini-2.5-flash")
    .nullish(),
  location_name: z.string().max(MAX_LOCATION_CHARS).nullish(),
  location_lat: z.number().min(-90).max(90).nullish(),
  location_lng: z.number().min(-180).max(180).nullish(),
});
export { ClientIdSchema, UUID_RE } from "./common";
export type EntryInput = z.input<typeof EntryInputSchema>;
export type EntryInputParsed = z.output<typeof EntryInputSchema>;

/**
 * The body of POST /entries. `id` (optional) is a client-made id: sending the same create again
 * (a retry after a lost answer) returns the entry already made (200, header Idempotent-Replay: true)
 * and never makes a second one; a create under that id with other fields is answered 409 CONFLICT with
 * the stored entry in `details.entry` (nothing is written). `conflict_of` names the entry this one is a
 * conflict copy of.
 */
export const EntryCreateSchema = EntryInputSchema.extend({
  id: ClientIdSchema.optional(),
  conflict_of: ClientIdSchema.nullish(),
}).superRefine((v, ctx) => {
  if (v.id !== undefined && v.conflict_of === v.id) {
    ctx.addIssue({ code: "custom", path: ["conflict_of"], message: "must name another entry than the entry itself" });
  }
});
export type EntryCreateInput = z.input<typeof EntryCreateSchema>;
export type EntryCreateParsed = z.output<typeof EntryCreateSchema>;

/**
 * The body of PUT /entries/{id}. `base_updated_at` (optional) is the `updated_at` the edit started
 * from: when the stored entry has changed since, the answer is 409 CONFLICT with the server's entry
 * in `details.entry`, and nothing is written (unless the stored entry already holds this very edit).
 */
export const EntryUpdateSchema = EntryInputSchema.extend({
  base_updated_at: IsoInstantSchema.optional(),
});
export type EntryUpdateInput = z.input<typeof EntryUpdateSchema>;
export type EntryUpdateParsed = z.output<typeof EntryUpdateSchema>;

/**
 * The optional multipart field of POST /entries/{id}/media with a client-made media id (a UUID, in any
 * order with the file): the same upload sent again answers 200 with the media already stored.
 */
export const MEDIA_ID_FIELD = "id";
export const MediaUploadFieldsSchema = z.object({ [MEDIA_ID_FIELD]: ClientIdSchema.optional() });

/** The header on a 200 answer to a create (or upload) that was already done: nothing new was made. */
export const IDEMPOTENT_REPLAY_HEADER = "Idempotent-Replay";

/** The answer's texts for the writing-offline cases. */
export const ENTRY_DELETED_MESSAGE = "This entry was deleted.";
export const ENTRY_CONFLICT_MESSAGE = "This entry was changed elsewhere.";
/** 409 to a create whose client-made id holds an entry with other fields: the journal keeps its version. */
export const ENTRY_EXISTS_MESSAGE = "This entry is already in your journal with other words.";

/** `details` of a 409 CONFLICT answer to PUT /entries/{id}: the entry as the server holds it. */
export interface EntryConflictDetails {
  entry: EntryDto;
}

const tz = TimeZoneSchema;
const dateParam = DateParamSchema;
const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const MoodFilterSchema = z.enum(["all", "positive", "neutral", "negative"]);
export type MoodFilter = z.infer<typeof MoodFilterSchema>;

export const EntryListQuerySchema = z.object({
  search: z.string().max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  mood: MoodFilterSchema.optional(),
  tags: z.array(TagNameSchema).max(50).transform(normalizeTags).optional(),
  has_media: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  tz: tz.optional(),
  limit: intParam(1, 500).optional(),
  offset: intParam(0, 10_000_000).optional(),
});
export type EntryListQuery = z.input<typeof EntryListQuerySchema>;

export const StatisticsQuerySchema = z.object({ tz: tz.optional() });
export const CalendarQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/u, "must be YYYY-MM"),
  tz: tz.optional(),
});

export interface TagDto {
  name: string;
}

/** A tag with the number of entries that carry it (GET /entries/tags). */
export interface TagCountDto {
  name: string;
  count: number;
}

export interface MediaFileDto {
  id: string;
  entry_id: string;
  file_type: "image" | "video" | "audio";
  filename: string;
  mime_type: string;
  size: number;
  url: string;
  thumbnail_url: string | null;
  created_at: string;
}

/** An entry as the server returns it (spec section 3). */
export interface EntryDto {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  mood: string | null;
  /** The analyzer's reading of the mood: a suggestion once the person states one. */
  ai_mood_score: number | null;
  /**
   * The mood the person stated in the entry's latest check-in (read-only; set through /api/checkins).
   * It wins over `ai_mood_score` everywhere (effectiveMood in src/domain/checkins.ts). Left out by older servers.
   */
  stated_mood?: number | null;
  ai_summary: string | null;
  ai_themes: string | null;
  /**
   * What produced ai_mood_score, ai_summary and ai_themes: a model name ("local/offline" is the built-in offline
   * analyzer, a basic reading). Null when not known (saved before it was kept). Left out by older servers.
   */
  ai_model?: string | null;
  /** The reflection questions offered with the reading, JSON-encoded; null when none were kept. Left out by older servers. */
  ai_questions?: string | null;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  word_count: number;
  /** The entry this one is a conflict copy of (it may since have been deleted); null for every other entry. */
  conflict_of: string | null;
  tags: TagDto[];
  media_files: MediaFileDto[];
}

/** The paged answer of GET /entries when `limit` is given. */
export interface EntryPageDto {
  entries: EntryDto[];
  total: number;
  limit: number;
  offset: number;
  has_more: boolean;
}

export interface StatisticsDto {
  total_entries: number;
  total_words: number;
  entries_this_month: number;
  entries_this_year: number;
  current_streak: number;
  longest_streak: number;
  average_mood: number | null;
  most_common_themes: { theme: string; count: number }[];
}

export const EMPTY_STATISTICS: StatisticsDto = {
  total_entries: 0,
  total_words: 0,
  entries_this_month: 0,
  entries_this_year: 0,
  current_streak: 0,
  longest_streak: 0,
  average_mood: 0,
  most_common_themes: [],
};

export interface CalendarDayDto {
  date: string;
  count: number;
  average_mood: number | null;
  has_media: boolean;
  /** The title of the day's first entry (its opening words when untitled); null on a day without entries. */
  title: string | null;
  /** The thumbnail of the day's first photo, if any. */
  thumbnail_url: string | null;
}

/** GET /entries/calendar: the days of one month that have entries. */
export interface CalendarMonthDto {
  month: string;
  days: CalendarDayDto[];
}
