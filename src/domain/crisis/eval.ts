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
    const groups = [
      report.total,
      item.holdout ? report.holdout : report.tuned,
      (report.byCategory[item.category] ??= empty()),
      (report.byLang[item.lang] ??= empty()),
    ];
    for (const g of groups) {
      if (item.label === "risk") {
        g.risk++;
        if (hit) g.detected++;
      } else {
        g.benign++;
        if (hit) g.alarms++;
      }
    }
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
  const g: EvalGroup = { risk: 0, detected: 0, benign: 0, alarms: 0 };
  for (const it of items) {
    const hit = isDetected(check(it.text).severity);
    if (it.label === "risk") {
      g.risk++;
      if (hit) g.detected++;
    } else {
      g.benign++;
      if (hit) g.alarms++;
    }
  }
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
  const pooled = {
    rules: { risk: 0, detected: 0, benign: 0, alarms: 0 },
    combined: { risk: 0, detected: 0, benign: 0, alarms: 0 },
  };
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
