import type { CrisisSeverity } from "./levels";
import type { CrisisCheck } from "./types";

/** One item of an evaluation set. */
export interface CrisisEvalItem {
  text: string;
  label: "risk" | "benign";
  category: string;
  lang: string;
  note?: string;
  /** A later batch: written after the rules existed and scored before they were tuned on it (see its note). */
  holdout?: boolean;
}

export interface EvalGroup {
  risk: number;
  detected: number;
  benign: number;
  alarms: number;
}

export interface EvalOutcome {
  text: string;
  category: string;
  lang: string;
  severity: CrisisSeverity;
}

export interface EvalReport {
  total: EvalGroup;
  holdout: EvalGroup;
  tuned: EvalGroup;
  byCategory: Record<string, EvalGroup>;
  byLang: Record<string, EvalGroup>;
  misses: EvalOutcome[];
  falseAlarms: EvalOutcome[];
}

/** Detected means moderate or high: what makes the editor offer support (with a low mood) or chat respond. */
export function isDetected(severity: CrisisSeverity): boolean {
  return severity === "moderate" || severity === "high";
}

const empty = (): EvalGroup => ({ risk: 0, detected: 0, benign: 0, alarms: 0 });

/** Counts one labelled item into each group: recall on risk items, false alarms on benign ones. */
function tally(groups: readonly EvalGroup[], label: "risk" | "benign", hit: boolean): void {
  for (const g of groups) {
    if (label === "risk") {
      g.risk++;
      if (hit) g.detected++;
    } else {
      g.benign++;
      if (hit) g.alarms++;
    }
  }
}

/** Scores a check over a set: recall on risk items, false alarms on benign ones, per category and language. */
export function evaluateCrisisSet(items: readonly CrisisEvalItem[], check: (text: string) => CrisisCheck): EvalReport {
  const report: EvalReport = {
    total: empty(),
    holdout: empty(),
    tuned: empty(),
    byCategory: {},
    byLang: {},
    misses: [],
    falseAlarms: [],
  };
  for (const item of items) {
    const { severity } = check(item.text);
    const hit = isDetected(severity);
    tally(
      [
        report.total,
        item.holdout ? report.holdout : report.tuned,
        (report.byCategory[item.category] ??= empty()),
        (report.byLang[item.lang] ??= empty()),
      ],
      item.label,
      hit,
    );
    const outcome = { text: item.text, category: item.category, lang: item.lang, severity };
    if (item.label === "risk" && !hit) report.misses.push(outcome);
    if (item.label === "benign" && hit) report.falseAlarms.push(outcome);
  }
  return report;
}

/** The batches written to walk the screening questions and scored before tuning (README), in order. */
export const CV_BATCHES = [
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
  "twenty-first",
  "twenty-second",
  "twenty-third",
  "twenty-fourth",
] as const;

/** Which of `CV_BATCHES` an item belongs to, from its note ("sixteenth batch, ..."), or null. */
export function cvBatchOf(item: CrisisEvalItem): string | null {
  const m = /^([a-z-]+) batch\b/.exec(item.note ?? "");
  return m && (CV_BATCHES as readonly string[]).includes(m[1]) ? m[1] : null;
}

export interface CvRow {
  batch: string;
  rules: EvalGroup;
  combined: EvalGroup;
}

function group(items: readonly CrisisEvalItem[], check: (text: string) => CrisisCheck): EvalGroup {
  const g = empty();
  for (const it of items) tally([g], it.label, isDetected(check(it.text).severity));
  return g;
}

/**
 * Leave-one-batch-out cross-validation: for each held-out batch, `train` builds a scorer from every other item
 * and `check(text, scorer)` scores the batch with it; `check(text, null)` is the rules alone.
 */
export function crossValidate<S>(
  items: readonly CrisisEvalItem[],
  train: (items: readonly CrisisEvalItem[]) => S,
  check: (text: string, scorer: S | null) => CrisisCheck,
): { rows: CvRow[]; pooled: { rules: EvalGroup; combined: EvalGroup } } {
  const rows: CvRow[] = [];
  const pooled = { rules: empty(), combined: empty() };
  for (const batch of CV_BATCHES) {
    const held = items.filter((i) => cvBatchOf(i) === batch);
    const scorer = train(items.filter((i) => cvBatchOf(i) !== batch));
    const row = { batch, rules: group(held, (t) => check(t, null)), combined: group(held, (t) => check(t, scorer)) };
    rows.push(row);
    for (const k of ["rules", "combined"] as const)
      for (const f of ["risk", "detected", "benign", "alarms"] as const) pooled[k][f] += row[k][f];
  }
  return { rows, pooled };
}

/** One comment of the real-writing sets (tests/fixtures/eval/crisis-real, GoEmotions training split). */
export interface RealEvalItem {
  /** The comment's id in GoEmotions. */
  id: string;
  text: string;
  /** "unclear": the text alone cannot decide; reported apart, counted neither way. */
  label: "risk" | "benign" | "unclear";
  category: string;
  /** everyday.jsonl only: which half. */
  split?: "dev" | "heldout";
}

export interface RealReport {
  total: EvalGroup;
  byCategory: Record<string, EvalGroup>;
  /** Unclear lines: how many, and how many the check rated moderate or high. */
  unclear: { n: number; detected: number };
  misses: EvalOutcome[];
  falseAlarms: EvalOutcome[];
}

/** Scores a check over real comments: recall per risk category, false alarms per benign category. */
export function evaluateRealSet(items: readonly RealEvalItem[], check: (text: string) => CrisisCheck): RealReport {
  const report: RealReport = {
    total: empty(),
    byCategory: {},
    unclear: { n: 0, detected: 0 },
    misses: [],
    falseAlarms: [],
  };
  for (const item of items) {
    const { severity } = check(item.text);
    const hit = isDetected(severity);
    if (item.label === "unclear") {
      report.unclear.n++;
      if (hit) report.unclear.detected++;
      continue;
    }
    tally([report.total, (report.byCategory[item.category] ??= empty())], item.label, hit);
    const outcome = { text: item.text, category: item.category, lang: "en", severity };
    if (item.label === "risk" && !hit) report.misses.push(outcome);
    if (item.label === "benign" && hit) report.falseAlarms.push(outcome);
  }
  return report;
}

/** Reads a JSON-lines set (one item a line). */
export function parseJsonl<T>(text: string): T[] {
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/** A real comment as an item of the own set's shape (for training and cross-validation). */
export function asEvalItem(item: RealEvalItem): CrisisEvalItem {
  return {
    text: item.text,
    label: item.label === "risk" ? "risk" : "benign",
    category: item.category,
    lang: "en",
    note: `goemotions ${item.id}`,
  };
}

/**
 * The plain keyword list a simple filter would use, for comparison: any of these words or phrases anywhere in
 * the lowercased text is a detection (high), with no reading of person, negation, history or figures of speech.
 */
export const BASELINE_KEYWORDS: readonly string[] = [
  "suicide",
  "suicidal",
  "kill myself",
  "killing myself",
  "kms",
  "end my life",
  "end it all",
  "want to die",
  "wanna die",
  "wish i was dead",
  "better off dead",
  "no reason to live",
  "don't want to live",
  "dont want to live",
  "take my own life",
  "hang myself",
  "overdose",
  "self harm",
  "self-harm",
  "cut myself",
  "cutting myself",
  "hurt myself",
  "not worth living",
  "no way out",
  "goodbye note",
  "suicide note",
];
const BASELINE_RE = new RegExp(
  `(?:^|[^a-z])(?:${BASELINE_KEYWORDS.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![a-z])`,
);

/** The keyword-list baseline as a check. */
export function keywordBaseline(text: string): CrisisCheck {
  const hit = BASELINE_RE.test(text.toLowerCase().replace(/[\u2018\u2019]/g, "'"));
  return {
    crisis_detected: hit,
    severity: hit ? "high" : "none",
    categories: [],
    concern_for_other: false,
  };
}

/** Fold of an item in k-fold cross-validation: a hash of its text, so the folds never depend on order. */
export function foldOf(text: string, k: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h % k;
}

export interface KFoldReport {
  k: number;
  /** The rules as they are (written against these items, so optimistic). */
  rules: EvalGroup;
  /** The learned scorer alone, trained on the other folds (its gate included). */
  scorer: EvalGroup;
  /** Rules and the scorer trained on the other folds. */
  combined: EvalGroup;
}

/**
 * K-fold cross-validation of the learned scorer: for each fold, `train` builds a scorer from the other folds;
 * `scorerHit(text, scorer)` is the scorer alone and `check(text, scorer)` the rules with it (`null`: rules alone).
 */
export function kFold<S>(
  items: readonly CrisisEvalItem[],
  k: number,
  train: (items: readonly CrisisEvalItem[]) => S,
  check: (text: string, scorer: S | null) => CrisisCheck,
  scorerHit: (text: string, scorer: S) => boolean,
): KFoldReport {
  const out: KFoldReport = { k, rules: empty(), scorer: empty(), combined: empty() };
  const folds = items.map((it) => foldOf(it.text, k));
  const add = (g: EvalGroup, it: CrisisEvalItem, hit: boolean) => {
    if (it.label === "risk") {
      g.risk++;
      if (hit) g.detected++;
    } else {
      g.benign++;
      if (hit) g.alarms++;
    }
  };
  for (let f = 0; f < k; f++) {
    const scorer = train(items.filter((_, i) => folds[i] !== f));
    items.forEach((it, i) => {
      if (folds[i] !== f) return;
      add(out.rules, it, isDetected(check(it.text, null).severity));
      add(out.scorer, it, scorerHit(it.text, scorer));
      add(out.combined, it, isDetected(check(it.text, scorer).severity));
    });
  }
  return out;
}

/**
 * What the learned scorer is trained on: the own set, the labelled real comments of the dev half (unclear ones
 * left out) and the everyday comments marked dev. Never the held-out half.
 */
export function crisisTrainingItems(
  own: readonly CrisisEvalItem[],
  devJsonl: string,
  everydayJsonl: string,
): CrisisEvalItem[] {
  const dev = parseJsonl<RealEvalItem>(devJsonl).filter((i) => i.label !== "unclear");
  const everyday = parseJsonl<RealEvalItem>(everydayJsonl).filter((i) => i.split === "dev");
  return [
    ...own,
    ...dev.map(asEvalItem),
    ...everyday.map((i) => asEvalItem({ ...i, label: "benign", category: "everyday" })),
  ];
}
