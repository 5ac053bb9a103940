import { z } from "zod";
import type { ExportedSafetyPlan } from "./safety-plan";
import type { ExportedActivity, ExportedCheckIn } from "./checkins";
import type { ExportedTemplate } from "./templates";
import { DayKeySchema, TimeZoneSchema } from "./common";
import { TagNameSchema } from "./entries";
import { MAX_SEARCH_LENGTH } from "@/domain/search";
import { normalizeTags } from "@/domain/tags";
import type { ExportedMemoryFact } from "./memory";

// The header name and the limits of an import live in a module without zod, so that the browser can use
// them; they are exported here too.
export {
  COMPRESSION_RATIO_MIN_BYTES,
  EXPORT_ESTIMATE_HEADER,
  IMPORT_PART_BYTES,
  MAX_ARCHIVE_FILES,
  MAX_COMPRESSION_RATIO,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LABEL,
  MAX_JOURNAL_JSON_BYTES,
  MAX_REPORTED_ISSUES,
} from "./data-constants";

/** The journal file at the root of an export zip. Bump the version when its shape changes. */
export const JOURNAL_FORMAT = "reverie-journal";
export const JOURNAL_FORMAT_VERSION = 1;
export const JOURNAL_FILE = "journal.json";

/** Ids of entries and media that an import may keep. Anything else is refused. */
export const SAFE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/u;

/** POST /data/clear must say so explicitly. */
const CONFIRM_MESSAGE = 'To clear all data, send { "confirm": true }.';
export const ClearRequestSchema = z.object(
  { confirm: z.literal(true, { error: CONFIRM_MESSAGE }) },
  { error: CONFIRM_MESSAGE },
);

export interface ClearResultDto {
  success: true;
  entries_deleted: number;
  media_files_deleted: number;
  tags_deleted: number;
  config_keys_deleted: number;
  /** Entries that were in Recently deleted. */
  trash_deleted: number;
  checkins_deleted: number;
  /** The person's templates (the built-ins come back on first use). */
  templates_deleted: number;
  /** Facts Reverie remembered. */
  memory_deleted: number;
}

/** Where an import came from. */
export const IMPORT_SOURCES = [
  "reverie",
  "dayone",
  "jrnl",
  "journey",
  "diarium",
  "daylio",
  "apple-journal",
  "markdown",
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportIssueDto {
  /** The entry's id in the journal (or the source's title/date when it has no id yet). */
  entry: string;
  /** The entry's title, when it has one. */
  title: string | null;
  /** The entry's date (ISO instant), when it could be read. */
  date: string | null;
  /** "skipped": already in the journal; "failed": not imported; "warning": imported, with a note. */
  kind: "skipped" | "failed" | "warning";
  reason: string;
}

/** The answer of POST /data/import. */
export interface ImportReportDto {
  source: ImportSource;
  imported: number;
  skipped: number;
  failed: number;
  media_imported: number;
  config_imported: number;
  /** True when the file's safety plan was taken (only when this journal had none written yet). */
  safety_plan_imported?: boolean;
  /** Check-ins taken from the file (those already here are kept as they are). */
  checkins_imported?: number;
  /** Templates taken from the file (a name already here is kept as it is). */
  templates_imported?: number;
  /** Facts of memory taken from the file (one already remembered is kept as it is). */
  memory_imported?: number;
  issues: ImportIssueDto[];
  /** How many issues were left out of `issues` (the list is capped). */
  issues_left_out: number;
}

/** Staged upload of a large import file, sent in parts (each under the request size limit). */
export interface ImportUploadDto {
  upload_id: string;
  received: number;
}

export const ImportFromUploadSchema = z.object({
  upload_id: z.string().regex(/^[0-9a-f-]{36}$/u, "upload_id is not valid"),
  tz: z.string().max(64).optional(),
  /** The passphrase of an encrypted export (.zip.age). */
  passphrase: z.string().min(1).max(1024).optional(),
});

/** POST /data/export/encrypted: the export zip encrypted with age under this passphrase. */
export const EncryptedExportSchema = z.object({
  passphrase: z.string().min(8, "The passphrase needs at least 8 characters").max(1024),
});

// ---------- journal.json ----------

const instant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" });
const id = z.string().regex(SAFE_ID_RE, "must be 1-64 letters, digits, '_' or '-'");

export const ExportedMediaSchema = z.object({
  id,
  file_type: z.enum(["image", "video", "audio"]),
  filename: z.string().max(1000),
  mime_type: z.string().max(200),
  size: z.number().int().nonnegative(),
  created_at: instant,
  /** The file's path inside the zip; null when the file was missing at export time. */
  path: z.string().max(300).nullable(),
});
export type ExportedMedia = z.infer<typeof ExportedMediaSchema>;

export const ExportedEntrySchema = z.object({
  id,
  title: z.string(),
  content: z.string(),
  created_at: instant,
  updated_at: instant,
  mood: z.string().nullable(),
  ai_mood_score: z.number().nullable(),
  ai_summary: z.string().nullable(),
  ai_themes: z.string().nullable(),
  /** What produced the reading ("local/offline", "gemini/…"); older exports have none (not known). */
  ai_model: z.string().max(200).nullish().catch(null),
  /** The reflection questions offered with the reading (JSON-encoded); older exports have none. */
  ai_questions: z.string().max(5_000).nullish().catch(null),
  location_name: z.string().nullable(),
  location_lat: z.number().nullable(),
  location_lng: z.number().nullable(),
  word_count: z.number().int().nonnegative(),
  /** The entry this one is a conflict copy of; older exports have none, and an unreadable one is dropped. */
  conflict_of: id.nullish().catch(null),
  tags: z.array(z.string()),
  media_files: z.array(ExportedMediaSchema),
});
export type ExportedEntry = z.infer<typeof ExportedEntrySchema>;

/** The outer shape; entries are checked one by one so that one bad entry fails alone. */
export const JournalFileSchema = z.object({
  format: z.literal(JOURNAL_FORMAT),
  version: z.number().int().positive(),
  app: z.object({ name: z.string(), version: z.string() }),
  exported_at: instant,
  config: z.record(z.string(), z.string()),
  /** Optional: older exports have none. Checked on its own, so that a bad plan never fails the entries. */
  safety_plan: z.unknown().optional(),
  entries: z.array(z.unknown()),
  /** Optional: older exports have none. Each is checked on its own. */
  checkins: z.array(z.unknown()).max(1_000_000).optional(),
  checkin_activities: z.array(z.unknown()).max(10_000).optional(),
  templates: z.array(z.unknown()).max(10_000).optional(),
  memory: z.array(z.unknown()).max(10_000).optional(),
});

export interface JournalFile {
  format: typeof JOURNAL_FORMAT;
  version: number;
  app: { name: string; version: string };
  exported_at: string;
  /** Settings the person stored, without anything secret-looking (API keys, tokens, passwords). */
  config: Record<string, string>;
  /** The safety plan, when anything is written in it. */
  safety_plan?: ExportedSafetyPlan;
  entries: ExportedEntry[];
  /** The person's check-ins and activity chips (left out when there are none). */
  checkins?: ExportedCheckIn[];
  checkin_activities?: ExportedActivity[];
  /** The templates, built-ins included (left out before their first use). */
  templates?: ExportedTemplate[];
  /** What Reverie remembers (left out when nothing is). */
  memory?: ExportedMemoryFact[];
}

// ---------- the printable book and the Markdown export ----------

/** How entries sit on the book's pages: each from a new page, or one after another. */
export const BOOK_LAYOUTS = ["page", "flow"] as const;
export type BookLayout = (typeof BOOK_LAYOUTS)[number];
export const BOOK_PAPER_SIZES = ["a4", "letter"] as const;
export const BOOK_PERIODS = ["week", "month", "year"] as const;
export const MAX_BOOK_TITLE_CHARS = 120;

/**
 * GET /data/export/pdf: the entries of a range of local days (`from`, `to`, both inclusive, either may be
 * left out), or of a review period (`period` with a day it holds, `on`), narrowed like the Timeline
 * (tags: any of them; mood band; search text; with or without media). `tz` is the person's zone.
 */
export const BookQuerySchema = z
  .object({
    from: DayKeySchema.optional(),
    to: DayKeySchema.optional(),
    period: z.enum(BOOK_PERIODS, { error: "period must be week, month or year" }).optional(),
    on: DayKeySchema.optional(),
    tags: z
      .array(TagNameSchema.min(1, "a tag cannot be empty"))
      .max(50, "at most 50 tags")
      .transform(normalizeTags)
      .optional(),
    mood: z
      .enum(["positive", "neutral", "negative"], { error: "mood must be positive, neutral or negative" })
      .optional(),
    search: z.string().max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
    has_media: z
      .enum(["true", "false"], { error: "has_media must be true or false" })
      .transform((v) => v === "true")
      .optional(),
    layout: z.enum(BOOK_LAYOUTS, { error: "layout must be page or flow" }).default("page"),
    paper: z.enum(BOOK_PAPER_SIZES, { error: "paper must be a4 or letter" }).default("a4"),
    title: z
      .string()
      .trim()
      .max(MAX_BOOK_TITLE_CHARS, `title must be at most ${MAX_BOOK_TITLE_CHARS} characters`)
      .optional(),
    tz: TimeZoneSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
    if (q.period && (q.from || q.to)) {
      ctx.addIssue({ code: "custom", path: ["period"], message: "give either a period or from/to, not both" });
    }
    if (q.on && !q.period) ctx.addIssue({ code: "custom", path: ["on"], message: "on goes with period" });
  });
export type BookQuery = z.input<typeof BookQuerySchema>;
export type BookQueryParsed = z.output<typeof BookQuerySchema>;

/** GET /data/export/markdown: `tz` decides each entry's local day (its folder, file name and `date`). */
export const MarkdownExportQuerySchema = z.object({ tz: TimeZoneSchema.optional() });
export type MarkdownExportQuery = z.input<typeof MarkdownExportQuerySchema>;

/**
 * The YAML front matter of each Markdown file of GET /data/export/markdown (and of the Markdown copies in
 * the whole-journal zip). Only `date` is always there; the rest is left out when empty. Media are linked
 * from the body with paths relative to the file (`![name](media/<id>.<ext>)`).
 */
export const MarkdownFrontMatterSchema = z.object({
  /** The instant written, in the person's zone with its offset ("2025-03-14T10:26:53+01:00"). */
  date: z.string(),
  title: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** The mood word stored with the entry ("positive"), when there is one. */
  mood: z.string().optional(),
  /** The mood that counts, 1-10: the one the person stated, else the reading of their words. */
  mood_score: z.number().optional(),
  /** The place's name. */
  place: z.string().optional(),
  /** [latitude, longitude], as Obsidian's map views read it. */
  location: z.tuple([z.number(), z.number()]).optional(),
  /** The entry's id in Reverie (a re-import keeps it, so nothing is imported twice). */
  id: z.string().optional(),
  updated: z.string().optional(),
  summary: z.string().optional(),
  themes: z.array(z.string()).optional(),
});
export type MarkdownFrontMatter = z.infer<typeof MarkdownFrontMatterSchema>;
