/**
 * Dates as the person reads them: the locale's formats of instants and day keys (the day arithmetic is ./dates).
 */
import { RELATIVE_DATE_WINDOW_DAYS } from "./constants";
import { daysBetweenKeys, isDayKey, isValidTimeZone, keyToUtcMs, localDayKey, type DayKey } from "./dates";

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
