/**
 * The GoEmotions training split (Demszky et al. 2020, Apache-2.0) as the mood model's training and evaluation
 * read it, and the fixed three-way split of it, decided before any result was seen:
 *
 * - held out (about 10%): FNV-1a hash of the comment id, modulo 10, is 0. Never trained or tuned on; a copy is
 *   kept in tests/fixtures/eval/goemotions-heldout.tsv so the unit suite measures the analyzer on it.
 * - tune (about 10%): the hash modulo 10 is 1. Chooses the number of training epochs and the analyzer's blend.
 * - train: the rest.
 *
 * The dataset's own dev and test splits are not used anywhere.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const HELDOUT_FIXTURE = path.join(ROOT, "tests/fixtures/eval/goemotions-heldout.tsv");

export interface Comment {
  id: string;
  text: string;
  /** Label names (27 emotions or neutral). */
  labels: string[];
}

/** Where train.tsv and labels.txt are: GOEMOTIONS_DIR, else shared/data/goemotions beside the checkout. */
export function datasetDir(): string {
  const candidates = [
    process.env.GOEMOTIONS_DIR,
    path.join(ROOT, "../shared/data/goemotions"),
    path.join(ROOT, "../../shared/data/goemotions"),
  ].filter((d): d is string => Boolean(d));
  const dir = candidates.find((d) => existsSync(path.join(d, "train.tsv")));
  if (!dir) throw new Error(`GoEmotions train.tsv not found (looked in ${candidates.join(", ")}); set GOEMOTIONS_DIR`);
  return dir;
}

/** A small seeded random number generator (the same seed gives the same sequence on every machine). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded shuffle (Fisher-Yates over mulberry32). */
export function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  const rnd = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Part = "heldout" | "tune" | "train";

export function partOf(id: string): Part {
  const r = fnv1a(id) % 10;
  return r === 0 ? "heldout" : r === 1 ? "tune" : "train";
}

/** Rows of a GoEmotions TSV (text, comma-separated label indices, id) with label names. */
export function parseTsv(tsv: string, labelNames: readonly string[]): Comment[] {
  const out: Comment[] = [];
  for (const line of tsv.split("\n")) {
    if (!line.trim()) continue;
    const [text, labels, id] = line.split("\t");
    out.push({ id, text, labels: labels.split(",").map((i) => labelNames[Number(i)]) });
  }
  return out;
}

export function loadLabels(dir: string): string[] {
  return readFileSync(path.join(dir, "labels.txt"), "utf8").split("\n").filter(Boolean);
}

export function loadDataset(): { labels: string[]; comments: Comment[] } {
  const dir = datasetDir();
  const labels = loadLabels(dir);
  return { labels, comments: parseTsv(readFileSync(path.join(dir, "train.tsv"), "utf8"), labels) };
}

const POSITIVE = new Set(
  "admiration amusement approval caring desire excitement gratitude joy love optimism pride relief".split(" "),
);
const NEGATIVE = new Set(
  "anger annoyance disappointment disapproval disgust embarrassment fear grief nervousness remorse sadness".split(" "),
);

/**
 * The mood band a comment's labels give by the dataset's sentiment groups: positive, negative or neutral when its
 * labels fall in one of those groups (ambiguous labels beside them do not count); null (left out of band accuracy)
 * when they mix positive and negative, mix neutral with either, or are all ambiguous.
 */
export function bandOfLabels(labels: readonly string[]): "positive" | "neutral" | "negative" | null {
  const groups = new Set<string>();
  for (const l of labels) {
    if (POSITIVE.has(l)) groups.add("positive");
    else if (NEGATIVE.has(l)) groups.add("negative");
    else if (l === "neutral") groups.add("neutral");
  }
  return groups.size === 1 ? ([...groups][0] as "positive" | "neutral" | "negative") : null;
}
