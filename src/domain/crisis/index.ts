/**
 * Crisis rules (spec sections 4 and 9). Pure functions, used by the server's detect-crisis task, by the editor
 * to decide whether to offer motivational support, and by chat. README.md in this folder documents every
 * category and its severity; in short:
 * - none:     nothing points to risk, or only figurative speech, reporting, everyday words.
 * - low:      distress; a negated, past or recovered mention; a friend at risk (`concern_for_other`).
 * - moderate: passive ideation, burdensomeness, hopelessness and entrapment, unbearable pain.
 * - high:     explicit ideation, intent and timing, plan and means, preparatory acts, self-harm, command
 *             hallucinations; any moderate finding with a means or a stated intent nearby; passive ideation
 *             with a time.
 * `crisis_detected` is true whenever severity is high.
 */

import { detect } from "./detect";
import type { CrisisCategory, CrisisCheck } from "./types";

export {
  CRISIS_SEVERITIES,
  combineCrisis,
  maxSeverity,
  severityRank,
  shouldOfferSupport,
  type CrisisAssessment,
  type CrisisSeverity,
} from "./levels";
import { maxSeverity, type CrisisSeverity } from "./levels";
export { CRISIS_CATEGORIES, type CrisisCategory, type CrisisCheck } from "./types";

/**
 * The built-in check. It does not depend on any model and always runs. It reads the text sentence by sentence
 * (and neighbouring sentences together), in linear time; see README.md in this folder for the categories and
 * how each maps to a severity. A negated mention ("I would never kill myself") or a past one ("five years ago I
 * was suicidal") is low; figurative speech and reporting are none; a friend at risk sets `concern_for_other`.
 */
export function detectRiskLanguage(text: string): CrisisCheck {
  return detect(text);
}

/** How many of the latest user turns are also read together. */
export const CONVERSATION_WINDOW = 4;

/**
 * Checks a conversation: every user message alone, and the recent user turns read together (risk spread over
 * turns, such as "I've decided." then "Tonight, after everyone's asleep."). The highest result wins.
 */
export function assessConversation(userTurns: readonly string[]): CrisisCheck {
  const checks = userTurns.map((t) => detectRiskLanguage(t));
  const recent = userTurns.slice(-CONVERSATION_WINDOW);
  if (recent.length > 1) checks.push(detectRiskLanguage(recent.join("\n")));
  let severity: CrisisSeverity = "none";
  const categories = new Set<CrisisCategory>();
  let concern = false;
  for (const c of checks) {
    severity = maxSeverity(severity, c.severity);
    for (const cat of c.categories) categories.add(cat);
    concern ||= c.concern_for_other;
  }
  return { crisis_detected: severity === "high", severity, categories: [...categories], concern_for_other: concern };
}
