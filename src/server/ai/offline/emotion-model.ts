import "server-only";
import { MOOD_MODEL_FILE } from "@/domain/mood-weights";
import { featuresOf } from "./emotion-features";

/**
 * The learned emotion model of the offline analyzer: a linear softmax over word unigrams, bigrams and character
 * n-grams (emotion-features.ts), trained on real writing (the GoEmotions training split, 27 emotions plus
 * neutral; Demszky et al. 2020, Apache-2.0) by `npm run train:mood` (scripts/eval/train-mood.ts). The weights
 * are data in models/mood-emotions.json (int8, one scale), decoded once per process.
 */

export interface EmotionWeightsFile {
  labels: string[];
  /** Multiply a stored int8 weight by this to get the weight. */
  scale: number;
  bias: number[];
  /** Feature names, in the order of the rows of `weights`. */
  features: string[];
  /** base64 of int8 rows: features.length × labels.length. */
  weights: string;
  /** The analyzer's blend of rules and model (mood-blend.ts): one row of weights per band. */
  blend: number[][];
}

export interface EmotionModel {
  labels: readonly string[];
  bias: Float32Array;
  index: Map<string, number>;
  weights: Float32Array;
  blend: readonly (readonly number[])[];
}

/** The dataset authors' sentiment groups of the 28 labels. */
export const EMOTION_GROUP: Record<string, "positive" | "negative" | "ambiguous" | "neutral"> = {
  admiration: "positive",
  amusement: "positive",
  approval: "positive",
  caring: "positive",
  desire: "positive",
  excitement: "positive",
  gratitude: "positive",
  joy: "positive",
  love: "positive",
  optimism: "positive",
  pride: "positive",
  relief: "positive",
  anger: "negative",
  annoyance: "negative",
  disappointment: "negative",
  disapproval: "negative",
  disgust: "negative",
  embarrassment: "negative",
  fear: "negative",
  grief: "negative",
  nervousness: "negative",
  remorse: "negative",
  sadness: "negative",
  confusion: "ambiguous",
  curiosity: "ambiguous",
  realization: "ambiguous",
  surprise: "ambiguous",
  neutral: "neutral",
};

export function compileEmotionModel(file: EmotionWeightsFile): EmotionModel {
  const k = file.labels.length;
  const raw = Buffer.from(file.weights, "base64");
  const weights = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) weights[i] = ((raw[i] << 24) >> 24) * file.scale;
  if (weights.length !== file.features.length * k)
    throw new Error("The emotion model's weights do not fit its features");
  const index = new Map<string, number>();
  file.features.forEach((f, i) => index.set(f, i));
  return { labels: file.labels, bias: Float32Array.from(file.bias), index, weights, blend: file.blend };
}

let shipped: EmotionModel | undefined;

/** The shipped model, decoded on first use and kept for the life of the process. */
export function emotionModel(): EmotionModel {
  shipped ??= compileEmotionModel(MOOD_MODEL_FILE as EmotionWeightsFile);
  return shipped;
}

/** Probabilities of each label (softmax) for a text's features; `scores` is reused when given. */
export function predictFeatures(model: EmotionModel, features: readonly string[], scores?: Float64Array): Float64Array {
  const k = model.labels.length;
  const z = scores ?? new Float64Array(k);
  for (let c = 0; c < k; c++) z[c] = model.bias[c];
  const rows: number[] = [];
  for (const f of features) {
    const row = model.index.get(f);
    if (row !== undefined) rows.push(row * k);
  }
  if (rows.length) {
    const v = 1 / Math.sqrt(rows.length);
    const w = model.weights;
    for (const o of rows) for (let c = 0; c < k; c++) z[c] += w[o + c] * v;
  }
  let max = -Infinity;
  for (let c = 0; c < k; c++) if (z[c] > max) max = z[c];
  let sum = 0;
  for (let c = 0; c < k; c++) sum += z[c] = Math.exp(z[c] - max);
  for (let c = 0; c < k; c++) z[c] /= sum;
  return z;
}

export interface EmotionReading {
  /** Probability of each label, by name. */
  probs: Record<string, number>;
  /** P(positive group) - P(negative group), -1..1. */
  valence: number;
  /** P(neutral). */
  neutral: number;
  /** The most likely label other than neutral, and its probability. */
  top: { label: string; p: number };
}

export function readingOf(model: EmotionModel, p: ArrayLike<number>): EmotionReading {
  const probs: Record<string, number> = {};
  let pos = 0;
  let neg = 0;
  let neutral = 0;
  let top = { label: "neutral", p: 0 };
  model.labels.forEach((label, c) => {
    probs[label] = p[c];
    const group = EMOTION_GROUP[label];
    if (group === "positive") pos += p[c];
    else if (group === "negative") neg += p[c];
    else if (group === "neutral") neutral += p[c];
    if (label !== "neutral" && p[c] > top.p) top = { label, p: p[c] };
  });
  return { probs, valence: pos - neg, neutral, top };
}

/** The model's reading of a text. */
export function readEmotions(text: string, model: EmotionModel = emotionModel()): EmotionReading {
  return readingOf(model, predictFeatures(model, featuresOf(text)));
}
