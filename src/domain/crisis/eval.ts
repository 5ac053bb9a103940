import type { CrisisCheck, CrisisSeverity } from "./index.ts";

/** One item of an evaluation set. */
export interface CrisisEvalItem {
  text: string;
  label: "risk" | "benign";
  category: string;
  lang: string;
  note?: string;
  /** Kept apart from tuning. */
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
  const report: EvalReport = { total: empty(), holdout: empty(), tuned: empty(), byCategory: {}, byLang: {}, misses: [], falseAlarms: [] };
  for (const item of items) {
    const { severity } = check(item.text);
    const hit = isDetected(severity);
    const groups = [report.total, item.holdout ? report.holdout : report.tuned, (report.byCategory[item.category] ??= empty()), (report.byLang[item.lang] ??= empty())];
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
