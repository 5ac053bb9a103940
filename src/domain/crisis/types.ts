import type { CrisisAssessment } from "./levels";

/** What kind of risk a text speaks of. Slang, abbreviations and the other languages map into these. */
export type CrisisCategory =
  | "explicit_ideation"
  | "passive_ideation"
  | "intent_timing"
  | "plan_means"
  | "preparatory_acts"
  | "self_harm"
  | "burdensomeness"
  | "hopelessness_entrapment"
  | "unbearable_pain"
  | "command_hallucinations";

export const CRISIS_CATEGORIES: readonly CrisisCategory[] = [
  "explicit_ideation",
  "passive_ideation",
  "intent_timing",
  "plan_means",
  "preparatory_acts",
  "self_harm",
  "burdensomeness",
  "hopelessness_entrapment",
  "unbearable_pain",
  "command_hallucinations",
];

/**
 * The built-in check's full result. `categories` lists what was found (present, first-person, not negated);
 * `concern_for_other` is true when the writer worries that someone else is at risk.
 */
export interface CrisisCheck extends CrisisAssessment {
  categories: CrisisCategory[];
  concern_for_other: boolean;
}
