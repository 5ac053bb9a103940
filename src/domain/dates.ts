/**
 * Local-day rules. Instants are UTC; every "day" is the person's local day in an IANA zone.
 * Day keys are "YYYY-MM-DD" strings: calendar dates with no time zone, safe to compare and step.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addYears } from "date-fns";
import { RELATIVE_DATE_WINDOW_DAYS } from "./constants";

export type DayKey = string;
const DAY_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/u;
const MS_PER_DAY = 86_400_000;

// English month and weekday names, for text that is written into the journal itself (a review's title); what
// a screen shows goes through the locale's formats further down.
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

function keyToUtcMs(key: DayKey): number {
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

// ------------------------------------------------------------------ dates as the person reads them
//
// One format per locale, everywhere: every date or time a screen shows goes through the functions below,
// with the browser's locale (navigator.language) and the person's zone. Intl is built into the browser, so no
// locale data is loaded. The kinds, as en-GB / en-US / de-DE write them:
//   long date        27 November 2026            November 27, 2026             27. November 2026
//   short date       27 Nov 2026                 Nov 27, 2026                  27. Nov. 2026
//   date and time    27 Nov 2026, 16:39          Nov 27, 2026, 4:39 PM         27. Nov. 2026, 16:39
//   full date, time  Friday, 27 November 2026 at 16:39 (each locale's own words and order)
//   time             16:39                       4:39 PM                       16:39
//   day (no year)    27 Nov                      Nov 27                        27. Nov.
//   month            November 2026               November 2026                 November 2026

/** The locale used when none is known (the server, a browser that names none or an unusable one). */
export const DEFAULT_LOCALE = "en-US";

/** The locale itself when Intl can use it, else DEFAULT_LOCALE. */
export function usableLocale(locale: string | null | undefined): string {
  if (!locale || locale.length > 64) return DEFAULT_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

type DateKind =
  | "long"
  | "short"
  | "dateTime"
  | "full"
  | "fullDate"
  | "weekdayDay"
  | "time"
  | "day"
  | "month"
  | "weekday"
  | "weekdayLong";

const KIND_OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  long: { day: "numeric", month: "long", year: "numeric" },
  short: { day: "numeric", month: "short", year: "numeric" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" },
  full: { dateStyle: "full", timeStyle: "short" },
  fullDate: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  weekdayDay: { weekday: "long", day: "numeric", month: "long" },
  time: { hour: "numeric", minute: "2-digit" },
  day: { day: "numeric", month: "short" },
  month: { month: "long", year: "numeric" },
  weekday: { weekday: "short" },
  weekdayLong: { weekday: "long" },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: DateKind, locale: string, tz: string): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${tz}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(usableLocale(locale), { ...KIND_OPTIONS[kind], timeZone: tz });
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/** An instant in one of the kinds above; RangeError("Invalid time value") for an invalid instant or zone. */
function formatInstant(kind: DateKind, instant: Date | string | number, tz: string, locale: string): string {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms) || !isValidTimeZone(tz)) throw new RangeError("Invalid time value");
  return formatter(kind, locale, tz).format(ms);
}

/** A day key (a calendar date, no zone) in one of the kinds above. */
function formatDayKey(kind: DateKind, key: DayKey, locale: string): string {
  if (!isDayKey(key)) throw new RangeError(`Invalid day key: ${key}`);
  return formatter(kind, locale, "UTC").format(keyToUtcMs(key));
}

/** "Today", "Yesterday", "{n} days ago" within 7 days, otherwise a short date such as "4 Mar 2026" (en-GB). */
export function relativeDate(instant: Date | string, now: Date, tz: string, locale: string): string {
  const diff = daysBetweenKeys(localDayKey(instant, tz), localDayKey(now, tz));
  if (diff === 0) return "Today";
  if (diff === 1) return "Yesterday";
  if (diff > 1 && diff <= RELATIVE_DATE_WINDOW_DAYS) return `${diff} days ago`;
  return shortDate(instant, tz, locale);
}

/** A long date in the person's zone: "27 November 2026" (en-GB), "November 27, 2026" (en-US). */
export function longDate(instant: Date | string | number, tz: string, locale: string): string {
  return formatInstant("long", instant, tz, locale);
}

/** A short date in the person's zone: "27 Nov 2026" (en-GB), "Nov 27, 2026" (en-US). */
export function shortDate(instant: Date | string | number, tz: string, locale: string): string {
  return formatInstant("short", instant, tz, locale);
}

/** A short date with the time: "27 Nov 2026, 16:39" (en-GB), "Nov 27, 2026, 4:39 PM" (en-US). */
export function dateTime(instant: Date | string | number, tz: string, locale: string): string {
  return formatInstant("dateTime", instant, tz, locale);
}

/** Full date and time for the entry page: "Friday, 27 November 2026 at 16:39" (en-GB), "Friday, November 27, 2026 at 4:39 PM" (en-US). */
export function fullDateTime(instant: Date | string, tz: string, locale: string): string {
  return formatInstant("full", instant, tz, locale);
}

/** The time of day in the person's zone: "16:39" (en-GB), "4:39 PM" (en-US). */
export function clockTime(instant: Date | string | number, tz: string, locale: string): string {
  return formatInstant("time", instant, tz, locale);
}

/** A day key as a short label without the year: "4 Mar" (en-GB), "Mar 4" (en-US). */
export function dayKeyLabel(key: DayKey, locale: string): string {
  return formatDayKey("day", key, locale);
}

/** A day key as a long date: "4 March 2026" (en-GB), "March 4, 2026" (en-US). */
export function dayKeyLong(key: DayKey, locale: string): string {
  return formatDayKey("long", key, locale);
}

/** A day key as a short date: "4 Mar 2026" (en-GB), "Mar 4, 2026" (en-US). */
export function dayKeyShort(key: DayKey, locale: string): string {
  return formatDayKey("short", key, locale);
}

/** A day key with its weekday: "Saturday, 21 November 2026" (en-GB), "Saturday, November 21, 2026" (en-US). */
export function dayKeyFull(key: DayKey, locale: string): string {
  return formatDayKey("fullDate", key, locale);
}

/** A day key with its weekday, no year: "Tuesday 24 November" (en-GB), "Tuesday, November 24" (en-US). */
export function dayKeyWeekday(key: DayKey, locale: string): string {
  return formatDayKey("weekdayDay", key, locale);
}

/** A month ("YYYY-MM") as "November 2026" in the locale's words. */
export function monthYearLabel(month: string, locale: string): string {
  return formatDayKey("month", `${month}-01`, locale);
}

/** A month's name in the locale's words: index 0 is January; `short` gives "Jan" (en), "Jan." (de). */
export function monthName(monthIndex: number, locale: string, short = false): string {
  const f = new Intl.DateTimeFormat(usableLocale(locale), { month: short ? "short" : "long", timeZone: "UTC" });
  return f.format(Date.UTC(2026, monthIndex, 1));
}

/**
 * Where weeks start when the platform cannot say (Intl.Locale#getWeekInfo / weekInfo missing): CLDR's
 * first day by region. Sunday: the Americas' and East and South Asia's calendars among others; Saturday: much
 * of the Middle East and North Africa; Monday everywhere else (CLDR's world default, and most of Europe).
 */
const SUNDAY_REGIONS = new Set(
  "AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW".split(
    " ",
  ),
);
const SATURDAY_REGIONS = new Set("AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY".split(" "));

/** The first day of the week in a region by the table above: 0 is Sunday, 1 Monday, 6 Saturday (Date#getDay). */
export function regionFirstDay(region: string | undefined): number {
  const r = (region ?? "").toUpperCase();
  return SUNDAY_REGIONS.has(r) ? 0 : SATURDAY_REGIONS.has(r) ? 6 : 1;
}

type WeekInfoLocale = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };

/**
 * The day a week starts on in the person's locale, counted as Date#getDay counts (0 Sunday ... 6 Saturday):
 * en-US Sunday, en-GB and de-DE Monday, ar-EG Saturday. The platform's answer first (its firstDay counts
 * 1 Monday ... 7 Sunday, and honours a "-u-fw-" extension); the region table where the platform has none.
 */
export function firstDayOfWeek(locale: string): number {
  const tag = usableLocale(locale);
  let l: WeekInfoLocale;
  try {
    l = new Intl.Locale(tag) as WeekInfoLocale;
  } catch {
    return 0;
  }
  try {
    const day = (l.getWeekInfo?.() ?? l.weekInfo)?.firstDay;
    if (typeof day === "number" && day >= 1 && day <= 7) return day % 7;
  } catch {
    /* no week data for this locale: the table decides */
  }
  let region = l.region;
  try {
    region ??= l.maximize().region;
  } catch {
    /* no likely region: the table's default */
  }
  return regionFirstDay(region ?? "US");
}

/** The seven weekdays in the order a week shows them, starting on `firstDay` (0 Sunday ... 6 Saturday). */
export function weekdayOrder(firstDay: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (firstDay + i) % 7);
}

/** A weekday's short name in the locale's words: index 0 is Sunday ("Sun" in en, "So" in de). */
export function weekdayShortName(weekday: number, locale: string): string {
  // 2026-11-01 is a Sunday.
  return formatter("weekday", locale, "UTC").format(Date.UTC(2026, 10, 1 + weekday));
}

/** A weekday's full name in the locale's words: index 0 is Sunday ("Sunday", "Sonntag"). */
export function weekdayLongName(weekday: number, locale: string): string {
  return formatter("weekdayLong", locale, "UTC").format(Date.UTC(2026, 10, 1 + weekday));
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
