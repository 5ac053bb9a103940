import "server-only";
import { createHash } from "node:crypto";
import {
  GrowthInsightsSchema,
  InsightsSummarySchema,
  type DateRange,
  type GrowthInsightsDto,
  type GrowthInsightsResponse,
  type InsightsDto,
  type InsightsResponse,
} from "@/contracts/ai";
import { DEFAULT_INSIGHTS_SUMMARY, INSIGHTS_TOP_N, INSIGHTS_WINDOW_DAYS } from "@/domain/constants";
import { addDaysToKey, dayKeyFormatter, localDayKey, serverTimeZone, startOfLocalDay } from "@/domain/dates";
import { effectiveMood } from "@/domain/checkins";
import { moodBand } from "@/domain/mood";
import { db } from "@/server/db/client";
import { dataVersion } from "@/server/entries/version";
import { currentModel } from "../current";
import type { DayFacts, RangeFacts } from "../offline/analyzer";
import { runOffline } from "../offline-run";
import { personalContext, structuredSystem, type PersonalContext } from "../prompts";
import type { ResolvedModel } from "../providers";
import { generateStructured } from "../structured";
import { processSlots } from "@/server/runtime";

/**
 * Insights over a range of local days. The figures (emotional patterns, common themes, mood trends) are
 * computed exactly from the stored analyses of the entries in the range; the model writes only the
 * narrative. Results are cached per (kind, model, range, zone, personal settings) until any entry changes.
 */

export interface RangeEntry {
  createdAt: Date;
  mood: string | null;
  aiMoodScore: number | null;
  /** The mood the person stated (a check-in); wins over aiMoodScore. */
  statedMood?: number | null;
  aiThemes: string | null;
  aiSummary: string | null;
  title: string;
  content: string;
}

export interface ComputedInsights {
  range: DateRange;
  entries: RangeEntry[];
  figures: Omit<InsightsDto, "summary">;
  facts: RangeFacts;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The range asked for, or the last 30 local days including today. */
export function resolveRange(range: DateRange | null | undefined, tz: string, now = new Date()): DateRange {
  if (range) return range;
  const today = localDayKey(now, tz);
  return { start: addDaysToKey(today, -(INSIGHTS_WINDOW_DAYS - 1)), end: today };
}

/** A list of themes from the stored JSON text; anything else counts as none. */
function themesOf(aiThemes: string | null): string[] {
  if (!aiThemes) return [];
  try {
    const v: unknown = JSON.parse(aiThemes);
    if (!Array.isArray(v)) return [];
    const out = new Set<string>();
    for (const t of v) if (typeof t === "string" && t.trim()) out.add(t.trim().toLowerCase());
    return [...out];
  } catch {
    return [];
  }
}

/**
 * The emotion of an entry: its `mood` (the primary emotion saved with it), else the mood band of its
 * score, else none.
 */
function emotionOf(e: RangeEntry): string | null {
  const m = e.mood?.trim().toLowerCase();
  if (m) return m;
  const score = effectiveMood(e.statedMood, e.aiMoodScore);
  return score === null ? null : moodBand(score);
}

function topCounts(counts: Map<string, number>): [string, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Pure computation of the figures, exported for tests. */
export function computeFigures(
  entries: readonly RangeEntry[],
  tz: string,
  range?: DateRange,
): { figures: Omit<InsightsDto, "summary">; facts: RangeFacts } {
  const total = entries.length;
  const perDay = new Map<string, DayFacts & { sum: number; n: number }>();
  const emotions = new Map<string, number>();
  const themes = new Map<string, number>();
  const days = new Map<string, { sum: number; n: number }>();
  const keyOf = dayKeyFormatter(tz);
  let moodSum = 0;
  let moodN = 0;
  for (const e of entries) {
    const emo = emotionOf(e);
    if (emo) emotions.set(emo, (emotions.get(emo) ?? 0) + 1);
    const entryThemes = themesOf(e.aiThemes);
    for (const t of entryThemes) themes.set(t, (themes.get(t) ?? 0) + 1);
    const dk = keyOf(e.createdAt);
    const pd = perDay.get(dk) ?? { date: dk, mood: null, entries: 0, emotions: [], themes: [], sum: 0, n: 0 };
    pd.entries++;
    if (emo && !pd.emotions.includes(emo)) pd.emotions.push(emo);
    for (const t of entryThemes) if (!pd.themes.includes(t)) pd.themes.push(t);
    const score = effectiveMood(e.statedMood, e.aiMoodScore);
    if (score !== null) {
      pd.sum += score;
      pd.n++;
      pd.mood = round1(pd.sum / pd.n);
    }
    perDay.set(dk, pd);
    if (score !== null) {
      const k = keyOf(e.createdAt);
      const d = days.get(k) ?? { sum: 0, n: 0 };
      d.sum += score;
      d.n++;
      days.set(k, d);
      moodSum += score;
      moodN++;
    }
  }
  const emotional_patterns = topCounts(emotions)
    .slice(0, INSIGHTS_TOP_N)
    .map(([emotion, n]) => ({ emotion, percentage: round1((n / total) * 100) }));
  const common_themes = topCounts(themes)
    .slice(0, INSIGHTS_TOP_N)
    .map(([theme, frequency]) => ({ theme, frequency }));
  const mood_trends = [...days.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([date, d]) => ({ date, average_mood: round1(d.sum / d.n), entry_count: d.n }));
  let mood_change: number | null = null;
  if (mood_trends.length >= 3) {
    const third = Math.max(1, Math.floor(mood_trends.length / 3));
    const avg = (xs: typeof mood_trends) => xs.reduce((a, x) => a + x.average_mood, 0) / xs.length;
    mood_change = round1(avg(mood_trends.slice(-third)) - avg(mood_trends.slice(0, third)));
  }
  const dayList: DayFacts[] = [...perDay.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, mood, entries: n, emotions: em, themes: th }) => ({
      date,
      mood,
      entries: n,
      emotions: em,
      themes: th,
    }));
  let range_days: number | undefined;
  let streak: number | undefined;
  if (range) {
    range_days =
      Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000) + 1;
    const has = new Set(dayList.map((d) => d.date));
    // A streak still counts when today has no entry yet.
    let day = has.has(range.end) ? range.end : addDaysToKey(range.end, -1);
    streak = 0;
    while (has.has(day) && streak < 3660) {
      streak++;
      day = addDaysToKey(day, -1);
    }
  }
  return {
    figures: { mood_trends, common_themes, emotional_patterns },
    facts: {
      days: dayList,
      ...(range_days !== undefined ? { range_days, streak } : {}),
      entry_count: total,
      average_mood: moodN ? round1(moodSum / moodN) : null,
      top_emotions: emotional_patterns,
      top_themes: common_themes,
      mood_change,
    },
  };
}

async function loadRange(range: DateRange, tz: string): Promise<RangeEntry[]> {
  const prisma = await db();
  return prisma.entry.findMany({
    where: {
      createdAt: { gte: startOfLocalDay(range.start, tz), lt: startOfLocalDay(addDaysToKey(range.end, 1), tz) },
    },
    select: {
      createdAt: true,
      mood: true,
      aiMoodScore: true,
      statedMood: true,
      aiThemes: true,
      aiSummary: true,
      title: true,
      content: true,
    },
    orderBy: { createdAt: "asc" },
  });
}

export async function computeInsights(
  rangeIn: DateRange | null | undefined,
  tzIn?: string,
): Promise<ComputedInsights & { tz: string }> {
  const tz = tzIn ?? serverTimeZone();
  const range = resolveRange(rangeIn, tz);
  const entries = await loadRange(range, tz);
  return { range, entries, tz, ...computeFigures(entries, tz, range) };
}

// ---------------------------------------------------------------- cache

const g = processSlots<{ __reverieInsightsCache?: Map<string, { version: number; value: unknown }> }>();
const cache = (g.__reverieInsightsCache ??= new Map());
const MAX_CACHE = 200;

function cacheKey(kind: string, model: string, range: DateRange, tz: string, personal: PersonalContext): string {
  const p = createHash("sha256")
    .update(personal.personal_info)
    .update("\0")
    .update(personal.cultural_context)
    .digest("hex")
    .slice(0, 16);
  return [kind, model, range.start, range.end, tz, p].join("|");
}

async function cached<T>(key: string, make: () => Promise<T>): Promise<T> {
  const version = dataVersion();
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = await make();
  if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
  cache.set(key, { version: dataVersion() === version ? version : -1, value });
  return value;
}

/** Clears cached insights (tests; a change of model or settings is already part of the key). */
export function clearInsightsCache(): void {
  cache.clear();
}

// ---------------------------------------------------------------- model prompts

function factsText(c: ComputedInsights): string {
  const lines = [
    `Period: ${c.range.start} to ${c.range.end}`,
    `Entries: ${c.facts.entry_count}`,
    `Average mood (1-10): ${c.facts.average_mood ?? "unknown"}`,
    `Most frequent emotions: ${c.figures.emotional_patterns.map((p) => `${p.emotion} ${p.percentage}%`).join(", ") || "none recorded"}`,
    `Common themes: ${c.figures.common_themes.map((t) => `${t.theme} (${t.frequency})`).join(", ") || "none recorded"}`,
    `Daily mood: ${c.figures.mood_trends.map((d) => `${d.date} ${d.average_mood}`).join("; ") || "none recorded"}`,
  ];
  const notes = c.entries
    .slice(-20)
    .map(
      (e) => `- ${e.createdAt.toISOString().slice(0, 10)}: ${(e.aiSummary?.trim() || e.content.trim()).slice(0, 240)}`,
    );
  return `${lines.join("\n")}\n\nRecent entries (short):\n${notes.join("\n")}`;
}

// ---------------------------------------------------------------- tasks

async function narrative(
  model: ResolvedModel,
  c: ComputedInsights,
  personal: PersonalContext,
  signal?: AbortSignal,
): Promise<string> {
  if (c.facts.entry_count === 0) return DEFAULT_INSIGHTS_SUMMARY;
  if (model.kind === "offline") return runOffline("insightsSummaryOffline", c.facts);
  const { summary } = await generateStructured({
    model,
    task: "insights-summary",
    system: structuredSystem("insights-summary", personal),
    messages: [{ role: "user", content: factsText(c) }],
    schema: InsightsSummarySchema,
    signal,
  });
  return summary;
}

export async function generateInsights(
  range: DateRange | null | undefined,
  tz: string | undefined,
  signal?: AbortSignal,
): Promise<InsightsResponse> {
  const model = await currentModel();
  const personal = await personalContext();
  const c = await computeInsights(range, tz);
  return cached(cacheKey("insights", model.name, c.range, c.tz, personal), async () => ({
    success: true as const,
    insights: { ...c.figures, summary: await narrative(model, c, personal, signal) },
    date_range: c.range,
    entry_count: c.facts.entry_count,
    model: model.name,
  }));
}

/** Growth insights: actionable outcomes, strengths, growth areas and a summary (empty when there are no entries). */
export async function growthInsights(
  range: DateRange | null | undefined,
  tz: string | undefined,
  signal?: AbortSignal,
): Promise<GrowthInsightsResponse> {
  const model = await currentModel();
  const personal = await personalContext();
  const c = await computeInsights(range, tz);
  return cached(cacheKey("growth", model.name, c.range, c.tz, personal), async () => {
    let growth: GrowthInsightsDto;
    if (c.facts.entry_count === 0)
      growth = { actionable_outcomes: [], strengths_identified: [], growth_areas: [], growth_summary: "" };
    else if (model.kind === "offline") growth = await runOffline("growthOffline", c.facts);
    else {
      growth = await generateStructured({
        model,
        task: "growth-insights",
        system: structuredSystem("growth-insights", personal),
        messages: [{ role: "user", content: factsText(c) }],
        schema: GrowthInsightsSchema,
        signal,
      });
    }
    return { success: true as const, growth, date_range: c.range, entry_count: c.facts.entry_count, model: model.name };
  });
}
