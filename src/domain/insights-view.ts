/** What the Home screen shows of insights and growth insights (spec sections 2 and 3). */
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

/** Up to 3 emotional patterns, largest share first, in plain words: "Joyful in about half of your entries". */
export function emotionRows(
  patterns: ReadonlyArray<EmotionalPattern> | null | undefined,
  n = INSIGHTS_TOP_N,
): PatternRow[] {
  return (patterns ?? [])
    .filter((p) => clean(p.emotion) && Number.isFinite(p.percentage) && p.percentage > 0)
    .toSorted((a, b) => b.percentage - a.percentage)
    .slice(0, n)
    .map((p) => ({
      key: clean(p.emotion).toLowerCase(),
      label: `${capitalize(clean(p.emotion))} in ${shareInWords(p.percentage)} of your entries`,
      value: "",
      share: Math.min(100, Math.max(0, p.percentage)),
    }));
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
