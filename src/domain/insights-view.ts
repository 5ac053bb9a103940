/**
 * What the Home screen shows of insights and growth insights (spec sections 2 and 3), and the plain sentences
 * they are told in. A sentence says what went together, with the days behind it, never that one thing causes
 * another ("you tend to", "on days you"), and never a spreadsheet line ("Neutral emotions 30.8%").
 */
import { signedFigure } from "./checkins";
import { INSIGHTS_TOP_N } from "./constants";

export interface EmotionalPattern {
  emotion: string;
  percentage: number;
}
export interface CommonTheme {
  theme: string;
  frequency: number;
}

export interface PatternRow {
  key: string;
  label: string;
  value: string;
  /** 0..100, for a bar */
  share: number;
}

/** A percent to one decimal: 33.333 -> "33.3%", 50 -> "50.0%". */
export function formatPercent(p: number): string {
  const v = Number.isFinite(p) ? Math.min(100, Math.max(0, p)) : 0;
  return `${v.toFixed(1)}%`;
}

const clean = (s: unknown) => (typeof s === "string" ? s.replace(/\s+/gu, " ").trim() : "");

/**
 * A share of entries in words, as a person would say it: "most", "about half", "about a third",
 * "about a quarter", "about 1 in 6", "a few".
 */
export function shareInWords(percentage: number): string {
  const p = Number.isFinite(percentage) ? Math.min(100, Math.max(0, percentage)) : 0;
  if (p >= 95) return "almost all";
  if (p >= 60) return "most";
  if (p >= 42) return "about half";
  if (p >= 29) return "about a third";
  if (p >= 21) return "about a quarter";
  if (p >= 8) return `about 1 in ${Math.round(100 / p)}`;
  return "a few";
}

/** Words that name a band of mood rather than a feeling, and how a person would say them after "you felt". */
const BAND_WORDS: Readonly<Record<string, string>> = { positive: "good", negative: "low" };
/** "Neutral" is no feeling: it is said as entries without a strong one, and never tops the list. */
const NO_FEELING = new Set(["neutral", "none", "mixed"]);

/**
 * One feeling and its share of entries, as a person would say it: "You felt joyful in about half of your
 * entries"; "neutral" becomes "About a third of your entries had no strong feeling".
 */
export function feelingShareSentence(emotion: string, percentage: number): string {
  const e = clean(emotion).toLowerCase();
  const share = shareInWords(percentage);
  if (NO_FEELING.has(e)) return `${capitalize(share)} of your entries had no strong feeling`;
  return `You felt ${BAND_WORDS[e] ?? e} in ${share} of your entries`;
}

/**
 * Up to 3 emotional patterns in plain sentences, feelings first (largest share first), entries without a
 * strong feeling last: "You felt joyful in about half of your entries".
 */
export function emotionRows(
  patterns: ReadonlyArray<EmotionalPattern> | null | undefined,
  n = INSIGHTS_TOP_N,
): PatternRow[] {
  const plain = (p: EmotionalPattern) => NO_FEELING.has(clean(p.emotion).toLowerCase());
  return (patterns ?? [])
    .filter((p) => clean(p.emotion) && Number.isFinite(p.percentage) && p.percentage > 0)
    .toSorted((a, b) => Number(plain(a)) - Number(plain(b)) || b.percentage - a.percentage)
    .slice(0, n)
    .map((p) => ({
      key: clean(p.emotion).toLowerCase(),
      label: feelingShareSentence(p.emotion, p.percentage),
      value: "",
      share: Math.min(100, Math.max(0, p.percentage)),
    }));
}

/** "work", "work and sleep", "work, sleep and family". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What the person wrote about most, in one sentence: "You wrote most about work and sleep" (the two most
 * frequent themes that came up in two entries or more; a second one only when it came up at least half as
 * often as the first). Null when no theme came up twice.
 */
export function mostWrittenAbout(themes: ReadonlyArray<CommonTheme> | null | undefined, period = ""): string | null {
  const top = (themes ?? [])
    .filter((t) => clean(t.theme) && Number.isFinite(t.frequency) && t.frequency >= 2)
    .toSorted((a, b) => b.frequency - a.frequency);
  if (!top.length) return null;
  const named = [top[0], ...(top[1] && top[1].frequency * 2 >= top[0].frequency ? [top[1]] : [])];
  const when = clean(period) ? ` ${clean(period)}` : "";
  return `You wrote most about ${listInWords(named.map((t) => clean(t.theme).toLowerCase()))}${when}`;
}

/** A theme's days against the other days with a mood: how many, and the difference of their average mood. */
export interface ThemeMood {
  theme: string;
  days: number;
  difference: number;
}

/**
 * How the mood of the days a theme came up compares with the other days, never as a cause:
 * "You tend to feel better on days you write about exercise: 3 days, +3.5".
 */
export function themeMoodSentence(t: ThemeMood): string {
  const days = t.days === 1 ? "1 day" : `${t.days} days`;
  const figure = `${days}, ${signedFigure(t.difference)}`;
  const when = `on days you write about ${clean(t.theme).toLowerCase()}`;
  if (Math.abs(t.difference) < 0.3) return `Your mood is about the same ${when}: ${figure}`;
  return `You tend to feel ${t.difference > 0 ? "better" : "lower"} ${when}: ${figure}`;
}

/** "You felt anxious in 3 entries" (a feeling, with the entries behind it). */
export function feltInEntries(emotion: string, count: number): string {
  const e = clean(emotion).toLowerCase();
  return `You felt ${BAND_WORDS[e] ?? e} in ${entriesCount(count)}`;
}

/** "You felt tired more often than anything else, in 3 entries". */
export function feltMostOften(emotion: string, count: number): string {
  const e = clean(emotion).toLowerCase();
  return `You felt ${BAND_WORDS[e] ?? e} more often than anything else, in ${entriesCount(count)}`;
}

/** "You have written 6 days in a row" / "You wrote on 8 days". */
export function writingHabitSentence(streak: number, daysWritten: number): string {
  if (streak >= 2) return `You have written ${streak} days in a row`;
  return `You wrote on ${daysWritten === 1 ? "1 day" : `${daysWritten} days`}`;
}

/** Up to 3 themes, most frequent first, in plain words: "Work came up in 4 entries". */
export function themeRows(themes: ReadonlyArray<CommonTheme> | null | undefined, n = INSIGHTS_TOP_N): PatternRow[] {
  const list = (themes ?? []).filter((t) => clean(t.theme) && Number.isFinite(t.frequency) && t.frequency > 0);
  const top = list.toSorted((a, b) => b.frequency - a.frequency).slice(0, n);
  const max = top[0]?.frequency ?? 1;
  return top.map((t) => ({
    key: clean(t.theme).toLowerCase(),
    label: `${capitalize(clean(t.theme))} came up in ${entriesCount(Math.round(t.frequency))}`,
    value: "",
    share: (t.frequency / max) * 100,
  }));
}

export function entriesCount(n: number): string {
  return n === 1 ? "1 entry" : `${n} entries`;
}

export function appearances(n: number): string {
  return n === 1 ? "1 time" : `${n} times`;
}

export function capitalize(s: string): string {
  return s ? s[0].toLocaleUpperCase("en-US") + s.slice(1) : s;
}

// ---------------------------------------------------------------- growth

export const GROWTH_COMING_SOON =
  "Growth insights coming soon. Continue journaling to unlock personalized growth recommendations and actionable outcomes.";

export interface GrowthLike {
  actionable_outcomes?: ReadonlyArray<{
    title: string;
    description: string;
    timeframe: string;
    category: string;
  }> | null;
  strengths_identified?: ReadonlyArray<string> | null;
  growth_areas?: ReadonlyArray<string> | null;
  growth_summary?: string | null;
}

/** True when growth insights have anything to show. */
export function hasGrowthContent(g: GrowthLike | null | undefined): boolean {
  if (!g) return false;
  return (
    (g.actionable_outcomes ?? []).some((o) => clean(o.title) || clean(o.description)) ||
    (g.strengths_identified ?? []).some((s) => clean(s)) ||
    (g.growth_areas ?? []).some((s) => clean(s)) ||
    !!clean(g.growth_summary)
  );
}
