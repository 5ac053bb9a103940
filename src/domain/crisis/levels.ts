/**
 * The crisis levels and the spec's modal rule, without the detection rules: light enough for the browser
 * (the editor decides with it whether to offer support). index.ts re-exports all of it.
 */

export type CrisisSeverity = "none" | "low" | "moderate" | "high";
export const CRISIS_SEVERITIES: readonly CrisisSeverity[] = ["none", "low", "moderate", "high"];

export function severityRank(s: CrisisSeverity): number {
  return CRISIS_SEVERITIES.indexOf(s);
}

export function maxSeverity(a: CrisisSeverity, b: CrisisSeverity): CrisisSeverity {
  return severityRank(a) >= severityRank(b) ? a : b;
}

export interface CrisisAssessment {
  crisis_detected: boolean;
  severity: CrisisSeverity;
}

/**
 * Combines the built-in check with a model's judgement: the model can only raise the severity,
 * never hide what the built-in check found.
 */
export function combineCrisis(
  rule: CrisisAssessment,
  model: Partial<CrisisAssessment> | null | undefined,
): CrisisAssessment {
  const modelSeverity = model?.severity && CRISIS_SEVERITIES.includes(model.severity) ? model.severity : "none";
  const severity = maxSeverity(rule.severity, modelSeverity);
  return { crisis_detected: rule.crisis_detected || model?.crisis_detected === true || severity === "high", severity };
}

/**
 * The spec's crisis rule: offer support when a crisis is detected, or when severity is "moderate"
 * and the mood score is at or below 4. High severity always counts as detected.
 */
export function shouldOfferSupport(
  crisis: Partial<CrisisAssessment> | null | undefined,
  moodScore: number | null | undefined,
): boolean {
  if (!crisis) return false;
  if (crisis.crisis_detected === true || crisis.severity === "high") return true;
  return (
    crisis.severity === "moderate" && typeof moodScore === "number" && Number.isFinite(moodScore) && moodScore <= 4
  );
}
