/** Rules of the Home screen: the insights window, "On this day", the mood picture, number formats, shortcuts. */
import { INSIGHTS_WINDOW_DAYS } from "./constants";
import { addDaysToKey, isDayKey, type DayKey } from "./dates";

/** The last N local days, today included: { start, end } as YYYY-MM-DD (the insights date_range). */
export function insightsWindow(today: DayKey, days = INSIGHTS_WINDOW_DAYS): { start: DayKey; end: DayKey } {
  return { start: addDaysToKey(today, -(days - 1)), end: today };
}

/** Every calendar month ("YYYY-MM") that a range of day keys touches, in order. */
export function monthsInRange(start: DayKey, end: DayKey): string[] {
  const out: string[] = [];
  let [y, m] = start.split("-").map(Number);
  const [ey, em] = end.split("-").map(Number);
  while (y < ey || (y === ey && m <= em)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The local days of an earlier year that count as "this calendar day" for `today`:
 * the same month and day; on 28 February of a non-leap year also 29 February of a leap year
 * (a leap-day entry still has an anniversary every year). On 29 February only earlier leap days match.
 */
export function onThisDayKeys(today: DayKey, year: number): DayKey[] {
  const [ty, mm, dd] = today.split("-");
  const y = String(year).padStart(4, "0");
  const out: DayKey[] = [];
  const same = `${y}-${mm}-${dd}`;
  if (isDayKey(same)) out.push(same);
  if (mm === "02" && dd === "28" && !isLeapYear(Number(ty)) && isLeapYear(year)) out.push(`${y}-02-29`);
  return out;
}

/** Length of the excerpt shown for an "On this day" entry. */
export const ON_THIS_DAY_EXCERPT_CHARS = 160;
/** At most this many "On this day" entries are listed. */
export const ON_THIS_DAY_LIMIT = 10;

/** A short plain excerpt: rich-text markers removed, whitespace collapsed, cut at a word with "...". */
export function plainExcerpt(content: string, max = ON_THIS_DAY_EXCERPT_CHARS): string {
  const plain = content
    .replace(/\*\*(.+?)\*\*/gsu, "$1")
    .replace(/(^|[^*])\*(?!\s)(.+?)\*/gsu, "$1$2")
    .replace(/^\s*(?:•|\d+\.)\s+/gmu, "")
    .replace(/\s+/gu, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** "1 year ago", "3 years ago". */
export function yearsAgoLabel(years: number): string {
  return years === 1 ? "1 year ago" : `${years} years ago`;
}

// ---------------------------------------------------------------- numbers

const intFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Whole numbers with thousands separators: 15420 -> "15,420". */
export function formatCount(n: number): string {
  return intFormat.format(Number.isFinite(n) ? n : 0);
}

/** "1 day", "12 days". */
export function dayCountLabel(n: number): string {
  return n === 1 ? "1 day" : `${formatCount(n)} days`;
}

/**
 * The streak as Home shows it. A day counts with an entry or a check-in. A gap is never named as a
 * loss: after one, the figure reads "Welcome back" and says how a new run starts.
 */
export function streakFigure(current: number, hadDays: boolean): { value: string; note: string | null } {
  if (current > 0) return { value: dayCountLabel(current), note: null };
  if (!hadDays) return { value: dayCountLabel(0), note: null };
  return { value: "Welcome back", note: "An entry or a check-in today starts a new run." };
}

/** Bytes as people read them, one decimal from KB up: 0 B, 512 B, 2.3 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024)
    return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

// ---------------------------------------------------------------- mood over time

export interface DayMood {
  date: DayKey;
  count: number;
  average_mood: number | null;
}

export interface MoodPoint {
  date: DayKey;
  /** the day's average mood, null when no entry of that day has a score */
  mood: number | null;
  count: number;
}

/** One point per day of [start, end], in order; days absent from `days` have no mood. */
export function moodSeries(days: ReadonlyArray<DayMood>, start: DayKey, end: DayKey): MoodPoint[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const out: MoodPoint[] = [];
  for (let d = start; d <= end; d = addDaysToKey(d, 1)) {
    const x = byDate.get(d);
    const mood = x && typeof x.average_mood === "number" && Number.isFinite(x.average_mood) ? x.average_mood : null;
    out.push({ date: d, mood, count: x?.count ?? 0 });
  }
  return out;
}

/** A point of the chart's line: its index in the series (its day's place on the x axis) and its mood. */
export interface MoodLinePoint extends MoodPoint {
  index: number;
  mood: number;
}

/**
 * The runs of the mood line: days in a row that have a mood. A day without one (no entry, or none read) is a
 * gap, so the line never runs straight across days or weeks with nothing written. A run of one day is a dot.
 */
export function moodLineRuns(series: ReadonlyArray<MoodPoint>): MoodLinePoint[][] {
  const runs: MoodLinePoint[][] = [];
  let run: MoodLinePoint[] | null = null;
  series.forEach((p, index) => {
    if (p.mood === null) {
      run = null;
      return;
    }
    if (!run) {
      run = [];
      runs.push(run);
    }
    run.push({ ...p, mood: p.mood, index });
  });
  return runs;
}

export interface MoodSummary {
  /** days with a score */
  days: number;
  average: number | null;
  high: MoodPoint | null;
  low: MoodPoint | null;
}

/** Average of the daily averages (one decimal), and the highest and lowest day (the latest on ties). */
export function moodSummary(series: ReadonlyArray<MoodPoint>): MoodSummary {
  const scored = series.filter((p): p is MoodPoint & { mood: number } => p.mood !== null);
  if (!scored.length) return { days: 0, average: null, high: null, low: null };
  const avg = scored.reduce((a, p) => a + p.mood, 0) / scored.length;
  let high = scored[0];
  let low = scored[0];
  for (const p of scored) {
    if (p.mood >= high.mood) high = p;
    if (p.mood <= low.mood) low = p;
  }
  return { days: scored.length, average: Math.round(avg * 10) / 10, high, low };
}

// ---------------------------------------------------------------- keyboard shortcuts

/** The Home screen's single-key shortcuts: N opens a new entry, C opens the chat. */
export const HOME_SHORTCUTS: Readonly<Record<string, string>> = { n: "/journal", c: "/chat" };

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  /** true when focus is in a text field, a select or an editable element */
  typing?: boolean;
}

/** Where a key press on Home leads, or null when it is not a shortcut (typing, modifiers, held keys). */
export function shortcutTarget(e: KeyPress): string | null {
  if (e.typing || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return null;
  return HOME_SHORTCUTS[e.key.toLowerCase()] ?? null;
}

// ---------------------------------------------------------------- the returning writer

/**
 * What Home opens on. "journal" (the person's own: today, their latest entries, their figures, and the
 * product's description folded away at the end) as soon as either answer shows an entry; "landing" (the
 * spec's welcome, features and privacy panel, with the empty state) once the statistics say the journal is
 * empty and the latest entries do not contradict them; "loading" until then. When the statistics cannot be
 * read (offline, an error), Home opens on the journal: its panels say what failed, and nothing is hidden
 * behind the welcome of a product the person already uses.
 */
export type HomeForm = "loading" | "landing" | "journal";

export interface HomeAnswer {
  /** the entries the answer counts, when it has arrived */
  total?: number;
  isError: boolean;
}

export function homeForm(stats: HomeAnswer, latest: HomeAnswer): HomeForm {
  if ((stats.total ?? 0) > 0 || (latest.total ?? 0) > 0) return "journal";
  if (stats.isError) return latest.total === 0 ? "landing" : "journal";
  if (stats.total === undefined) return "loading";
  return "landing";
}

/** How many of the latest entries Home lists. */
export const HOME_LATEST_COUNT = 4;
/** Longest first line shown under an entry's title on Home. */
export const FIRST_LINE_CHARS = 120;

/**
 * The opening line of an entry as Home shows it under the title: the first line with words in it, without
 * the editor's markers (bold, italic, list bullets and numbers), cut at a word with "..." past `max`.
 * A line that only repeats the title is skipped, so the title is not shown twice. Empty when nothing is left.
 */
export function firstLine(content: string, title = "", max = FIRST_LINE_CHARS): string {
  const own = title.replace(/\s+/gu, " ").trim().toLowerCase();
  for (const line of content.split(/\r?\n/u)) {
    const plain = plainExcerpt(line, Number.MAX_SAFE_INTEGER);
    if (!plain) continue;
    if (own && plain.toLowerCase() === own) continue;
    return plainExcerpt(plain, max);
  }
  return "";
}

/**
 * The day over Home's greeting, in the browser's language: "Friday, November 27" (en-US), "Friday 27
 * November" (en-GB), "Freitag, 27. November" (de-DE). `day` is the person's local day.
 */
export function todayHeading(day: DayKey, locale?: string): string {
  if (!isDayKey(day)) throw new RangeError(`Invalid day key: ${day}`);
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    date,
  );
}
