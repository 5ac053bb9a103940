/**
 * Check-ins: the person's own mood and what they did. The effective mood of an entry, the faces of
 * the check-in, the "often together" figures and the colours of Year in Pixels.
 */

/** The chips a new journal starts with (the person can add, rename and hide them). */
export const DEFAULT_ACTIVITIES: readonly string[] = [
  "sleep well",
  "exercise",
  "friends",
  "family",
  "work",
  "outdoors",
  "creative",
  "alone time",
  "screen time",
  "alcohol",
];

export const MAX_ACTIVITY_NAME = 40;
export const MAX_ACTIVITIES_PER_CHECKIN = 30;
export const MAX_ACTIVITY_CHIPS = 100;
export const MAX_CHECKIN_NOTE = 2000;

/** An activity needs at least this many days with it before the "often together" figures show it. */
export const MIN_CORRELATION_DAYS = 5;

export { EFFECTIVE_MOOD_SQL, effectiveMood } from "./effective-mood";

/** An activity name as stored: trimmed, inner spaces collapsed, lower case. */
export function normalizeActivity(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/gu, " ").toLowerCase();
}

/** Activity names of one check-in: normalized, empty ones and repeats left out, in the order given. */
export function normalizeActivities(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    const a = normalizeActivity(n);
    if (a && !out.includes(a)) out.push(a);
  }
  return out;
}

// ---------------------------------------------------------------- faces

export interface MoodFace {
  /** The mood the face stands for on the 1..10 scale. */
  mood: number;
  emoji: string;
  label: string;
}

/** The five faces of a check-in; each covers two points of the 1..10 scale and records the higher one. */
export const MOOD_FACES: readonly MoodFace[] = [
  { mood: 2, emoji: "😣", label: "Awful" },
  { mood: 4, emoji: "😔", label: "Bad" },
  { mood: 6, emoji: "😐", label: "Okay" },
  { mood: 8, emoji: "😊", label: "Good" },
  { mood: 10, emoji: "😄", label: "Great" },
];

/** The face (0..4) a mood on the 1..10 scale shows as: 1-2 Awful, 3-4 Bad, 5-6 Okay, 7-8 Good, 9-10 Great. */
export function faceIndex(mood: number): number {
  return Math.min(4, Math.max(0, Math.ceil(mood / 2) - 1));
}

// ---------------------------------------------------------------- often together

/** One check-in as the figures read it: its local day, mood and activities. */
export interface CheckInPoint {
  day: string;
  mood: number;
  activities: readonly string[];
}

export interface ActivityCorrelation {
  name: string;
  /** Days with at least one check-in naming the activity. */
  days: number;
  /** The average mood of those days. */
  average_mood: number;
  /** average_mood minus the average mood of every day with a check-in. */
  difference: number;
}

export interface Correlations {
  activities: ActivityCorrelation[];
  min_days: number;
  /** Days with at least one check-in. */
  days: number;
  /** The average mood over those days (null: none). */
  average_mood: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * What goes with the person's good days. A day's mood is the average of its check-ins; an activity
 * belongs to a day when any check-in of that day names it. Each activity's figure is the average mood
 * of its days minus the average of all days. Every activity is listed (most days first within equal
 * differences); the reader hides those under `min_days`. Linear in the number of check-ins.
 */
export function correlations(points: Iterable<CheckInPoint>, minDays = MIN_CORRELATION_DAYS): Correlations {
  return correlationsFromTotals(dayTotals(points), minDays);
}

/**
 * The sums the figures are made of: the number of days with a check-in and the sum of their moods
 * (a day's mood being the average of its check-ins), and the same for the days of each activity.
 * The server reads them from the database in one query; `dayTotals` makes them from check-ins.
 */
export interface DayTotals {
  days: number;
  sum: number;
  activities: { name: string; days: number; sum: number }[];
}

export function dayTotals(points: Iterable<CheckInPoint>): DayTotals {
  const days = new Map<string, { sum: number; n: number; acts: Set<string> }>();
  for (const p of points) {
    let d = days.get(p.day);
    if (!d) {
      d = { sum: 0, n: 0, acts: new Set() };
      days.set(p.day, d);
    }
    d.sum += p.mood;
    d.n += 1;
    for (const a of p.activities) d.acts.add(a);
  }
  let total = 0;
  const byActivity = new Map<string, { sum: number; days: number }>();
  for (const d of days.values()) {
    const mood = d.sum / d.n;
    total += mood;
    for (const a of d.acts) {
      const s = byActivity.get(a);
      if (s) {
        s.sum += mood;
        s.days += 1;
      } else byActivity.set(a, { sum: mood, days: 1 });
    }
  }
  return {
    days: days.size,
    sum: total,
    activities: [...byActivity].map(([name, s]) => ({ name, days: s.days, sum: s.sum })),
  };
}

/** The figures from the sums: each activity's average day and its difference from the average of all days. */
export function correlationsFromTotals(t: DayTotals, minDays = MIN_CORRELATION_DAYS): Correlations {
  if (t.days === 0) return { activities: [], min_days: minDays, days: 0, average_mood: null };
  const average = t.sum / t.days;
  const activities = t.activities
    .filter((a) => a.days > 0)
    .map((a) => {
      const avg = a.sum / a.days;
      return { name: a.name, days: a.days, average_mood: round1(avg), difference: round1(avg - average) };
    });
  activities.sort(
    (a, b) => b.difference - a.difference || b.days - a.days || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return { activities, min_days: minDays, days: t.days, average_mood: round1(average) };
}

/** The activities with enough days behind them to be shown. */
export function shownCorrelations(c: Pick<Correlations, "activities" | "min_days">): ActivityCorrelation[] {
  return c.activities.filter((a) => a.days >= c.min_days);
}

/** How the default activities read after "on days you ...". */
const ACTIVITY_PHRASES: Readonly<Record<string, string>> = {
  "sleep well": "you sleep well",
  exercise: "you exercise",
  friends: "you see friends",
  family: "you spend time with family",
  work: "you work",
  outdoors: "you go outdoors",
  creative: "you do something creative",
  "alone time": "you have time alone",
  "screen time": "you have a lot of screen time",
  alcohol: "you drink alcohol",
};

/** "+1.4", "−0.9" (a true minus sign), "±0.0". */
export function signedFigure(n: number): string {
  const r = round1(n);
  if (r === 0) return "±0.0";
  return `${r > 0 ? "+" : "\u2212"}${Math.abs(r).toFixed(1)}`;
}

/**
 * The plain sentence for one activity, never claiming a cause:
 * "You tend to feel better on days you go outdoors: 12 days, +1.4".
 */
export function togetherSentence(a: Pick<ActivityCorrelation, "name" | "days" | "difference">): string {
  const phrase = ACTIVITY_PHRASES[a.name] ?? `with \u201c${a.name}\u201d`;
  const when = `on days ${phrase}`;
  const days = a.days === 1 ? "1 day" : `${a.days} days`;
  const figure = `${days}, ${signedFigure(a.difference)}`;
  if (Math.abs(a.difference) < 0.3) return `Your mood is about the same ${when}: ${figure}`;
  return `You tend to feel ${a.difference > 0 ? "better" : "lower"} ${when}: ${figure}`;
}

// ---------------------------------------------------------------- year in pixels

/** 0: no mood that day; 1..5: the face of the day's mood (1 lowest). */
export type PixelLevel = 0 | 1 | 2 | 3 | 4 | 5;

export function pixelLevel(mood: number | null | undefined): PixelLevel {
  if (typeof mood !== "number" || !Number.isFinite(mood)) return 0;
  return (faceIndex(mood) + 1) as PixelLevel;
}

export interface PixelDay {
  date: string;
  mood: number | null;
  source: "stated" | "inferred" | null;
}

/**
 * A day's pixel: the average of the moods the person stated that day (check-ins) when there is one,
 * else the average of the entries' inferred moods, else nothing.
 */
export function pixelDay(date: string, stated: readonly number[], inferred: readonly number[]): PixelDay {
  if (stated.length) return { date, mood: round1(stated.reduce((a, b) => a + b, 0) / stated.length), source: "stated" };
  if (inferred.length)
    return { date, mood: round1(inferred.reduce((a, b) => a + b, 0) / inferred.length), source: "inferred" };
  return { date, mood: null, source: null };
}

/** The accessible name of a pixel: "12 March 2026: Good, 7.5 (you said)" / "…: no mood". */
export function pixelLabel(p: PixelDay, dayLabel: string): string {
  if (p.mood === null) return `${dayLabel}: no mood`;
  const face = MOOD_FACES[faceIndex(p.mood)]!;
  return `${dayLabel}: ${face.label}, ${p.mood.toFixed(1)} (${p.source === "stated" ? "you said" : "from your writing"})`;
}

// ---------------------------------------------------------------- the person's order of chips

/**
 * The order after moving one id to `index` (0 first; past the end: last); the others keep their order
 * and close up around it. An id not in the list leaves it as it is.
 */
export function moveTo(order: readonly string[], id: string, index: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const rest = order.filter((x) => x !== id);
  const at = Math.max(0, Math.min(rest.length, Math.trunc(index)));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
