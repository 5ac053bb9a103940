import { readFileSync } from "node:fs";
import path from "node:path";
import { moodBand, type MoodBand } from "@/domain/mood";
import { analyzeTextOffline } from "@/server/ai/offline/analyzer";
import { readEmotions } from "@/server/ai/offline/emotion-model";
import { boundText } from "@/server/ai/offline/text";
import { EMOTION_OF_LABEL } from "@/server/ai/offline/themes";
import { packageScores } from "@/server/ai/offline/vader";
import { bandOfLabels } from "../../scripts/eval/goemotions";

/**
 * The offline analyzer's evaluation (npm run eval:mood and tests/unit/mood-eval.test.ts): three readers (the
 * analyzer, plain VADER and the emotion model alone) on three sets (the held-out part of the GoEmotions split,
 * the journal-like passages and the team's own labelled passages).
 */

export interface Passage {
  id: number | string;
  /** null: the comment's labels give no single band (it counts only for emotion agreement). */
  band: MoodBand | null;
  /** The expected emotion words; any of them agrees. */
  emotions: string[];
  themes: string[];
  text: string;
  kind?: string;
}

export interface Reading {
  score: number;
  band: MoodBand;
  emotion: string;
  themes: string[];
}

export type Reader = (text: string) => Reading;

/** The model alone calls a text positive or negative from this lean of P(positive) - P(negative); chosen on the tune part. */
export const MODEL_ALONE_THRESHOLD = 0.2;

export const READERS: Record<"analyzer" | "vader" | "model", Reader> = {
  analyzer: (text) => {
    const a = analyzeTextOffline(text);
    return { score: a.mood_score, band: moodBand(a.mood_score), emotion: a.primary_emotion, themes: a.themes };
  },
  /** VADER's compound score with its documented thresholds (±0.05); the band's plain word as emotion. */
  vader: (text) => {
    const c = packageScores(text).compound;
    const band: MoodBand = c >= 0.05 ? "positive" : c <= -0.05 ? "negative" : "neutral";
    return {
      score: 5.5 + 4.5 * c,
      band,
      emotion: band === "positive" ? "happy" : band === "negative" ? "sad" : "neutral",
      themes: [],
    };
  },
  /** The emotion model on the whole text: its lean for the band, its most likely emotion (neutral when that is likelier). */
  model: (text) => {
    const r = readEmotions(boundText(text));
    const band: MoodBand =
      r.valence >= MODEL_ALONE_THRESHOLD ? "positive" : r.valence <= -MODEL_ALONE_THRESHOLD ? "negative" : "neutral";
    return {
      score: 5.5 + 4.5 * r.valence,
      band,
      emotion: r.neutral >= r.top.p ? "neutral" : EMOTION_OF_LABEL[r.top.label],
      themes: [],
    };
  },
};

export interface EvalResult {
  total: number;
  /** Passages with a band. */
  banded: number;
  bandAccuracy: number;
  /** Positive read as negative or the other way round. */
  opposite: Passage[];
  /** confusion[expected][predicted] */
  confusion: Record<MoodBand, Record<MoodBand, number>>;
  emotionAgreement: number;
  /** Share of passages where the themes include at least one expected theme (passages with themes). */
  themeAgreement: number;
  /** Share of expected themes found. */
  themeRecall: number;
  /** Band accuracy by kind (positive, neutral, negative, mixed) where passages have one. */
  byKind: Record<string, { n: number; accuracy: number }>;
  misses: { passage: Passage; reading: Reading }[];
}

/** The team's own labelled passages (tests/fixtures/eval/mood.json). */
export function loadPassages(root = process.cwd()): Passage[] {
  const file = path.join(root, "tests/fixtures/eval/mood.json");
  const raw = JSON.parse(readFileSync(file, "utf8")) as {
    passages: { id: number; band: MoodBand; emotion: string; themes: string[]; text: string }[];
  };
  return raw.passages.map((p) => ({ id: p.id, band: p.band, emotions: [p.emotion], themes: p.themes, text: p.text }));
}

/** The journal-like passages (tests/fixtures/eval/mood-journal.json). */
export function loadJournalPassages(root = process.cwd()): Passage[] {
  const file = path.join(root, "tests/fixtures/eval/mood-journal.json");
  const raw = JSON.parse(readFileSync(file, "utf8")) as {
    passages: { id: number; band: MoodBand; kind: string; emotion: string; themes: string[]; text: string }[];
  };
  return raw.passages.map((p) => ({
    id: p.id,
    band: p.band,
    kind: p.kind,
    emotions: [p.emotion],
    themes: p.themes,
    text: p.text,
  }));
}

/** The held-out part of the GoEmotions split (tests/fixtures/eval/goemotions-heldout.tsv, written by train:mood). */
export function loadHeldOut(root = process.cwd()): Passage[] {
  const file = path.join(root, "tests/fixtures/eval/goemotions-heldout.tsv");
  const out: Passage[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const [text, labels, id] = line.split("\t");
    const names = labels.split(",");
    out.push({
      id,
      band: bandOfLabels(names),
      emotions: [...new Set(names.map((l) => EMOTION_OF_LABEL[l]))],
      themes: [],
      text,
    });
  }
  return out;
}

export function evaluate(passages: readonly Passage[], reader: Reader = READERS.analyzer): EvalResult {
  const bands: MoodBand[] = ["positive", "neutral", "negative"];
  const confusion = Object.fromEntries(
    bands.map((b) => [b, Object.fromEntries(bands.map((c) => [c, 0]))]),
  ) as EvalResult["confusion"];
  let right = 0;
  let banded = 0;
  let emotions = 0;
  let themed = 0;
  let themeAny = 0;
  let themeFound = 0;
  let themeWanted = 0;
  const kinds: Record<string, { n: number; right: number }> = {};
  const opposite: Passage[] = [];
  const misses: EvalResult["misses"] = [];
  for (const p of passages) {
    const r = reader(p.text);
    if (p.band) {
      banded++;
      confusion[p.band][r.band]++;
      const ok = r.band === p.band;
      if (ok) right++;
      else misses.push({ passage: p, reading: r });
      if ((p.band === "positive" && r.band === "negative") || (p.band === "negative" && r.band === "positive"))
        opposite.push(p);
      if (p.kind) {
        const k = (kinds[p.kind] ??= { n: 0, right: 0 });
        k.n++;
        if (ok) k.right++;
      }
    }
    if (p.emotions.includes(r.emotion)) emotions++;
    if (p.themes.length) {
      themed++;
      const found = p.themes.filter((t) => r.themes.includes(t)).length;
      if (found) themeAny++;
      themeFound += found;
      themeWanted += p.themes.length;
    }
  }
  return {
    total: passages.length,
    banded,
    bandAccuracy: right / Math.max(1, banded),
    opposite,
    confusion,
    emotionAgreement: emotions / Math.max(1, passages.length),
    themeAgreement: themeAny / Math.max(1, themed),
    themeRecall: themeFound / Math.max(1, themeWanted),
    byKind: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, { n: v.n, accuracy: v.right / v.n }])),
    misses,
  };
}
