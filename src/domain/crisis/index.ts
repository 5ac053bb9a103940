/**
 * Crisis rules (spec sections 4 and 9). Pure functions, used by the server's detect-crisis task and by
 * the editor to decide whether to offer motivational support.
 *
 * Severity levels, lowest to highest:
 * - none:     nothing in the text points to risk.
 * - low:      distress markers, or explicit risk language that is clearly negated ("I would never hurt myself").
 * - moderate: hopelessness markers ("no way out", "nobody would miss me", "can't go on").
 * - high:     explicit suicide or self-harm language ("kill myself", "end my life", "self-harm").
 * `crisis_detected` is true whenever severity is high.
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

/** Explicit risk language: suicide, wanting to die, self-harm. */
const HIGH_PATTERNS: readonly RegExp[] = [
  /\bkill(?:ing|ed)?\s+my\s*self\b/u,
  /\bend(?:ing)?\s+(?:my|it|this)\s+(?:own\s+)?life\b/u,
  /\bend(?:ing)?\s+it\s+all\b/u,
  /\btak(?:e|ing)\s+my\s+(?:own\s+)?life\b/u,
  /\bsuicid(?:e|al)\b/u,
  /\b(?:don'?t|do\s+not|no\s+longer)\s+want\s+to\s+(?:live|be\s+alive|exist|wake\s+up)\b/u,
  /\bwant(?:ed)?\s+to\s+die\b/u,
  /\bwish\s+i\s+(?:was|were)\s+dead\b/u,
  /\bbetter\s+off\s+dead\b/u,
  /\bno\s+reason\s+to\s+live\b/u,
  /\bself[\s-]?harm(?:ing)?\b/u,
  /\b(?:hurt(?:ing)?|harm(?:ing)?|cut(?:ting)?)\s+my\s*self\b/u,
  /\boverdos(?:e|ing)\b/u,
];

/** Hopelessness markers. */
const MODERATE_PATTERNS: readonly RegExp[] = [
  /\bhopeless(?:ness)?\b/u,
  /\bno\s+way\s+out\b/u,
  /\bcan'?t\s+go\s+on\b/u,
  /\bcannot\s+go\s+on\b/u,
  /\bcan'?t\s+take\s+(?:it|this)\s+any\s*more\b/u,
  /\b(?:nobody|no\s+one)\s+would\s+(?:miss|care\s+if)\b/u,
  /\bbetter\s+off\s+without\s+me\b/u,
  /\bi'?m\s+(?:just\s+)?a\s+burden\b/u,
  /\bworthless\b/u,
  /\bgive\s+up\s+on\s+(?:life|everything)\b/u,
  /\bdisappear\s+forever\b/u,
];

/** Distress markers. */
const LOW_PATTERNS: readonly RegExp[] = [
  /\bcan'?t\s+cope\b/u,
  /\bfalling\s+apart\b/u,
  /\bempty\s+inside\b/u,
  /\b(?:so|completely|totally)\s+(?:alone|lonely)\b/u,
  /\boverwhelmed\b/u,
  /\bbreaking\s+down\b/u,
  /\bpanic\s+attack/u,
];

/** A negator directly before the phrase ("never", "not going to", "wouldn't"), unless it is "can't stop …"-like. */
const NEGATOR_RE = /\b(?:never|not|wouldn'?t|won'?t|don'?t|didn'?t|doesn'?t|isn'?t|wasn'?t)(?=\s|$)/u;
const NEGATION_BREAKERS_RE = /\b(?:stop|help|keep|anymore|but|unless|except|sure)\b/u;

function normalize(text: string): string {
  return text.toLowerCase().replace(/[\u2018\u2019\u02bc]/gu, "'").replace(/\s+/gu, " ");
}

function isNegated(sentence: string, index: number): boolean {
  const before = sentence.slice(0, index).trim().split(" ").slice(-4).join(" ");
  if (!before) return false;
  return NEGATOR_RE.test(before) && !NEGATION_BREAKERS_RE.test(before);
}

/**
 * The built-in check for explicit risk language. It does not depend on any model and always runs.
 * A negated mention ("I would never kill myself") lowers the result to low, never to none.
 */
export function detectRiskLanguage(text: string): CrisisCheck {
  const sentences = normalize(text).split(/(?<=[.!?;\n])\s*/u);
  let severity: CrisisSeverity = "none";
  const categories = new Set<CrisisCategory>();
  for (const sentence of sentences) {
    for (const re of HIGH_PATTERNS) {
      const m = re.exec(sentence);
      if (!m) continue;
      const negated = isNegated(sentence, m.index);
      if (!negated) categories.add("explicit_ideation");
      severity = maxSeverity(severity, negated ? "low" : "high");
    }
    for (const re of MODERATE_PATTERNS) {
      const m = re.exec(sentence);
      if (!m) continue;
      const negated = isNegated(sentence, m.index);
      if (!negated) categories.add("hopelessness_entrapment");
      severity = maxSeverity(severity, negated ? "low" : "moderate");
    }
    for (const re of LOW_PATTERNS) {
      if (re.test(sentence)) severity = maxSeverity(severity, "low");
    }
    if (severity === "high") break;
  }
  return { crisis_detected: severity === "high", severity, categories: [...categories], concern_for_other: false };
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

/**
 * Combines the built-in check with a model's judgement: the model can only raise the severity,
 * never hide what the built-in check found.
 */
export function combineCrisis(rule: CrisisAssessment, model: Partial<CrisisAssessment> | null | undefined): CrisisAssessment {
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
  return crisis.severity === "moderate" && typeof moodScore === "number" && Number.isFinite(moodScore) && moodScore <= 4;
}
