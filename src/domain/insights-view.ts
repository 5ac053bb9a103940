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

/** Up to 3 emotional patterns, largest share first: "{emotion} emotions" with the percent. */
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
      label: `${capitalize(clean(p.emotion))} emotions`,
      value: formatPercent(p.percentage),
      share: Math.min(100, Math.max(0, p.percentage)),
    }));
}

/** Up to 3 themes, most frequent first: "{theme} theme" with the count of appearances. */
export function themeRows(themes: ReadonlyArray<CommonTheme> | null | undefined, n = INSIGHTS_TOP_N): PatternRow[] {
  const list = (themes ?? []).filter((t) => clean(t.theme) && Number.isFinite(t.frequency) && t.frequency > 0);
  const top = list.toSorted((a, b) => b.frequency - a.frequency).slice(0, n);
  const max = top[0]?.frequency ?? 1;
  return top.map((t) => ({
    key: clean(t.theme).toLowerCase(),
    label: `${capitalize(clean(t.theme))} theme`,
    value: appearances(Math.round(t.frequency)),
    share: (t.frequency / max) * 100,
  }));
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
