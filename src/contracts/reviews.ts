import { z } from "zod";
import { TimeZoneSchema } from "./common";
import { isDayKey } from "@/domain/dates";
import { REVIEW_PERIODS, type DayLink, type ReviewNumbers, type ReviewPeriod } from "@/domain/review-periods";
import type { EntryDto } from "./entries";

/**
 * POST /api/reviews: a review of the week (Monday to Sunday), calendar month or calendar year that holds
 * `date`, in the person's zone `tz`. It is saved as an entry tagged `review`. `mode` "update" (the
 * default) rewrites the review made last for that period, when it still exists; "new" makes another.
 * A date after today is refused.
 */
export const ReviewRequestSchema = z.object({
  period: z.enum(REVIEW_PERIODS, { message: 'period must be "week", "month" or "year"' }),
  date: z
    .string({ message: "date must be a calendar date such as 2026-11-23" })
    .refine(isDayKey, "date must be a calendar date such as 2026-11-23"),
  tz: TimeZoneSchema.optional(),
  mode: z.enum(["update", "new"], { message: 'mode must be "update" or "new"' }).optional(),
});
export type ReviewRequest = z.input<typeof ReviewRequestSchema>;

export interface ReviewAnswerDto {
  entry: EntryDto;
}

/** What is kept about each review (Config, key review:<period>:<start>): its entry and the days it links to. */
export interface ReviewMetaDto {
  period: ReviewPeriod;
  start: string;
  end: string;
  entry_id: string;
  title: string;
  /** The model that wrote the prose, or the offline analyzer. */
  model: string;
  best: DayLink | null;
  hardest: DayLink | null;
  /** Every entry the review cites (all inside its period). */
  cited: string[];
  numbers: ReviewNumbers;
  generated_at: string;
}

/** GET /api/reviews: the reviews whose entries still exist, newest period first. */
export interface ReviewListDto {
  reviews: ReviewMetaDto[];
}
