/**
 * Reminders to write: the person's schedule (days of the week and a time, in their zone), how it is kept
 * as settings, and the rule of the in-app nudge. Pure: the calendar feed (./ics), the server and the
 * browser share these rules.
 */
import { TZDate } from "@date-fns/tz";
import { isDayKey, isValidTimeZone, localDayKey, addDaysToKey, type DayKey } from "./dates";

/** iCalendar's BYDAY codes, indexed as Date#getDay() counts (0 is Sunday). */
export const WEEKDAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
export type Weekday = (typeof WEEKDAY_CODES)[number];
/** Monday first, as the Settings row shows them. */
export const WEEK_ORDER: readonly Weekday[] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
export const WEEKDAY_LABELS: Readonly<Record<Weekday, { short: string; long: string }>> = {
  MO: { short: "Mon", long: "Monday" },
  TU: { short: "Tue", long: "Tuesday" },
  WE: { short: "Wed", long: "Wednesday" },
  TH: { short: "Thu", long: "Thursday" },
  FR: { short: "Fri", long: "Friday" },
  SA: { short: "Sat", long: "Saturday" },
  SU: { short: "Sun", long: "Sunday" },
};

export const isWeekday = (v: string): v is Weekday => (WEEKDAY_CODES as readonly string[]).includes(v);

/** "HH:MM", 24-hour. */
export const REMINDER_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/u;

export interface ReminderSchedule {
  enabled: boolean;
  /** chosen days, in WEEK_ORDER, no repeats */
  days: Weekday[];
  /** local time "HH:MM" */
  time: string;
  /** the IANA zone the time is meant in (the browser's when the person saved) */
  tz: string;
  /** the local day the schedule was saved: the calendar event starts there, not in the past */
  since: DayKey | null;
}

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  enabled: false,
  days: [...WEEK_ORDER],
  time: "20:00",
  tz: "UTC",
  since: null,
};

/** The settings keys (the Config table). The feed's token is kept apart (see the reminders service). */
export const REMINDER_KEYS = {
  enabled: "reminders.enabled",
  days: "reminders.days",
  time: "reminders.time",
  tz: "reminders.tz",
  since: "reminders.since",
} as const;

/** Days in WEEK_ORDER without repeats. */
export function orderDays(days: Iterable<Weekday>): Weekday[] {
  const set = new Set(days);
  return WEEK_ORDER.filter((d) => set.has(d));
}

/**
 * The schedule from stored settings. Settings can also be written through the general config map
 * (or an import), so anything unreadable falls back to the default rather than failing.
 */
export function scheduleFromConfig(map: Readonly<Record<string, string | undefined>>): ReminderSchedule {
  const d = DEFAULT_REMINDER_SCHEDULE;
  const rawDays = map[REMINDER_KEYS.days];
  const days =
    rawDays === undefined
      ? d.days
      : orderDays(
          rawDays
            .split(",")
            .map((s) => s.trim().toUpperCase())
            .filter(isWeekday),
        );
  const time = map[REMINDER_KEYS.time];
  const tz = map[REMINDER_KEYS.tz];
  const since = map[REMINDER_KEYS.since];
  return {
    enabled: map[REMINDER_KEYS.enabled] === "true",
    days,
    time: time && REMINDER_TIME_RE.test(time) ? time : d.time,
    tz: tz && isValidTimeZone(tz) ? tz : d.tz,
    since: since && isDayKey(since) ? since : null,
  };
}

/** The settings map of a schedule. */
export function scheduleToConfig(s: ReminderSchedule): Record<string, string> {
  return {
    [REMINDER_KEYS.enabled]: String(s.enabled),
    [REMINDER_KEYS.days]: orderDays(s.days).join(","),
    [REMINDER_KEYS.time]: s.time,
    [REMINDER_KEYS.tz]: s.tz,
    ...(s.since ? { [REMINDER_KEYS.since]: s.since } : {}),
  };
}

/** The weekday of a calendar day. */
export function weekdayOf(day: DayKey): Weekday {
  return WEEKDAY_CODES[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
}

/** Hours and minutes of "HH:MM". */
export function timeParts(time: string): { hours: number; minutes: number } {
  const m = REMINDER_TIME_RE.exec(time);
  if (!m) throw new RangeError(`Invalid time: ${time}`);
  return { hours: Number(m[1]), minutes: Number(m[2]) };
}

/**
 * The instant of a local day's reminder time in a zone. A time that a spring-forward change skips
 * (02:30 on that night) moves to the first minute that exists after it, as clocks do.
 */
export function reminderInstant(day: DayKey, time: string, tz: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const { hours, minutes } = timeParts(time);
  return new Date(new TZDate(y, m - 1, d, hours, minutes, tz).getTime());
}

/** Whether the schedule reminds on a local day. */
export function remindsOn(s: ReminderSchedule, day: DayKey): boolean {
  return s.enabled && s.days.includes(weekdayOf(day)) && (s.since === null || day >= s.since);
}

/** The next reminder strictly after `now` (within the next eight days), or null when none is set. */
export function nextReminderAt(s: ReminderSchedule, now: Date): Date | null {
  if (!s.enabled || s.days.length === 0) return null;
  const today = localDayKey(now, s.tz);
  for (let i = 0; i <= 8; i++) {
    const day = addDaysToKey(today, i);
    if (!remindsOn(s, day)) continue;
    const at = reminderInstant(day, s.time, s.tz);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

export interface NudgeFacts {
  /** something was written on the schedule's local day of `now`: an entry or a check-in */
  wroteToday: boolean;
  /** the local day the nudge was last dismissed on, if any */
  dismissedDay: DayKey | null;
}

/**
 * Whether the gentle in-app nudge shows now: on a chosen day, from the chosen time until the day ends,
 * when nothing was written that day and the nudge was not dismissed that day (so at most once a day).
 */
export function nudgeDue(s: ReminderSchedule, now: Date, facts: NudgeFacts): boolean {
  if (!s.enabled) return false;
  const today = localDayKey(now, s.tz);
  if (!remindsOn(s, today)) return false;
  if (now.getTime() < reminderInstant(today, s.time, s.tz).getTime()) return false;
  return !facts.wroteToday && facts.dismissedDay !== today;
}

/** "Mondays, Wednesdays and Fridays at 20:00", "Every day at 07:30" (`timeLabel`: the time as the person reads it). */
export function scheduleSummary(s: Pick<ReminderSchedule, "days" | "time">, timeLabel = s.time): string {
  const days = orderDays(s.days);
  if (days.length === 0) return "No days chosen";
  if (days.length === 7) return `Every day at ${timeLabel}`;
  const names = days.map((d) => `${WEEKDAY_LABELS[d].long}s`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list} at ${timeLabel}`;
}
