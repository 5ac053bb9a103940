import { z } from "zod";
import { DayKeySchema, TimeZoneSchema } from "./common";
import { REMINDER_TIME_RE, WEEKDAY_CODES, type Weekday } from "@/domain/reminders";

const tz = TimeZoneSchema;

/** PUT /api/reminders : the schedule (days of the week, a time in the person's zone) and on/off. */
export const ReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  days: z
    .array(z.enum(WEEKDAY_CODES))
    .max(7, "at most 7 days")
    .refine((d) => new Set(d).size === d.length, {
      message: "each day at most once",
    }),
  time: z.string().regex(REMINDER_TIME_RE, "must be a time as HH:MM (24-hour)"),
  tz,
});

export interface ReminderSettingsDto {
  enabled: boolean;
  days: Weekday[];
  time: string;
  tz: string;
  /** the private calendar feed's path ("/api/reminders/feed/<token>.ics"); the browser adds its origin */
  feed_path: string;
}

/** GET /api/reminders/today?tz= : whether anything was written on today's local day (entry or check-in). */
export const ReminderTodayQuerySchema = z.object({
  tz,
  /** the person's local today; defaults to today in `tz` */
  date: DayKeySchema.optional(),
});

export interface ReminderTodayDto {
  date: string;
  wrote: boolean;
}
