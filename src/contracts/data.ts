import { z } from "zod";
import type { ExportedSafetyPlan } from "./safety-plan";
import type { ExportedActivity, ExportedCheckIn } from "./checkins";
import type { ExportedTemplate } from "./templates";

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
}

/** Where an import came from. */
export const IMPORT_SOURCES = ["reverie", "dayone", "jrnl"] as const;
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
}
