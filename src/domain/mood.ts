/** Mood scale, bands and mappings (spec sections 4, 5 and 9). */

export const MOOD_MIN = 1;
export const MOOD_MAX = 10;
export const MOOD_DEFAULT = 5;

export type MoodBand = "positive" | "neutral" | "negative";
export const MOOD_BANDS: readonly MoodBand[] = ["positive", "neutral", "negative"];

/** 7 and above positive, 4 to below 7 neutral, below 4 negative. */
export function moodBand(score: number): MoodBand {
  if (score >= 7) return "positive";
  if (score >= 4) return "neutral";
  return "negative";
}

/** Score bounds of a band, as a half-open interval [min, max). */
export function moodBandRange(band: MoodBand): { min: number; max: number } {
  switch (band) {
    case "positive":
      return { min: 7, max: Infinity };
    case "neutral":
      return { min: 4, max: 7 };
    case "negative":
      return { min: -Infinity, max: 4 };
  }
}

/** Whether a score passes a mood filter; entries without a score never pass an active filter. */
export function matchesMoodFilter(score: number | null | undefined, band: MoodBand | "all"): boolean {
  if (band === "all") return true;
  if (score === null || score === undefined || Number.isNaN(score)) return false;
  return moodBand(score) === band;
}

/** Clamp anything number-like into the 1..10 scale; non-numbers become the default. */
export function clampMood(value: unknown, fallback = MOOD_DEFAULT): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number.parseFloat(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(MOOD_MAX, Math.max(MOOD_MIN, Math.round(n * 10) / 10));
}

export interface MoodStyle {
  emoji: string;
  label: string;
  /** Tailwind colour family for text/backgrounds. */
  color: "green" | "lime" | "amber" | "red" | "gray";
}

/** Emoji and colour bands: 8 or higher, 6 or higher, 4 or higher, below 4. */
export function moodStyle(score: number | null | undefined): MoodStyle {
  if (score === null || score === undefined || Number.isNaN(score)) {
    return { emoji: "😶", label: "Unknown mood", color: "gray" };
  }
  if (score >= 8) return { emoji: "😄", label: "Great", color: "green" };
  if (score >= 6) return { emoji: "🙂", label: "Good", color: "lime" };
  if (score >= 4) return { emoji: "😐", label: "Okay", color: "amber" };
  return { emoji: "😔", label: "Low", color: "red" };
}

export type CalendarColor = "green" | "yellow" | "red";

/** Calendar day colour from the day's average score (5 when missing). */
export function calendarDayColor(scores: ReadonlyArray<number | null | undefined>): CalendarColor {
  const known = scores.filter((s): s is number => typeof s === "number" && Number.isFinite(s));
  const avg = known.length ? known.reduce((a, b) => a + b, 0) / known.length : MOOD_DEFAULT;
  if (avg >= 7) return "green";
  if (avg >= 4) return "yellow";
  return "red";
}

/** Average of known scores, or null. */
export function averageMood(scores: ReadonlyArray<number | null | undefined>): number | null {
  const known = scores.filter((s): s is number => typeof s === "number" && Number.isFinite(s));
  if (!known.length) return null;
  return Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 10) / 10;
}

/**
 * The product's words for a primary emotion, by the band they belong to. The offline analyzer answers with one
 * of these; a model may answer with any word.
 */
export const EMOTION_WORDS = {
  positive: [
    "happy",
    "grateful",
    "excited",
    "proud",
    "hopeful",
    "calm",
    "content",
    "relieved",
    "loving",
    "amused",
    "inspired",
  ],
  neutral: ["neutral", "curious", "surprised", "confused", "reflective"],
  negative: [
    "anxious",
    "afraid",
    "angry",
    "frustrated",
    "disappointed",
    "embarrassed",
    "guilty",
    "grieving",
    "lonely",
    "tired",
    "sad",
  ],
} as const satisfies Record<MoodBand, readonly string[]>;

export type EmotionWord = (typeof EMOTION_WORDS)[MoodBand][number];
