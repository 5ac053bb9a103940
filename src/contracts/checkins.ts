import { z } from "zod";
import {
  MAX_ACTIVITIES_PER_CHECKIN,
  MAX_ACTIVITY_NAME,
  MAX_CHECKIN_NOTE,
  normalizeActivities,
  normalizeActivity,
  type Correlations,
  type PixelDay,
} from "@/domain/checkins";
import { MOOD_MAX, MOOD_MIN } from "@/domain/mood";
import { ClientIdSchema, DateParamSchema, IsoInstantSchema, TimeZoneSchema } from "./common";

const ActivityNameSchema = z
  .string()
  .max(MAX_ACTIVITY_NAME * 4, `an activity is at most ${MAX_ACTIVITY_NAME} characters`)
  .transform(normalizeActivity)
  .refine((s) => s.length > 0, "an activity needs a name")
  .refine((s) => [...s].length <= MAX_ACTIVITY_NAME, `an activity is at most ${MAX_ACTIVITY_NAME} characters`);

const MoodSchema = z
  .number({ message: "mood must be a whole number from 1 to 10" })
  .int("mood must be a whole number from 1 to 10")
  .min(MOOD_MIN, "mood must be a whole number from 1 to 10")
  .max(MOOD_MAX, "mood must be a whole number from 1 to 10");

const ActivitiesSchema = z
  .array(z.string().max(MAX_ACTIVITY_NAME * 4, `an activity is at most ${MAX_ACTIVITY_NAME} characters`))
  .max(MAX_ACTIVITIES_PER_CHECKIN, `a check-in names at most ${MAX_ACTIVITIES_PER_CHECKIN} activities`)
  .transform(normalizeActivities)
  .refine(
    (list) => list.every((a) => [...a].length <= MAX_ACTIVITY_NAME),
    `an activity is at most ${MAX_ACTIVITY_NAME} characters`,
  );

const NoteSchema = z.string().max(MAX_CHECKIN_NOTE, `a note is at most ${MAX_CHECKIN_NOTE} characters`);

/**
 * POST /api/checkins. `id` (a UUID made by the device, optional) makes the create idempotent: the same
 * check-in sent again answers 200 with the one stored (header Idempotent-Replay: true); the same id with
 * other fields answers 409 CONFLICT with the stored check-in in `details.checkin`. `at` defaults to now.
 * `entry_id` names the entry the check-in belongs to (its stated mood).
 */
export const CheckInCreateSchema = z.object({
  id: ClientIdSchema.optional(),
  mood: MoodSchema,
  activities: ActivitiesSchema.default([]),
  note: NoteSchema.nullish(),
  at: IsoInstantSchema.optional(),
  entry_id: ClientIdSchema.nullish(),
});
export type CheckInCreateInput = z.input<typeof CheckInCreateSchema>;
export type CheckInCreateParsed = z.output<typeof CheckInCreateSchema>;

/** PUT /api/checkins/{id}: the fields given change; null clears a note or the entry. */
export const CheckInUpdateSchema = z
  .object({
    mood: MoodSchema.optional(),
    activities: ActivitiesSchema.optional(),
    note: NoteSchema.nullish(),
    at: IsoInstantSchema.optional(),
    entry_id: ClientIdSchema.nullish(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Nothing to change: send mood, activities, note, at or entry_id.",
  );
export type CheckInUpdateInput = z.input<typeof CheckInUpdateSchema>;
export type CheckInUpdateParsed = z.output<typeof CheckInUpdateSchema>;

const tz = TimeZoneSchema;
const dateParam = DateParamSchema;

/** The most check-ins one page of GET /api/checkins holds. */
export const MAX_CHECKIN_PAGE = 200;

/**
 * GET /api/checkins and /api/checkins/correlations: `from` and `to` (days are whole local days in `tz`).
 * The list also reads pages, newest first: `limit` check-ins older than the one at `before` with id
 * `before_id` (the last of the page before).
 */
export const CheckInRangeQuerySchema = z
  .object({
    from: dateParam.optional(),
    to: dateParam.optional(),
    tz: tz.optional(),
    entry_id: ClientIdSchema.optional(),
    limit: z.coerce
      .number({ message: `limit must be a whole number from 1 to ${MAX_CHECKIN_PAGE}` })
      .int(`limit must be a whole number from 1 to ${MAX_CHECKIN_PAGE}`)
      .min(1, `limit must be a whole number from 1 to ${MAX_CHECKIN_PAGE}`)
      .max(MAX_CHECKIN_PAGE, `limit must be a whole number from 1 to ${MAX_CHECKIN_PAGE}`)
      .optional(),
    before: IsoInstantSchema.optional(),
    before_id: ClientIdSchema.optional(),
  })
  .refine((q) => (q.before === undefined) === (q.before_id === undefined), {
    message: "before and before_id go together (the time and id of the last check-in of the page before)",
    path: ["before"],
  });
export type CheckInRangeQuery = z.input<typeof CheckInRangeQuerySchema>;

/** GET /api/checkins/pixels?year=&tz= : every day of a year with its mood. */
export const PixelsQuerySchema = z.object({
  year: z.coerce
    .number({ message: "year must be a year such as 2026" })
    .int("year must be a year such as 2026")
    .min(1970, "year must be a year such as 2026")
    .max(9999, "year must be a year such as 2026"),
  tz: tz.optional(),
});

/** POST /api/checkins/activities */
export const ActivityCreateSchema = z.object({ name: ActivityNameSchema });
/**
 * PUT /api/checkins/activities/{id}: rename (the person's check-ins follow), hide/show, or move to
 * `position` (its place in the list, 0 first; the others close up around it).
 */
export const ActivityUpdateSchema = z
  .object({
    name: ActivityNameSchema.optional(),
    hidden: z.boolean({ message: "hidden must be true or false" }).optional(),
    position: z
      .number({ message: "position must be a whole number from 0" })
      .int("position must be a whole number from 0")
      .min(0, "position must be a whole number from 0")
      .max(1_000_000, "position must be a whole number from 0")
      .optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.hidden !== undefined || v.position !== undefined,
    "Nothing to change: send name, hidden or position.",
  );
export type ActivityUpdateInput = z.input<typeof ActivityUpdateSchema>;

export interface CheckInDto {
  id: string;
  mood: number;
  activities: string[];
  note: string;
  at: string;
  entry_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ActivityDto {
  id: string;
  name: string;
  hidden: boolean;
  position: number;
}

export type CorrelationsDto = Correlations;

export interface PixelsDto {
  year: number;
  days: PixelDay[];
}

export const CHECKIN_EXISTS_MESSAGE = "This check-in is already in your journal with other values.";
export const CHECKIN_DELETED_MESSAGE = "This check-in was deleted.";
export const ACTIVITY_EXISTS_MESSAGE = "You already have an activity with this name.";

/** `details` of a 409 answer to a create whose id holds another check-in. */
export interface CheckInConflictDetails {
  checkin: CheckInDto;
}

// ---------- in journal.json (export and import) ----------

const exportedInstant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" });

/** A check-in as journal.json holds it; checked one by one on import, so one bad check-in fails alone. */
export const ExportedCheckInSchema = z.object({
  id: ClientIdSchema,
  mood: MoodSchema,
  activities: ActivitiesSchema,
  note: NoteSchema,
  at: exportedInstant,
  entry_id: ClientIdSchema.nullable(),
  created_at: exportedInstant,
  updated_at: exportedInstant,
});
export type ExportedCheckIn = z.output<typeof ExportedCheckInSchema>;

export const ExportedActivitySchema = z.object({
  name: ActivityNameSchema,
  hidden: z.boolean(),
  position: z.number().int().min(0).max(1_000_000),
});
export type ExportedActivity = z.output<typeof ExportedActivitySchema>;
