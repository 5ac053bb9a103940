import "server-only";
import { readEmotions, type EmotionModel, type EmotionReading } from "./emotion-model";
import { documentSentiment, sentenceMood, type SentenceMood } from "./mood";

/**
 * The analyzer's mood: the rules (VADER with contrast, negation, understatement and life events, mood.ts) and the
 * learned emotion model (emotion-model.ts) read each sentence; a small softmax over what they say gives the
 * chances of the three bands, and the score on 1..10 follows from them. The blend's weights are data beside the
 * model's (models/mood-emotions.json, key "blend"), fitted by `npm run train:mood` on the tune part of the
 * GoEmotions split together with the labelled passages of tests/fixtures/eval/mood.json, never on the held-out
 * part nor on the journal-like set.
 */

export const BANDS = ["positive", "neutral", "negative"] as const;

/** What the rules and the model say about a text, the inputs of the blend (the last is the constant 1). */
export type MoodSignals = [
  rules: number,
  model: number,
  whole: number,
  neutral: number,
  eventRules: number,
  vader: number,
  one: number,
];

export interface ScoredSentence extends SentenceMood {
  /** The model's reading of the sentence. */
  emotions: EmotionReading;
}

/** The blend's inputs from an entry's sentences and the model's reading of its whole text. */
export function moodSignals(sentences: readonly ScoredSentence[], whole: EmotionReading): MoodSignals {
  const n = sentences.length;
  const rules = documentSentiment(sentences);
  let sum = 0;
  let weights = 0;
  let neutral = 0;
  let vader = 0;
  sentences.forEach((s, i) => {
    // Later sentences a little more (where the day landed), sentences the model finds neutral less.
    const w = (1 + (0.6 * i) / Math.max(1, n - 1)) * (1 - 0.5 * s.emotions.neutral);
    // The model knows no understatement ("not bad at all"): there the rules' reading stands in for it.
    sum += (s.hedged ? s.score : s.emotions.valence) * w;
    weights += w;
    neutral += s.emotions.neutral;
    vader += s.lexicon ?? 0;
  });
  const events = sentences.some((s) => s.events.length > 0);
  return [
    rules,
    weights ? sum / weights : 0,
    whole.valence,
    n ? neutral / n : 1,
    events ? rules : 0,
    n ? vader / n : 0,
    1,
  ];
}

/** Chances of positive, neutral and negative (softmax of the blend's rows). */
export function bandChances(blend: readonly (readonly number[])[], x: MoodSignals): [number, number, number] {
  const z = blend.map((row) => row.reduce((a, w, i) => a + w * x[i], 0));
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return [e[0] / sum, e[1] / sum, e[2] / sum];
}

/**
 * The score on 1..10: the most likely band (7-10 positive, 4-6 neutral, 1-3 negative), placed within it by how
 * sure the blend is and how strongly the words lean.
 */
export function moodFromChances(p: readonly [number, number, number], lean: number): number {
  const best = p[0] >= p[1] && p[0] >= p[2] ? 0 : p[2] > p[1] ? 2 : 1;
  const sure = Math.max(0, Math.min(1, (p[best] - 1 / 3) / (2 / 3)));
  const strength = Math.max(0, Math.min(1, 0.5 * sure + 0.5 * Math.abs(lean)));
  if (best === 0) return Math.min(10, 7 + Math.floor(strength * 3.999));
  if (best === 2) return Math.max(1, 3 - Math.floor(strength * 2.999));
  const tilt = p[0] - p[2];
  return tilt > 0.15 ? 6 : tilt < -0.15 ? 4 : 5;
}

/** One sentence read by the rules (VADER among them) and the model. */
export function scoreSentence(text: string, model: EmotionModel): ScoredSentence {
  return { ...sentenceMood(text), emotions: readEmotions(text, model) };
}

export interface MoodReading {
  signals: MoodSignals;
  chances: [number, number, number];
  /** 1..10 */
  mood: number;
}

/** The analyzer's mood from the scored sentences of an entry and the model's reading of its whole text. */
export function readMood(
  sentences: readonly ScoredSentence[],
  whole: EmotionReading,
  model: EmotionModel,
): MoodReading {
  const signals = moodSignals(sentences, whole);
  const chances = bandChances(model.blend, signals);
  const lean = 0.5 * signals[0] + 0.5 * signals[2];
  return { signals, chances, mood: moodFromChances(chances, lean) };
}
