import { z } from "zod";
import { DayKeySchema, TimeZoneSchema } from "./common";

/** GET /api/entries/on-this-day?tz=&date= : entries written on this calendar day in earlier years. */
export const OnThisDayQuerySchema = z.object({
  tz: TimeZoneSchema.optional(),
  /** the person's local today; defaults to today in `tz` */
  date: DayKeySchema.optional(),
});

export interface OnThisDayEntryDto {
  id: string;
  title: string;
  excerpt: string;
  created_at: string;
  /** the entry's local day, YYYY-MM-DD */
  day: string;
  years_ago: number;
  ai_mood_score: number | null;
  /** The mood the person stated (a check-in); wins over ai_mood_score. */
  stated_mood?: number | null;
  word_count: number;
}

export interface OnThisDayDto {
  date: string;
  entries: OnThisDayEntryDto[];
}

/** GET /api/storage : what the journal takes on disk, measured, and how much it holds. */
export interface StorageUsageDto {
  /** the SQLite file plus its -wal and -shm files */
  database_bytes: number;
  /** every file under the upload folder */
  uploads_bytes: number;
  total_bytes: number;
  total_entries: number;
  total_words: number;
  media_files: number;
}
