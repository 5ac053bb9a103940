/**
 * Trains the offline analyzer's emotion model (src/server/ai/offline/emotion-model.ts) on the GoEmotions training
 * split and writes its weights to models/mood-emotions.json, and the held-out part of the split to
 * tests/fixtures/eval/goemotions-heldout.tsv. Deterministic: the same data gives the same files.
 *
 *   npm run train:mood          (GOEMOTIONS_DIR=… when the data is not in shared/data/goemotions beside the checkout)
 *
 * Model: a linear softmax over 28 labels (27 emotions and neutral); a comment with several labels shares its
 * target among them. Features: words, word bigrams and character 3-4-grams (emotion-features.ts), seen at least
 * MIN_COUNT times in the training part, each weighing 1/sqrt(number of features). AdaGrad, in an order fixed by
 * a seeded shuffle; the number of epochs is the one with the lowest loss on the tune part. Weights closer to zero
 * than PRUNE are dropped, and a feature left with none is dropped; the rest are stored as int8 with one scale.
 *
 * Then the analyzer's blend (src/server/ai/offline/mood-blend.ts): a softmax over bands from what the rules and the
 * stored model say, fitted on the tune part (bands from the dataset's sentiment groups) together with the labelled
 * passages of tests/fixtures/eval/mood.json (weighted OWN_SET_WEIGHT). The held-out part and the journal-like set
 * are never read here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { featuresOf } from "../../src/server/ai/offline/emotion-features.ts";
import {
  compileEmotionModel,
  readEmotions,
  type EmotionWeightsFile,
} from "../../src/server/ai/offline/emotion-model.ts";
import {
  BANDS,
  bandChances,
  moodSignals,
  scoreSentence,
  type MoodSignals,
} from "../../src/server/ai/offline/mood-blend.ts";
import { capSentences } from "../../src/server/ai/offline/nlp.ts";
import { boundText, splitSentences } from "../../src/server/ai/offline/text.ts";
import { HELDOUT_FIXTURE, ROOT, bandOfLabels, loadDataset, mulberry32, partOf, type Comment } from "./goemotions.ts";

const MIN_COUNT = 3;
const MAX_EPOCHS = 12;
const LEARNING_RATE = 0.1;
const PRUNE = 0.04;
const SEED = 26;
/** The labelled journal passages weigh this much against one comment of the tune part when fitting the blend. */
const OWN_SET_WEIGHT = 6;
const BLEND_STEPS = 400;

const started = performance.now();
const { labels, comments } = loadDataset();
const K = labels.length;
const parts = { train: [] as Comment[], tune: [] as Comment[], heldout: [] as Comment[] };
for (const c of comments) parts[partOf(c.id)].push(c);

// The held-out part, kept for the unit suite and the evaluation (label names instead of indices).
writeFileSync(
  HELDOUT_FIXTURE,
  parts.heldout.map((c) => `${c.text.replace(/[\t\n]/g, " ")}\t${c.labels.join(",")}\t${c.id}`).join("\n") + "\n",
);

// ------------------------------------------------------------------ features

const counts = new Map<string, number>();
const trainFeatures = parts.train.map((c) => featuresOf(c.text));
for (const fs of trainFeatures) for (const f of new Set(fs)) counts.set(f, (counts.get(f) ?? 0) + 1);
const vocab = [...counts.entries()]
  .filter(([, n]) => n >= MIN_COUNT)
  .map(([f]) => f)
  .sort();
const index = new Map(vocab.map((f, i) => [f, i]));
const F = vocab.length;

interface Example {
  rows: Int32Array;
  value: number;
  target: Float64Array;
}
function encode(c: Comment, fs: string[] = featuresOf(c.text)): Example {
  const rows = fs.map((f) => index.get(f) ?? -1).filter((r) => r >= 0);
  const target = new Float64Array(K);
  for (const l of c.labels) target[labels.indexOf(l)] += 1 / c.labels.length;
  return { rows: Int32Array.from(rows), value: rows.length ? 1 / Math.sqrt(rows.length) : 0, target };
}
const train = parts.train.map((c, i) => encode(c, trainFeatures[i]));
const tune = parts.tune.map((c) => encode(c));

// ------------------------------------------------------------------ training

const W = new Float64Array(F * K);
const G = new Float64Array(F * K).fill(1e-8);
const B = new Float64Array(K);
const GB = new Float64Array(K).fill(1e-8);
const z = new Float64Array(K);

function forward(e: Example, w: Float64Array, b: Float64Array): Float64Array {
  for (let c = 0; c < K; c++) z[c] = b[c];
  for (const r of e.rows) {
    const o = r * K;
    for (let c = 0; c < K; c++) z[c] += w[o + c] * e.value;
  }
  let max = -Infinity;
  for (let c = 0; c < K; c++) if (z[c] > max) max = z[c];
  let sum = 0;
  for (let c = 0; c < K; c++) sum += z[c] = Math.exp(z[c] - max);
  for (let c = 0; c < K; c++) z[c] /= sum;
  return z;
}

function loss(set: readonly Example[], w: Float64Array, b: Float64Array): number {
  let l = 0;
  for (const e of set) {
    const p = forward(e, w, b);
    for (let c = 0; c < K; c++) if (e.target[c] > 0) l -= e.target[c] * Math.log(Math.max(1e-12, p[c]));
  }
  return l / set.length;
}

const random = mulberry32(SEED);
const order = train.map((_, i) => i);
const grad = new Float64Array(K);
let best = { epoch: 0, loss: Infinity, w: new Float64Array(0), b: new Float64Array(0) };
for (let epoch = 1; epoch <= MAX_EPOCHS; epoch++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (const i of order) {
    const e = train[i];
    const p = forward(e, W, B);
    for (let c = 0; c < K; c++) grad[c] = p[c] - e.target[c];
    for (let c = 0; c < K; c++) {
      GB[c] += grad[c] * grad[c];
      B[c] -= (LEARNING_RATE * grad[c]) / Math.sqrt(GB[c]);
    }
    for (const r of e.rows) {
      const o = r * K;
      for (let c = 0; c < K; c++) {
        const gr = grad[c] * e.value;
        G[o + c] += gr * gr;
        W[o + c] -= (LEARNING_RATE * gr) / Math.sqrt(G[o + c]);
      }
    }
  }
  const l = loss(tune, W, B);
  console.log(`epoch ${epoch}: tune loss ${l.toFixed(4)}`);
  if (l < best.loss) best = { epoch, loss: l, w: W.slice(), b: B.slice() };
  else break;
}

// ------------------------------------------------------------------ pruning and writing

const kept: number[] = [];
for (let r = 0; r < F; r++) {
  let keep = false;
  for (let c = 0; c < K; c++) if (Math.abs(best.w[r * K + c]) >= PRUNE) keep = true;
  if (keep) kept.push(r);
}
let maxAbs = 0;
for (const r of kept) for (let c = 0; c < K; c++) maxAbs = Math.max(maxAbs, Math.abs(best.w[r * K + c]));
const scale = maxAbs / 127;
const q = new Int8Array(kept.length * K);
kept.forEach((r, i) => {
  for (let c = 0; c < K; c++) {
    const w = best.w[r * K + c];
    q[i * K + c] = Math.abs(w) < PRUNE ? 0 : Math.max(-127, Math.min(127, Math.round(w / scale)));
  }
});

const round = (x: number) => Math.round(x * 1e6) / 1e6;
const weightsFile: EmotionWeightsFile = {
  labels,
  scale: round(scale),
  bias: Array.from(best.b, round),
  features: kept.map((r) => vocab[r]),
  weights: Buffer.from(q.buffer).toString("base64"),
  blend: [],
};

// ------------------------------------------------------------------ the analyzer's blend

const model = compileEmotionModel(weightsFile);
type Band = (typeof BANDS)[number];
function signalsOf(text: string): MoodSignals {
  const bounded = boundText(text);
  const sentences = capSentences(splitSentences(bounded)).map((s) => scoreSentence(s, model));
  return moodSignals(sentences, readEmotions(bounded, model));
}
const blendSets: { items: { x: MoodSignals; band: Band }[]; weight: number }[] = [
  {
    items: parts.tune.flatMap((c) => {
      const band = bandOfLabels(c.labels);
      return band ? [{ x: signalsOf(c.text), band }] : [];
    }),
    weight: 1,
  },
  {
    items: (
      JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/eval/mood.json"), "utf8")) as {
        passages: { text: string; band: Band }[];
      }
    ).passages.map((p) => ({ x: signalsOf(p.text), band: p.band })),
    weight: OWN_SET_WEIGHT,
  },
];
const D = 7;
const blend = BANDS.map(() => new Array<number>(D).fill(0));
for (let it = 0; it < BLEND_STEPS; it++) {
  const g = BANDS.map(() => new Array<number>(D).fill(0));
  let n = 0;
  for (const set of blendSets)
    for (const { x, band } of set.items) {
      const p = bandChances(blend, x);
      const y = BANDS.indexOf(band);
      for (let c = 0; c < 3; c++) for (let d = 0; d < D; d++) g[c][d] += set.weight * (p[c] - (c === y ? 1 : 0)) * x[d];
      n += set.weight;
    }
  for (let c = 0; c < 3; c++) for (let d = 0; d < D; d++) blend[c][d] -= 2 * (g[c][d] / n + 1e-3 * blend[c][d]);
}
weightsFile.blend = blend.map((row) => row.map((w) => Math.round(w * 1e4) / 1e4));
const blendAccuracy = blendSets.map((set) => {
  let right = 0;
  for (const { x, band } of set.items) {
    const p = bandChances(weightsFile.blend, x);
    const b = p[0] >= p[1] && p[0] >= p[2] ? 0 : p[2] > p[1] ? 2 : 1;
    if (BANDS[b] === band) right++;
  }
  return `${((100 * right) / set.items.length).toFixed(1)}%`;
});

const out = `${JSON.stringify({
  about:
    "Emotion model of the offline analyzer. Written by npm run train:mood (scripts/eval/train-mood.ts) from the GoEmotions training split (Demszky et al. 2020, Apache-2.0; see NOTICE). Do not edit.",
  ...weightsFile,
})}\n`;
const file = path.join(ROOT, "models/mood-emotions.json");
writeFileSync(file, out);

// Top-label accuracy on the tune part with the stored (quantised) weights.
const wq = new Float64Array(F * K);
kept.forEach((r, i) => {
  for (let c = 0; c < K; c++) wq[r * K + c] = q[i * K + c] * scale;
});
let right = 0;
for (const e of tune) {
  const p = forward(e, wq, best.b);
  let top = 0;
  for (let c = 1; c < K; c++) if (p[c] > p[top]) top = c;
  if (e.target[top] > 0) right++;
}
console.log(
  [
    `comments: train ${parts.train.length}, tune ${parts.tune.length}, held out ${parts.heldout.length}`,
    `features: ${F} seen ${MIN_COUNT}+ times, ${kept.length} kept; epochs: ${best.epoch}`,
    `tune: loss ${best.loss.toFixed(4)}, top label among the gold labels ${((100 * right) / tune.length).toFixed(1)}%`,
    `blend band accuracy: tune ${blendAccuracy[0]}, own set ${blendAccuracy[1]}`,
    `weights: ${(out.length / 1024 / 1024).toFixed(2)} MB -> ${path.relative(process.cwd(), file)}`,
    `time: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  ].join("\n"),
);
