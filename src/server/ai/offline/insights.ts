import "server-only";
import type { GrowthInsightsDto } from "@/contracts/ai";
import {
  feltInEntries,
  feltMostOften,
  themeMoodSentence,
  writingHabitSentence,
  type ThemeMood,
} from "@/domain/insights-view";
import { capitalize } from "./text";

/**
 * Insights and the growth card without a model, from the stored analyses only. Every sentence rests on
 * counted evidence: a theme is named with the days it came up, a feeling is called the most frequent only
 * when it led with at least two entries and no tie, a theme is linked to brighter or heavier days only
 * with two or more days on each side and a clear difference. Advice never contradicts what the person
 * already does (no "write more regularly" to someone on a streak). The sentences are the Home screen's plain
 * ones (src/domain/insights-view.ts): what went together, with the days behind it, never a cause.
 */

/** One local day of the range with its entries' figures. */
export interface DayFacts {
  /** YYYY-MM-DD */
  date: string;
  /** Average mood of the day's scored entries, or null. */
  mood: number | null;
  entries: number;
  emotions: string[];
  themes: string[];
}

export interface RangeFacts {
  entry_count: number;
  average_mood: number | null;
  top_emotions: { emotion: string; percentage: number }[];
  top_themes: { theme: string; frequency: number }[];
  /** Trend of the daily averages: last third minus first third, or null with too few days. */
  mood_change: number | null;
  /** The days that have entries, oldest first (optional: without them only the totals are used). */
  days?: DayFacts[];
  /** Number of days in the range. */
  range_days?: number;
  /** Consecutive days with an entry, ending on the last day of the range (or the day before it). */
  streak?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const NEGATIVE = new Set(["sad", "anxious", "angry", "tired", "lonely", "negative", "stressed", "frustrated"]);

const LONG = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const dayLabel = (date: string) => LONG.format(new Date(`${date}T12:00:00Z`)).replace(",", "");

interface ThemeEffect {
  theme: string;
  days: number;
  withMood: number;
  withoutMood: number;
}

/** Themes whose days were clearly brighter or heavier than the rest (two days or more on each side). */
function themeEffects(days: readonly DayFacts[]): ThemeEffect[] {
  const scored = days.filter((d) => d.mood !== null);
  const themes = new Set(scored.flatMap((d) => d.themes));
  const out: ThemeEffect[] = [];
  for (const theme of themes) {
    const on = scored.filter((d) => d.themes.includes(theme));
    const off = scored.filter((d) => !d.themes.includes(theme));
    if (on.length < 2 || off.length < 2) continue;
    const avg = (xs: DayFacts[]) => xs.reduce((a, d) => a + (d.mood ?? 0), 0) / xs.length;
    const withMood = round1(avg(on));
    const withoutMood = round1(avg(off));
    if (Math.abs(withMood - withoutMood) >= 1) out.push({ theme, days: on.length, withMood, withoutMood });
  }
  return out.sort((a, b) => Math.abs(b.withMood - b.withoutMood) - Math.abs(a.withMood - a.withoutMood));
}

/** The feeling that led, only when it came up in two entries or more and more often than any other. */
function leadingEmotion(facts: RangeFacts): { emotion: string; count: number } | null {
  // "neutral" (or a bare band name) is no feeling to point out.
  const [a, b] = facts.top_emotions.filter((e) => !["neutral", "positive", "negative"].includes(e.emotion));
  if (!a) return null;
  const count = Math.round((a.percentage / 100) * facts.entry_count);
  if (count < 2 || (b && b.percentage >= a.percentage)) return null;
  return { emotion: a.emotion, count };
}

/** A theme's effect as the plain sentences take it: its days and the difference from the other days. */
const asThemeMood = (e: ThemeEffect): ThemeMood => ({
  theme: e.theme,
  days: e.days,
  difference: e.withMood - e.withoutMood,
});

function themeDays(days: readonly DayFacts[], theme: string): number {
  return days.filter((d) => d.themes.includes(theme)).length;
}

function writesRegularly(facts: RangeFacts): boolean {
  const days = facts.days?.length ?? 0;
  const span = facts.range_days ?? 0;
  return (facts.streak ?? 0) >= 3 || (span > 0 && days / Math.min(span, 14) >= 0.5) || days >= 10;
}

export function insightsSummaryOffline(facts: RangeFacts): string {
  const days = facts.days ?? [];
  const parts: string[] = [];
  const span = facts.range_days;
  if (days.length && span)
    parts.push(
      `You wrote ${plural(facts.entry_count, "entry", "entries")} on ${days.length} of the last ${span} days.`,
    );
  else parts.push(`You wrote ${plural(facts.entry_count, "entry", "entries")} in this period.`);
  if ((facts.streak ?? 0) >= 3) parts.push(`You are on a ${facts.streak}-day writing streak.`);

  const themes = facts.top_themes.filter((t) => t.frequency >= 2);
  if (themes.length && days.length) {
    const t = themes[0];
    const n = themeDays(days, t.theme);
    const second = themes[1] ? ` and ${themes[1].theme} on ${themeDays(days, themes[1].theme)}` : "";
    parts.push(`You wrote about ${t.theme} on ${n} of those days${second}.`);
  } else if (themes.length) {
    parts.push(`${capitalize(themes[0].theme)} came up in ${plural(themes[0].frequency, "entry", "entries")}.`);
  }

  const effects = themeEffects(days);
  const bright = effects.find((e) => e.withMood > e.withoutMood);
  const heavy = effects.find((e) => e.withMood < e.withoutMood);
  if (bright) parts.push(`${themeMoodSentence(asThemeMood(bright))}.`);
  if (heavy) parts.push(`${themeMoodSentence(asThemeMood(heavy))}.`);

  const lead = leadingEmotion(facts);
  if (lead) parts.push(`${feltMostOften(lead.emotion, lead.count)}.`);

  const scored = days.filter((d) => d.mood !== null);
  if (scored.length >= 3 && facts.mood_change !== null && Math.abs(facts.mood_change) >= 0.5) {
    const third = Math.max(1, Math.floor(scored.length / 3));
    const avg = (xs: DayFacts[]) => round1(xs.reduce((a, d) => a + (d.mood ?? 0), 0) / xs.length);
    const from = avg(scored.slice(0, third));
    const to = avg(scored.slice(-third));
    parts.push(
      facts.mood_change > 0
        ? `Your mood rose from about ${from} in the first days to ${to} in the most recent ones.`
        : `Your mood dipped from about ${from} in the first days to ${to} in the most recent ones.`,
    );
  } else if (facts.average_mood !== null && !bright && !heavy) {
    parts.push(`Your average mood was ${facts.average_mood} out of 10.`);
  }
  if (scored.length >= 3) {
    const best = scored.reduce((a, d) => ((d.mood ?? 0) > (a.mood ?? 0) ? d : a), scored[0]);
    const ties = scored.filter((d) => d.mood === best.mood).length;
    if (ties === 1) parts.push(`${dayLabel(best.date)} was your brightest day (${best.mood}).`);
  }
  return parts.join(" ");
}

export function growthOffline(facts: RangeFacts): GrowthInsightsDto {
  const days = facts.days ?? [];
  const outcomes: GrowthInsightsDto["actionable_outcomes"] = [];
  const strengths: string[] = [];
  const areas: string[] = [];
  const effects = themeEffects(days);
  const bright = effects.find((e) => e.withMood > e.withoutMood);
  const heavy = effects.find((e) => e.withMood < e.withoutMood);
  const lead = leadingEmotion(facts);
  const relational = (t: string) => ["family", "friends", "relationship", "partner"].includes(t);

  if (writesRegularly(facts)) {
    strengths.push(writingHabitSentence((facts.streak ?? 0) >= 3 ? (facts.streak ?? 0) : 0, days.length));
    outcomes.push({
      title: "Use your notes to look back",
      description:
        "You already write often. Once a week, read back over the last few entries and note one thing that changed.",
      timeframe: "This week",
      category: "mindset",
    });
  } else {
    outcomes.push({
      title: "Write a few lines on more days",
      description: `You wrote on ${plural(days.length || facts.entry_count, "day")} in this period. Tie a few lines to something you already do every day, like your first coffee.`,
      timeframe: "This week",
      category: "behavioral",
    });
  }
  if (bright) {
    strengths.push(themeMoodSentence(asThemeMood(bright)));
    outcomes.push({
      title: `Make room for ${bright.theme}`,
      description: `${themeMoodSentence(asThemeMood(bright))}. Plan one of those moments this week.`,
      timeframe: "This week",
      category: relational(bright.theme) ? "relationship" : "behavioral",
    });
  }
  if (heavy) {
    areas.push(themeMoodSentence(asThemeMood(heavy)));
    outcomes.push({
      title: `Go gently around ${heavy.theme}`,
      description: `${themeMoodSentence(asThemeMood(heavy))}. Next time it comes up, write down what exactly weighed most, and one thing that would make it lighter.`,
      timeframe: "Next 2 weeks",
      category: relational(heavy.theme) ? "relationship" : "emotional",
    });
  }
  if (lead && NEGATIVE.has(lead.emotion)) {
    areas.push(feltInEntries(lead.emotion, lead.count));
    outcomes.push({
      title: `Notice what comes before feeling ${lead.emotion}`,
      description: `${feltInEntries(lead.emotion, lead.count)}. The next time you feel it, write what happened just before.`,
      timeframe: "Next 2 weeks",
      category: "emotional",
    });
  } else if (lead) {
    strengths.push(feltInEntries(lead.emotion, lead.count));
  }
  if (facts.mood_change !== null && facts.mood_change >= 0.5) strengths.push("Your mood has been rising lately");
  if (facts.average_mood !== null && facts.average_mood < 5 && !heavy) {
    outcomes.push({
      title: "Plan one restoring activity",
      description: `Your mood averaged ${facts.average_mood} in this period. Schedule one small thing that usually helps you recharge.`,
      timeframe: "Next 3 days",
      category: "emotional",
    });
  }
  const topTheme = facts.top_themes.find((t) => t.frequency >= 2);
  if (outcomes.length < 2 && topTheme) {
    outcomes.push({
      title: `Reflect on ${topTheme.theme}`,
      description: `${capitalize(topTheme.theme)} came up in ${plural(topTheme.frequency, "entry", "entries")}. Write about what you want from it and one step toward that.`,
      timeframe: "This month",
      category: relational(topTheme.theme) ? "relationship" : "mindset",
    });
  }
  if (!strengths.length) strengths.push(`You took the time to write ${plural(facts.entry_count, "entry", "entries")}`);
  if (!areas.length && topTheme) areas.push(`${capitalize(topTheme.theme)} comes up often: what do you want from it?`);
  return {
    actionable_outcomes: outcomes,
    strengths_identified: strengths.map(capitalize),
    growth_areas: areas.map(capitalize),
    growth_summary: insightsSummaryOffline(facts),
  };
}
