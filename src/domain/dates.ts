/**
 * Local-day rules. Instants are UTC; every "day" is the person's local day in an IANA zone.
 * Day keys are "YYYY-MM-DD" strings: calendar dates with no time zone, safe to compare and step.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addYears } from "date-fns";

export type DayKey = string;
const DAY_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/u;
const MS_PER_DAY = 86_400_000;

// English month and weekday names, for text that is written into the journal itself (a review's title); what
// a screen shows goes through the locale's formats of ./date-format.
export const MONTH_NAMES: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const WEEKDAY_NAMES: readonly string[] = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];
const pad2 = (n: number) => String(n).padStart(2, "0");
/** A year as "yyyy" writes it: at least four digits; 0 is 1 BC, -1 is 2 BC (without the era). */
const year4 = (y: number) => String(y > 0 ? y : 1 - y).padStart(4, "0");

/** An instant's wall-clock time in a zone; RangeError("Invalid time value") for an invalid instant or zone. */
function wallClock(instant: Date | string | number, tz: string): TZDate {
  const d = new TZDate(new Date(instant).getTime(), tz);
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
  return d;
}

export function isValidTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Date.UTC for a calendar date, without Date.UTC's reading of years 0-99 as 1900-1999. */
function utcDateMs(y: number, monthIndex: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(y, monthIndex, day);
  return d.getTime();
}

export function isDayKey(value: string): boolean {
  const m = DAY_KEY_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(utcDateMs(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

export function keyToUtcMs(key: DayKey): number {
  const m = DAY_KEY_RE.exec(key);
  if (!m) throw new RangeError(`Invalid day key: ${key}`);
  return utcDateMs(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function utcMsToKey(ms: number): DayKey {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Add whole calendar days to a day key. */
export function addDaysToKey(key: DayKey, days: number): DayKey {
  return utcMsToKey(keyToUtcMs(key) + days * MS_PER_DAY);
}

/** Whole calendar days from a to b (b - a). */
export function daysBetweenKeys(a: DayKey, b: DayKey): number {
  return Math.round((keyToUtcMs(b) - keyToUtcMs(a)) / MS_PER_DAY);
}

/** An instant as the wall-clock time of a zone with its offset, to the second: "2025-03-14T10:26:53+01:00". */
export function localIsoInstant(instant: Date | string | number, tz: string): string {
  const d = wallClock(instant, tz);
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  const clock = `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
  return `${localDayKey(instant, tz)}T${clock}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** The local calendar day of an instant in a zone. */
export function localDayKey(instant: Date | string | number, tz: string): DayKey {
  const d = wallClock(instant, tz);
  return `${year4(d.getFullYear())}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** The UTC instant at which a local day starts (handles DST days of 23 or 25 hours). */
export function startOfLocalDay(key: DayKey, tz: string): Date {
  const m = DAY_KEY_RE.exec(key);
  if (!m) throw new RangeError(`Invalid day key: ${key}`);
  const [y, mo, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const d = new TZDate(y, mo, day, 0, 0, 0, 0, tz);
  // Like Date, the constructor reads years 0-99 as 1900-1999; set the year itself for those.
  if (y < 100) {
    d.setFullYear(y, mo, day);
    d.setHours(0, 0, 0, 0);
  }
  return new Date(d.getTime());
}

/**
 * The instant a local day ends (the next day's start). After 9999-12-31 there is no day key, so the
 * end is the last storable instant.
 */
export function startOfNextLocalDay(key: DayKey, tz: string): Date {
  const next = addDaysToKey(key, 1);
  return isDayKey(next) ? startOfLocalDay(next, tz) : new Date(MAX_INSTANT_MS);
}

/** [start, end) of a local day as UTC instants. */
export function localDayBounds(key: DayKey, tz: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(key, tz), end: startOfNextLocalDay(key, tz) };
}

export type DateRangePreset = "all" | "today" | "week" | "month" | "year" | "custom";
export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = ["all", "today", "week", "month", "year", "custom"];

export interface InstantRange {
  /** inclusive */
  from?: Date;
  /** exclusive */
  to?: Date;
}

/**
 * Bounds of a timeline date-range filter, in the person's zone.
 * today: the local day. week: from the start of the local day 7 days back. month: one calendar month back
 * (the 31st falls back to the month's last day). year: one year back (29 February falls back to the 28th).
 * The ranges run up to the end of today. custom: only when both ends are set, inclusive of both local days.
 * Returns null when the filter does not apply ("all", or an incomplete/invalid custom range).
 */
export function dateRangeBounds(
  preset: DateRangePreset,
  now: Date,
  tz: string,
  customStart?: string | null,
  customEnd?: string | null,
): InstantRange | null {
  const today = localDayKey(now, tz);
  const endOfToday = startOfNextLocalDay(today, tz);
  const back = (fn: (d: Date) => Date): InstantRange => {
    const m = DAY_KEY_RE.exec(today)!;
    const base = new Date(utcDateMs(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return { from: startOfLocalDay(utcMsToKey(fn(base).getTime()), tz), to: endOfToday };
  };
  switch (preset) {
    case "all":
      return null;
    case "today":
      return { from: startOfLocalDay(today, tz), to: endOfToday };
    case "week":
      return back((d) => addDays(d, -7));
    case "month":
      return back((d) => addMonths(d, -1));
    case "year":
      return back((d) => addYears(d, -1));
    case "custom": {
      if (!customStart || !customEnd || !isDayKey(customStart) || !isDayKey(customEnd)) return null;
      const [a, b] = customStart <= customEnd ? [customStart, customEnd] : [customEnd, customStart];
      return { from: startOfLocalDay(a, tz), to: startOfNextLocalDay(b, tz) };
    }
  }
}

export interface Streaks {
  current: number;
  longest: number;
}

/**
 * Streaks over local days that have at least one entry or check-in. The current streak runs back from today,
 * or from yesterday when nothing is written yet today (the day is not over).
 */
export function computeStreaks(days: Iterable<DayKey>, today: DayKey): Streaks {
  const set = new Set(days);
  if (set.size === 0) return { current: 0, longest: 0 };
  const sorted = [...set].sort();
  let longest = 1;
  let run = 1;
  for (let i = 1; i < sorted.length; i++) {
    run = daysBetweenKeys(sorted[i - 1], sorted[i]) === 1 ? run + 1 : 1;
    if (run > longest) longest = run;
  }
  let cursor = set.has(today) ? today : addDaysToKey(today, -1);
  let current = 0;
  while (set.has(cursor)) {
    current++;
    cursor = addDaysToKey(cursor, -1);
  }
  return { current, longest };
}

const ISO_INSTANT_RE =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/iu;
/** Instants the database stores and compares as text: years 0000 to 9999 in UTC. */
const MIN_INSTANT_MS = Date.parse("0000-01-01T00:00:00.000Z");
const MAX_INSTANT_MS = Date.parse("9999-12-31T23:59:59.999Z");

/** Whether an instant lies in the years 0000-9999 (UTC), the range stored as sortable ISO text. */
export function isStorableInstant(d: Date): boolean {
  const t = d.getTime();
  return Number.isFinite(t) && t >= MIN_INSTANT_MS && t <= MAX_INSTANT_MS;
}

/**
 * A full ISO 8601 date-time with "Z" or an offset and a real calendar date (no 30 February), in the
 * storable range. Null otherwise; a time without an offset is ambiguous and refused.
 */
export function parseIsoInstant(value: string): Date | null {
  const m = ISO_INSTANT_RE.exec(value);
  if (!m || !isDayKey(m[1])) return null;
  const d = new Date(value);
  return isStorableInstant(d) ? d : null;
}

/** Parse a query date: a day key (local day start in tz) or a full ISO instant. Null when invalid. */
export function parseDateParam(value: string, tz: string, edge: "start" | "end"): Date | null {
  if (isDayKey(value)) {
    return edge === "start" ? startOfLocalDay(value, tz) : startOfNextLocalDay(value, tz);
  }
  return parseIsoInstant(value);
}

/**
 * A fast day-key function for one zone, for bucketing many instants (statistics, calendar, insights).
 * The zone's offset is read once per UTC day (three Intl calls) and the key computed by arithmetic;
 * a UTC day in which the offset changes, and years outside 1000-9999, take the Intl path per instant.
 */
export function dayKeyFormatter(tz: string): (instant: Date | number) => DayKey {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
  const exact = (instant: Date | number): DayKey => {
    const parts = f.formatToParts(instant);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
    return `${get("year")}-${get("month")}-${get("day")}`;
  };
  const wall = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    era: "short",
  });
  /** Local wall-clock time minus UTC at `ms`, in milliseconds (whole seconds). */
  const offsetAt = (ms: number): number => {
    const p: Record<string, string> = {};
    for (const part of wall.formatToParts(ms)) p[part.type] = part.value;
    const year = p.era === "BC" || p.era === "B" ? 1 - Number(p.year) : Number(p.year);
    const local = new Date(0);
    local.setUTCFullYear(year, Number(p.month) - 1, Number(p.day));
    local.setUTCHours(Number(p.hour), Number(p.minute), Number(p.second), 0);
    return local.getTime() - Math.floor(ms / 1000) * 1000;
  };
  const offsets = new Map<number, number | null>();
  const pad = (n: number) => String(n).padStart(2, "0");
  return (instant) => {
    const ms = typeof instant === "number" ? instant : instant.getTime();
    if (!Number.isFinite(ms)) return exact(instant);
    const day = Math.floor(ms / MS_PER_DAY);
    let offset = offsets.get(day);
    if (offset === undefined) {
      const start = day * MS_PER_DAY;
      const a = offsetAt(start);
      offset = a === offsetAt(start + MS_PER_DAY / 2) && a === offsetAt(start + MS_PER_DAY - 1) ? a : null;
      offsets.set(day, offset);
    }
    if (offset === null) return exact(instant);
    const local = new Date(ms + offset);
    const year = local.getUTCFullYear();
    if (year < 1000 || year > 9999) return exact(instant);
    return `${year}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  };
}

/** [start, end) of a local calendar month "YYYY-MM". */
export function localMonthBounds(month: string, tz: string): { start: Date; end: Date; days: DayKey[] } {
  const first = `${month}-01`;
  if (!isDayKey(first)) throw new RangeError(`Invalid month: ${month}`);
  const days: DayKey[] = [];
  for (let d = first; isDayKey(d) && d.startsWith(month); d = addDaysToKey(d, 1)) days.push(d);
  return { start: startOfLocalDay(first, tz), end: startOfNextLocalDay(days[days.length - 1]!, tz), days };
}
