import type { CrisisSeverity } from "./levels";
import { anyPhrase } from "./rules";
import type { CrisisCategory } from "./types";

/**
 * How each category maps to a severity (see README.md). Escalations across nearby sentences are in detect.ts.
 */
export const CATEGORY_SEVERITY: Readonly<Record<CrisisCategory, CrisisSeverity>> = {
  explicit_ideation: "high",
  intent_timing: "high",
  plan_means: "high",
  preparatory_acts: "high",
  self_harm: "high",
  command_hallucinations: "high",
  passive_ideation: "moderate",
  burdensomeness: "moderate",
  hopelessness_entrapment: "moderate",
  unbearable_pain: "moderate",
};

/** Distress markers: low on their own. */
const LOW_PHRASES = [
  "cant cope",
  "falling apart",
  "empty inside",
  "(?:so|completely|totally) (?:alone|lonely)",
  "overwhelmed",
  "breaking down",
  "panic attacks?",
  "no tengo fuerzas",
  "je suis epuisee?",
  "ich bin erschopft",
  "estou exausta?",
  "sono esaust[oa]",
];
export const LOW_RE = anyPhrase(LOW_PHRASES);
