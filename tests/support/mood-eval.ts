import { readFileSync } from "node:fs";
import path from "node:path";
import { moodBand, type MoodBand } from "@/domain/mood";
import { analyzeTextOffline } from "@/server/ai/offline/analyzer";

/** The labelled passages of tests/fixtures/eval/mood.json and how the offline analyzer reads them. */

export interface Passage {
  id: number;
  band: MoodBand;
  emotion: string;
  themes: string[];
  text: string;
}

export interface EvalResult {
  total: number;
  bandAccuracy: number;
  /** Positive read as negative or the other way round. */
  opposite: Passage[];
  /** confusion[expected][predicted] */
  confusion: Record<MoodBand, Record<MoodBand, number>>;
  emotionAgreement: number;
  /** Share of passages where the themes include at least one expected theme. */
  themeAgreement: number;
  /** Share of expected themes found. */
  themeRecall: number;
  misses: { passage: Passage; band: MoodBand; score: number; emotion: string; themes: string[] }[];
}

export function loadPassages(root = process.cwd()): Passage[] {
  const file = path.join(root, "tests/fixtures/eval/mood.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { passages: Passage[] }).passages;
}

export function evaluate(passages: readonly Passage[]): EvalResult {
  const bands: MoodBand[] = ["positive", "neutral", "negative"];
  const confusion = Object.fromEntries(
    bands.map((b) => [b, Object.fromEntries(bands.map((c) => [c, 0]))]),
  ) as EvalResult["confusion"];
  let right = 0;
  let emotions = 0;
  let themeAny = 0;
  let themeFound = 0;
  let themeWanted = 0;
  const opposite: Passage[] = [];
  const misses: EvalResult["misses"] = [];
  for (const p of passages) {
    const a = analyzeTextOffline(p.text);
    const band = moodBand(a.mood_score);
    confusion[p.band][band]++;
    if (band === p.band) right++;
    else misses.push({ passage: p, band, score: a.mood_score, emotion: a.primary_emotion, themes: a.themes });
    if ((p.band === "positive" && band === "negative") || (p.band === "negative" && band === "positive"))
      opposite.push(p);
    if (a.primary_emotion === p.emotion) emotions++;
    const found = p.themes.filter((t) => a.themes.includes(t)).length;
    if (found) themeAny++;
    themeFound += found;
    themeWanted += p.themes.length;
  }
  const n = passages.length;
  return {
    total: n,
    bandAccuracy: right / n,
    opposite,
    confusion,
    emotionAgreement: emotions / n,
    themeAgreement: themeAny / n,
    themeRecall: themeFound / Math.max(1, themeWanted),
    misses,
  };
}
