import type { CrisisSeverity } from "./levels";
import type { CrisisCategory, CrisisCheck } from "./types";
import {
  ACCIDENT_RE,
  AFFIRM_RE,
  COPING_RE,
  JOKING_RE,
  SERIOUS_RE,
  ENDING_OTHER_RE,
  EVERYDAY_REASON_RE,
  GAME_RE,
  HOPE_BEFORE_RE,
  EMBARRASSMENT_RE,
  ENDING_WORDS_RE,
  FIGURATIVE_AFTER_RE,
  FIGURATIVE_BEFORE_RE,
  FIGURATIVE_CONDITION_RE,
  FIGURATIVE_SELF_AFTER_RE,
  GRIEF_RE,
  PHYSICAL_PAIN_RE,
  PURPOSE_AFTER_RE,
  HISTORY_RE,
  ILLNESS_RE,
  ON_PURPOSE_RE,
  PRESENT_RE,
  MEDIA_RE,
  REPORTING_RE,
  SCOPED_BURDEN_RE,
  SCOPED_HOPELESS_AFTER_RE,
  TOPIC_AFTER_RE,
  TOPIC_BEFORE_RE,
  WORRY_FOR_OTHER_RE,
  RISK_STEM_RE,
  clauseSubject,
  isNegated,
  personOf,
  reportedByOther,
} from "./context";
import { EN_RULES } from "./lexicon-en";
import { INTL_RULES } from "./lexicon-intl";
import { RuleGate } from "./gate";
import { compile, SIGNAL_KINDS, type Rule, type SignalKind } from "./rules";
import { CATEGORY_SEVERITY, LOW_RE } from "./severity";
import { CRISIS_SCORER_WEIGHTS } from "./scorer-weights";
import { anchoredSentences, compileScorer, mayRaise, scoreSentence, type CompiledScorer } from "./scorer";
import { clauseAround, normalize, rangeAt, sentenceRanges, type Range } from "./text";

export const RULES: readonly Rule[] = [
  ...EN_RULES.map((spec) => compile("en", spec)),
  ...Object.entries(INTL_RULES).flatMap(([lang, specs]) => specs.map((spec) => compile(lang, spec))),
];

/** Which rules can match a text at all (see gate.ts): the others are not scanned. */
export const GATE = new RuleGate(RULES.map((rule) => rule.re));

const DENIAL_AFTER_RE =
  /^,? *(?:but|though|although|and) (?:i know |deep down |really |logically |honestly )?(?:im|i am|its|it is|thats) not\b/;
const QUESTIONED_RE = /\b(?:asked|asks|asking) (?:me )?(?:if|whether|about)\b|\bincluding (?:whether|if)\b/;
const ANSWERED_RE =
  /\b(?:i (?:said|told|admitted|answered|replied|confessed)|(?:said|answered) yes|and yes|yes i (?:have|do|did))\b/;
const STORY_PERSON_RE =
  /\b(?:character|characters|narrator|protagonist|hero|heroine|villain|actor|actress|author|singer|rapper|detective)\b/;
const PAST_FORM_RE = /^(?:wanted|wanting|was|were|tried|used|had|felt|thought|planned|wrote|cut|took)\b/;
const FIRST_WORD_RE = /\b(?:i|im|ive|id|ill|me|my|myself)\b/;
/** What follows a bare "suicide" in a general statement ("suicide is never the answer", "suicide rates"). */
const GENERAL_AFTER_RE =
  /^ (?:is|isnt|was|wasnt|are|arent|can|cant|will|wont|never|doesnt|dont|should|shouldnt|would|wouldnt|has|hasnt|rates?|hotlines?|lines?|awareness|prevention|statistics|stats|numbers?|victims?|survivors?|bombers?|squad|watch|risk|is never)\b/;
/** "the suicide", "his overdose": someone's, or one in general. */
/** The sentence after a line said to the reader, taking it as the writer's own ("Because I do."). */
const OWN_TOO_RE = /^ *(?:because |cause |and |well |honestly )?(?:i do|i have|same|me too|thats me|i am|im there)\b/;
const DETERMINER_BEFORE_RE = /\b(?:the|a|an|this|that|its|another|every)\s$/;
const SCORER: CompiledScorer = compileScorer(CRISIS_SCORER_WEIGHTS);
const RANK: Record<CrisisSeverity, number> = { none: 0, low: 1, moderate: 2, high: 3 };
const MODERATE_CATEGORIES: ReadonlySet<CrisisCategory> = new Set([
  "passive_ideation",
  "burdensomeness",
  "hopelessness_entrapment",
  "unbearable_pain",
]);

interface SentenceFinding {
  /** Present, first-person categories found in the sentence. */
  categories: Set<CrisisCategory>;
  signals: Set<SignalKind>;
  severity: CrisisSeverity;
}

function findingAt(map: Map<number, SentenceFinding>, i: number): SentenceFinding {
  let f = map.get(i);
  if (!f) {
    f = { categories: new Set(), signals: new Set(), severity: "none" };
    map.set(i, f);
  }
  return f;
}

function raise(f: SentenceFinding, s: CrisisSeverity): void {
  if (RANK[s] > RANK[f.severity]) f.severity = s;
}

type Verdict = { severity: CrisisSeverity; concern?: boolean };

/** What one matched phrase means in its clause and sentence. */
function judge(rule: Rule, match: string, sentence: string, from: number, previous: string, next: string): Verdict {
  const to = from + match.length;
  const clause = clauseAround(sentence, from, to);
  const before = clause.text.slice(0, from - clause.start);
  const after = sentence.slice(to, to + 48);
  const kind = rule.kind;

  if (kind === "timing" || kind === "means" || kind === "linger" || kind === "act" || kind === "farewell") {
    if (kind !== "timing" && (EVERYDAY_REASON_RE.test(sentence) || GAME_RE.test(sentence))) return { severity: "none" };
    // Someone in a story or a show ("a character kept pills hidden behind books") is not the writer.
    if (kind !== "timing" && STORY_PERSON_RE.test(before)) return { severity: "none" };
    if (kind === "act" && clauseSubject(clause.text) === "third") return { severity: "none" };
    return { severity: "moderate" };
  }
  if (kind === "intent")
    return isNegated(before, rule.lang) || HOPE_BEFORE_RE.test(before)
      ? { severity: "none" }
      : { severity: "moderate" };
  // "I hope it ends soon", "until this is over": a hope that a situation ends.
  if (kind === "intent_timing" && /^(?:it|everything|this|things)\b/.test(match) && HOPE_BEFORE_RE.test(before))
    return { severity: "none" };
  // A game's guns, blades and deaths are play.
  if ((kind === "plan_means" || kind === "self_harm") && GAME_RE.test(sentence)) return { severity: "none" };

  if (kind === "explicit_ideation" || kind === "passive_ideation") {
    if (/(?:die|dead)$/.test(match) && (FIGURATIVE_AFTER_RE.test(after) || FIGURATIVE_BEFORE_RE.test(before)))
      return { severity: "none" };
    if (/^end/.test(match) && !/all$/.test(match) && ENDING_OTHER_RE.test(sentence)) return { severity: "none" };
    if (/kill/.test(match) && FIGURATIVE_SELF_AFTER_RE.test(after)) return { severity: "none" };
    if (/die$/.test(match) && EMBARRASSMENT_RE.test(clause.text)) return { severity: "low" };
    if (/die$/.test(match) && JOKING_RE.test(sentence) && !SERIOUS_RE.test(sentence)) return { severity: "low" };
  }
  if (kind === "hopelessness_entrapment" && SCOPED_HOPELESS_AFTER_RE.test(after)) return { severity: "low" };
  if (kind === "hopelessness_entrapment" && /better$/.test(match) && ILLNESS_RE.test(sentence))
    return { severity: "low" };
  if (kind === "burdensomeness" && SCOPED_BURDEN_RE.test(sentence)) return { severity: "low" };
  // "...I feel like a burden, but I know I'm not": the writer answers the thought in the same breath.
  if (MODERATE_CATEGORIES.has(kind as CrisisCategory) && DENIAL_AFTER_RE.test(after)) return { severity: "low" };
  // "I thought about hurting myself but I didn't, I went for a walk": the thought was met and let go.
  if (!SIGNAL_KINDS.has(kind) && /^,? but (?:i )?didnt(?= *(?:[,.;!]|$| and| do it| act on it))/.test(after))
    return { severity: "low" };
  // A screening question put to the writer ("the nurse asked whether I'd thought I'd be better off dead").
  if (!SIGNAL_KINDS.has(kind) && QUESTIONED_RE.test(before) && !ANSWERED_RE.test(before) && !ANSWERED_RE.test(after))
    return { severity: "low" };
  if ((kind === "hopelessness_entrapment" || kind === "unbearable_pain") && COPING_RE.test(sentence))
    return { severity: "low" };
  if (kind === "unbearable_pain" && PHYSICAL_PAIN_RE.test(sentence) && !ENDING_WORDS_RE.test(clause.text))
    return { severity: "low" };
  if (rule.weak && EVERYDAY_REASON_RE.test(sentence)) return { severity: "none" };
  if (kind !== "self_harm" && FIGURATIVE_CONDITION_RE.test(sentence)) return { severity: "none" };
  if ((kind === "unbearable_pain" || kind === "hopelessness_entrapment") && PURPOSE_AFTER_RE.test(after))
    return { severity: "none" };
  if (kind === "passive_ideation" && /death|dying/.test(match) && GRIEF_RE.test(sentence)) return { severity: "low" };
  if (kind === "self_harm" && ACCIDENT_RE.test(clause.text) && !ON_PURPOSE_RE.test(clause.text))
    return { severity: "none" };

  const subjectInMatch = kind !== "preparatory_acts" && kind !== "plan_means" && kind !== "intent_timing";
  const bareMention = /^(?:suicid\w*|self ?harm\w*|self ?injur\w*|overdos\w*)$/.test(match);
  if (bareMention && (TOPIC_AFTER_RE.test(after) || (TOPIC_BEFORE_RE.test(before) && REPORTING_RE.test(sentence))))
    return { severity: "none" };
  // "Suicide is never worth it", "the suicide by Tide pods": a general statement or someone's death, not the writer's.
  if (
    bareMention &&
    (GENERAL_AFTER_RE.test(after) || (DETERMINER_BEFORE_RE.test(before) && !/al$/.test(match))) &&
    !FIRST_WORD_RE.test(after)
  )
    return { severity: MEDIA_RE.test(sentence) || REPORTING_RE.test(sentence) ? "none" : "low" };
  // A third-person verb with no person of its own ("the whole thing needs to die") speaks of a thing.
  if (/^(?:wants|needs|deserves|has) /.test(match) && personOf(match, before, true) === "implicit")
    return { severity: "none" };
  let person =
    rule.first || AFFIRM_RE.test(sentence.slice(to))
      ? "first"
      : rule.lang !== "en"
        ? "implicit"
        : kind === "preparatory_acts"
          ? clauseSubject(clause.text)
          : personOf(match, before, subjectInMatch);
  if (person !== "first" && rule.lang === "en" && reportedByOther(before)) person = "third";
  // Said to or about the reader ("you want to kill yourself", "if you're thinking of ending it, call..."): the
  // friend-at-risk case, never the writer's own risk; "you're gonna die when the storm comes" is no worry for them.
  // Unless the writer says it of themselves too ("you get to a point where you'd rather be dead, and I'm there",
  // "Do you ever just want to not be here? Because I do.").
  if (person === "second" && (FIRST_WORD_RE.test(sentence.slice(to)) || OWN_TOO_RE.test(next))) person = "first";
  if (person === "second") return { severity: "low", concern: !/(?:die|dead)$/.test(match) };
  if (person === "third") {
    if (MEDIA_RE.test(sentence) || GRIEF_RE.test(sentence)) return { severity: "none" };
    return { severity: "low", concern: true };
  }
  if (
    person === "implicit" &&
    (TOPIC_AFTER_RE.test(after) ||
      REPORTING_RE.test(clause.text) ||
      (TOPIC_BEFORE_RE.test(before) && REPORTING_RE.test(sentence)))
  )
    return { severity: "none" };
  // A fragment with no subject of its own ("So many pages about wanting to die.") continues the sentence before it.
  const continues =
    person === "implicit" &&
    !FIRST_WORD_RE.test(sentence) &&
    (TOPIC_BEFORE_RE.test(before) || PAST_FORM_RE.test(match));
  if (continues && REPORTING_RE.test(previous)) return { severity: "none" };
  if (continues && HISTORY_RE.test(previous) && !PRESENT_RE.test(sentence)) return { severity: "low" };
  if (isNegated(before, rule.lang) || (/^(?:thoughts?|plans?|urges?) /.test(match) && /\bno $/.test(before)))
    return { severity: "low" };
  if (HISTORY_RE.test(sentence) && !PRESENT_RE.test(clause.text)) return { severity: "low" };
  return { severity: rule.severity ?? CATEGORY_SEVERITY[kind] };
}

/** A neighbouring sentence that is only a time or a means ("Tonight, after everyone's asleep."), not an activity. */
function shortNeighbourSignal(i: number, found: Map<number, SentenceFinding>, sentences: readonly Range[]): boolean {
  for (const j of [i - 1, i + 1]) {
    const g = found.get(j);
    if (!g || !(g.signals.has("timing") || g.signals.has("means"))) continue;
    const r = sentences[j];
    if (r.end - r.start <= 60) return true;
  }
  return false;
}

/**
 * The built-in check. Every rule scans the normalized text once (linear); each match is judged in its clause
 * and sentence; then neighbouring sentences are read together for intent, timing and means.
 */
export function detect(
  text: string,
  scorer: CompiledScorer | null = SCORER,
  gate: RuleGate | null = GATE,
): CrisisCheck {
  const norm = normalize(text);
  const sentences: Range[] = sentenceRanges(norm);
  const found = new Map<number, SentenceFinding>();
  let concern = false;
  let severity: CrisisSeverity = "none";
  let cachedIndex = -1;
  let cachedSentence = "";
  let cachedPrevious = "";
  let cachedNext = "";
  /** Sentences where the rules matched something and judged it lowered (negated, past, reported, figurative...). */
  const lowered = new Set<number>();

  const open = gate?.open(norm);
  for (let r = 0; r < RULES.length; r++) {
    if (open && !open[r]) continue;
    const rule = RULES[r];
    const re = rule.re;
    re.lastIndex = 0;
    for (let m = re.exec(norm); m; m = re.exec(norm)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const si = rangeAt(sentences, m.index);
      const isSignal = SIGNAL_KINDS.has(rule.kind);
      if (isSignal && found.get(si)?.signals.has(rule.kind as SignalKind)) continue;
      const range = sentences[si];
      if (si !== cachedIndex) {
        cachedIndex = si;
        cachedSentence = norm.slice(range.start, range.end);
        cachedPrevious = si > 0 ? norm.slice(sentences[si - 1].start, sentences[si - 1].end) : "";
        cachedNext = si + 1 < sentences.length ? norm.slice(sentences[si + 1].start, sentences[si + 1].end) : "";
      }
      const verdict = judge(rule, m[0], cachedSentence, m.index - range.start, cachedPrevious, cachedNext);
      if (verdict.concern) concern = true;
      if (
        RANK[verdict.severity] <
        RANK[rule.severity ?? (isSignal ? "moderate" : CATEGORY_SEVERITY[rule.kind as CrisisCategory])]
      )
        lowered.add(si);
      if (verdict.severity === "none") continue;
      const f = findingAt(found, si);
      if (isSignal) {
        f.signals.add(rule.kind as SignalKind);
        continue;
      }
      raise(f, verdict.severity);
      if (verdict.severity === "moderate" || verdict.severity === "high") f.categories.add(rule.kind as CrisisCategory);
    }
  }

  const categories = new Set<CrisisCategory>();
  for (const [i, f] of found) {
    const near = new Set<SignalKind>();
    const nearCats = new Set<CrisisCategory>();
    for (let j = i - 1; j <= i + 1; j++) {
      const g = found.get(j);
      if (!g) continue;
      for (const s of g.signals) near.add(s);
      for (const c of g.categories) nearCats.add(c);
    }
    let s = f.severity;
    const hasModerate = [...f.categories].some((c) => MODERATE_CATEGORIES.has(c));
    if (
      hasModerate &&
      (near.has("means") || near.has("intent") || (f.categories.has("passive_ideation") && near.has("timing")))
    ) {
      s = "high";
      f.categories.add(near.has("means") ? "plan_means" : "intent_timing");
    }
    if (
      f.signals.has("intent") &&
      (f.signals.has("timing") ||
        f.signals.has("means") ||
        nearCats.size > 0 ||
        shortNeighbourSignal(i, found, sentences))
    ) {
      s = "high";
      f.categories.add("intent_timing");
    }
    if ((f.signals.has("means") && near.has("linger")) || (f.signals.has("linger") && near.has("means"))) {
      s = "high";
      f.categories.add("plan_means");
    }
    if (f.signals.has("act") && near.has("farewell")) {
      s = "high";
      f.categories.add("preparatory_acts");
    }
    if (RANK[s] > RANK[severity]) severity = s;
    for (const c of f.categories) categories.add(c);
  }

  if (!concern) {
    WORRY_FOR_OTHER_RE.lastIndex = 0;
    for (let m = WORRY_FOR_OTHER_RE.exec(norm); m && !concern; m = WORRY_FOR_OTHER_RE.exec(norm)) {
      // The worry and what worries the writer may sit in neighbouring sentences ("Jo's been giving her things
      // away. I'm worried, I'm calling her mum.").
      const si = rangeAt(sentences, m.index);
      const r = sentences[si];
      const start = si > 0 ? sentences[si - 1].start : r.start;
      if (RISK_STEM_RE.test(norm.slice(start, r.end))) concern = true;
    }
  }
  // The learned scorer: only raises none or low to moderate, one sentence at a time, outside lowering contexts.
  if (scorer && RANK[severity] < RANK.moderate) {
    // Only sentences with an anchor word can be raised (mayRaise), so only those are scored.
    for (const i of anchoredSentences(norm, sentences)) {
      if (lowered.has(i) || RANK[found.get(i)?.severity ?? "none"] >= RANK.moderate) continue;
      const sentence = norm.slice(sentences[i].start, sentences[i].end);
      if (sentence.length < 8 || scoreSentence(sentence, scorer) < scorer.threshold) continue;
      const previous = i > 0 ? norm.slice(sentences[i - 1].start, sentences[i - 1].end) : "";
      if (!mayRaise(sentence, previous)) continue;
      severity = "moderate";
      break;
    }
  }
  if (severity === "none" && LOW_RE.test(norm)) severity = "low";
  return { crisis_detected: severity === "high", severity, categories: [...categories], concern_for_other: concern };
}
