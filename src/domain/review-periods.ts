/**
 * The periods of reviews (pure and light, for the screens): a week (Monday to Sunday), a calendar month or
 * a calendar year, their titles, their Config key, and which ended period is worth offering a review for.
 * The evidence and the body of a review are ./reviews.ts (server side).
 */
import { TZDate } from "@date-fns/tz";
import { endOfMonth, endOfWeek, endOfYear, startOfMonth, startOfWeek, startOfYear } from "date-fns";
import { APP_NAME } from "./constants";
import {
  addDaysToKey,
  daysBetweenKeys,
  isDayKey,
  MONTH_NAMES as MONTHS,
  WEEKDAY_NAMES as WEEKDAYS,
  type DayKey,
} from "./dates";

export const REVIEW_PERIODS = ["week", "month", "year"] as const;
export type ReviewPeriod = (typeof REVIEW_PERIODS)[number];
/** The tag every review entry carries. */
export const REVIEW_TAG = "review";
/** The Config key prefix of the map period -> review entry. */
export const REVIEW_CONFIG_PREFIX = "review:";

export { MONTHS, WEEKDAYS };

// ---------------------------------------------------------------- periods

export interface PeriodBounds {
  period: ReviewPeriod;
  /** First local day, inclusive. */
  start: DayKey;
  /** Last local day, inclusive. */
  end: DayKey;
  days: number;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const keyOf = (d: Date) => `${String(d.getFullYear()).padStart(4, "0")}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

function dateOf(key: DayKey): TZDate {
  if (!isDayKey(key)) throw new RangeError(`Invalid day key: ${key}`);
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  const date = new TZDate(y, m - 1, d, "UTC");
  if (y < 100) date.setFullYear(y, m - 1, d);
  return date;
}

/** The week (Monday to Sunday), calendar month or calendar year that holds a day. */
export function periodBounds(period: ReviewPeriod, date: DayKey): PeriodBounds {
  const d = dateOf(date);
  const [from, to] =
    period === "week"
      ? [startOfWeek(d, { weekStartsOn: 1 }), endOfWeek(d, { weekStartsOn: 1 })]
      : period === "month"
        ? [startOfMonth(d), endOfMonth(d)]
        : [startOfYear(d), endOfYear(d)];
  const start = keyOf(from);
  const end = keyOf(to);
  return { period, start, end, days: daysBetweenKeys(start, end) + 1 };
}

/** The period just before (the one that holds the day before this one starts). */
export function previousPeriod(b: PeriodBounds): PeriodBounds {
  return periodBounds(b.period, addDaysToKey(b.start, -1));
}

/** "23 November 2026" */
export function longDate(key: DayKey): string {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "Tuesday 24 November" */
export function weekdayDate(key: DayKey): string {
  const d = dateOf(key);
  return `${WEEKDAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]}`;
}

/** The review entry's title: "Week of 23 November 2026", "November 2026", "Your year in Reverie 2026". */
export function reviewTitle(b: Pick<PeriodBounds, "period" | "start">): string {
  const [y, m] = b.start.split("-").map(Number) as [number, number];
  if (b.period === "week") return `Week of ${longDate(b.start)}`;
  if (b.period === "month") return `${MONTHS[m - 1]} ${y}`;
  return `Your year in ${APP_NAME} ${y}`;
}

/** The Config key that maps a period to its review entry. */
export function reviewConfigKey(b: Pick<PeriodBounds, "period" | "start">): string {
  return `${REVIEW_CONFIG_PREFIX}${b.period}:${b.start}`;
}

export const NOUN: Record<ReviewPeriod, string> = { week: "week", month: "month", year: "year" };

/** How many days into a new period its last one is still offered for a review. */
export const OFFER_DAYS: Record<ReviewPeriod, number> = { week: 2, month: 3, year: 7 };

/**
 * The ended periods worth offering a review for on `today`: the last year in the first week of a new
 * year, the last month in the first three days of a month, the last week on Monday and Tuesday. The
 * longest period first.
 */
export function endedPeriodsToOffer(today: DayKey): PeriodBounds[] {
  const out: PeriodBounds[] = [];
  for (const period of ["year", "month", "week"] as const) {
    const current = periodBounds(period, today);
    if (daysBetweenKeys(current.start, today) < OFFER_DAYS[period]) out.push(previousPeriod(current));
  }
  return out;
}

export interface DayLink {
  date: DayKey;
  mood: number;
  entry_id: string;
  entry_title: string;
}

export interface ReviewNumbers {
  entries: number;
  words: number;
  days_written: number;
  checkins: number;
}
