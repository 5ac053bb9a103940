/**
 * A small learned scorer beside the phrase rules: logistic regression over word unigrams and bigrams of one
 * normalized sentence. Server-only (browser code imports `@/domain/crisis/levels` only). The weights live in
 * models/crisis-scorer.json (loaded by `scorer-weights.ts`), written by `npm run train:crisis` from the evaluation set.
 *
 * It can only raise a sentence the rules left at none or low to moderate (see `detect.ts`), and only when the
 * sentence is first-person or has no subject of its own, is not about the past, and sits in none of the
 * lowering contexts the rules recognise (figurative speech, reporting, a third party, history, negation).
 */
import {
  FIGURATIVE_CONDITION_RE,
  GAME_RE,
  GRIEF_RE,
  HISTORY_RE,
  JOKING_RE,
  MEDIA_RE,
  PRESENT_RE,
  REPORTING_RE,
  SERIOUS_RE,
  clauseSubject,
} from "./context";
import { anyPhrase } from "./rules";
import { normalize, rangeAt, sentenceRanges, type Range } from "./text";

export interface ScorerWeights {
  bias: number;
  /** Probability at or above which a sentence counts. */
  threshold: number;
  /** Feature ("word" or "word word") to weight; features not listed weigh 0. */
  weights: Record<string, number>;
}

export interface CompiledScorer {
  bias: number;
  threshold: number;
  /** Unigram weights. */
  words: Map<string, number>;
  /** Bigram weights by first word, then second word: lookups without building a string. */
  pairs: Map<string, Map<string, number>>;
}

export function compileScorer(w: ScorerWeights): CompiledScorer {
  const words = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  for (const [f, v] of Object.entries(w.weights)) {
    const space = f.indexOf(" ");
    if (space < 0) {
      words.set(f, v);
      continue;
    }
    const first = f.slice(0, space);
    let m = pairs.get(first);
    if (!m) pairs.set(first, (m = new Map()));
    m.set(f.slice(space + 1), v);
  }
  return { bias: w.bias, threshold: w.threshold, words, pairs };
}

const WORD_RE = /[a-z0-9]+/g;

/** Word unigrams and bigrams of a normalized sentence, with start and end markers on the bigrams. */
export function features(sentence: string): string[] {
  const words = sentence.match(WORD_RE) ?? [];
  const out: string[] = [];
  let prev = "<s>";
  for (const w of words) {
    out.push(w, `${prev} ${w}`);
    prev = w;
  }
  if (words.length) out.push(`${prev} </s>`);
  return out;
}

/** Probability that a normalized sentence speaks of present risk. A fixed cost: one map lookup per feature. */
export function scoreSentence(sentence: string, scorer: CompiledScorer): number {
  let z = scorer.bias;
  const words = sentence.match(WORD_RE);
  if (!words) return 1 / (1 + Math.exp(-z));
  const { words: uni, pairs } = scorer;
  let after = pairs.get("<s>");
  for (const word of words) {
    z += (uni.get(word) ?? 0) + (after?.get(word) ?? 0);
    after = pairs.get(word);
  }
  z += after?.get("</s>") ?? 0;
  return 1 / (1 + Math.exp(-z));
}

const FIRST_WORD_RE = /\b(?:i|im|ive|id|ill|me|my|myself)\b/;
const STORY_PERSON_PHRASES = [
  "character",
  "characters",
  "narrator",
  "protagonist",
  "hero",
  "heroine",
  "villain",
  "actor",
  "actress",
  "author",
  "singer",
  "rapper",
  "detective",
];
const STORY_PERSON_RE = anyPhrase(STORY_PERSON_PHRASES);
const PAST_START_RE = /^ *(?:wanted|wanting|was|were|tried|used|had|felt|thought|planned|wrote|took|did|spent)\b/;
const FIRST_PAST_RE = /\b(?:i|we) (?:was|were|used to|had been|once)\b/;
/** Figurative phrases the rules judge per match ("killing me", "dead tired", "to die for"). */
const FIGURATIVE_SENTENCE_PHRASES = [
  "killing me",
  "killed me",
  "kill me now",
  "dead (?:tired|on my feet|inside lol)",
  "to die for",
  "dying (?:to|for|of laughter|laughing)",
  "could (?:just )?(?:die|kill)",
  "bored to death",
  "scared to death",
  "death stare",
  "dead battery",
  "phone (?:is|was) dead",
  "kill(?:ed|ing)? it",
  "how to live (?:my|your|their) life",
];
const FIGURATIVE_SENTENCE_RE = anyPhrase(FIGURATIVE_SENTENCE_PHRASES);
/** A sentence-level negation of risk ("I'd never...", "no thoughts of...", "I don't want to die"). */
const NEGATED_PHRASES = [
  "never (?:would|will|could)",
  "(?:i )?(?:would|will) never",
  "no (?:thoughts?|plans?|intention|urges?|desire|wish) (?:of|to)",
  "no longer (?:want|feel|think)",
  "dont (?:want to die|want to hurt|feel suicidal)",
  "not suicidal",
  "not going to (?:hurt|kill|do anything)",
];
const NEGATED_RE = anyPhrase(NEGATED_PHRASES);

/**
 * Words that carry the meaning the scorer is there for (living, dying, waking, ending, pain, being a weight,
 * being trapped, going away for good, means). A sentence without one of them is never raised: the scorer
 * learned its weights on journal lines about risk, and on everyday lines with none of these words ("Something I
 * really want to keep", "I want it to stop raining") its confidence means nothing.
 */
const ANCHOR_PHRASES = [
  "die",
  "dies",
  "dying",
  "dead",
  "death",
  "suicid\\w*",
  "kill\\w*",
  "(?:be|being|feel|feeling|stay|staying|still|not|am|im|keep myself|want to be|wanna be) alive",
  "(?:to|keep|go on|worth|want to|wanna|cant|can not) (?:live|living)",
  "(?:live|living) (?:like this|anymore|with (?:this|it|myself))",
  "(?:my|this|of|with|own|everyones|their|anyones) life",
  "life (?:is|isnt|has|feels|without|harder|easier|would)",
  "(?:i|to) live or",
  "(?:not|stop|to|cease to|didnt|dont|wouldnt) exist(?:ing)?",
  "(?:my|this|own) existence",
  "wake",
  "waking",
  "woke",
  "wakes",
  "awake",
  "asleep",
  "(?:be|im|was|were|when|once|just|already|it|them|me|all) gone",
  "disappear\\w*",
  "vanish\\w*",
  "fade\\w*",
  "end (?:it|things|everything|soon|my|this)",
  "(?:the|an|my) end",
  "ending (?:it|things|everything)",
  "(?:it|everything|this|all) ends",
  "(?:it|this|things|everything) to end",
  "(?:be|all|it|its|everything|this) over",
  "over with",
  "burden\\w*",
  "better off",
  "without me",
  "pain\\w*",
  "hurt\\w*",
  "harm(?:ing)? myself",
  "self harm\\w*",
  "suffer\\w*",
  "trapped",
  "trap",
  "stuck",
  "escape",
  "way out",
  "(?:the|no|any) point",
  "pointless",
  "hopeless\\w*",
  "worthless",
  "useless",
  "nobody",
  "no one",
  "(?:be|here|around|anywhere|person|thoughts|it|this|do|go on|try|trying|care|feel|how) anymore",
  "how many more times",
  "(?:one|my|the) last (?:time|day|night|birthday|goodbye)",
  "(?:was|is|be) my last",
  "goodbye\\w*",
  "give up",
  "giving up",
  "gave up",
  "tired of",
  "sick of",
  "pills?",
  "tablets",
  "rope",
  "bridge",
  "ledge",
  "roof",
  "jump\\w*",
  "cut\\w*",
  "blade\\w*",
  "knife",
  "knives",
  "gun",
  "overdos\\w*",
  "numb",
  "empty",
  "erase",
  "cease",
  "(?:gone|sleep|away|rest|disappear|close my eyes|stop) forever",
  "for good",
  "relief",
  "(?:goodbye|last) letters?",
  "letters? (?:to|for) (?:each|everyone|all)",
  "(?:a|dead) weight",
  "drag(?:ging|s)? (?:everyone|them|you|my family|people) down",
  "(?:a|the|one) mistake (?:i|to be)",
  "(?:be|being|still|not|stay|staying|wasnt|werent|am|im) here",
  "funeral",
  "come back",
  "take me",
  "drain",
  "(?:the|at the) wheel",
  // Spanish, French, Portuguese and Italian forms of dying; never English "more", "morning" or "moral".
  "mor(?:ir\\w*|ire|rer|ro|re|to|ta|tos|tas|te|t|ts)",
  "muert\\w*",
  "viv(?:ir|ire|re|ere|er|o|iendo|endo)",
  "despert\\w*",
  "salida",
  "aucune issue",
  "sans issue",
  "carga",
  "mourir",
  "vivre",
  "reveill\\w*",
  "fardeau",
  "sterben",
  "tot",
  "leben",
  "aufwach\\w*",
  "ausweg",
  "(?:eine|nur|die) last",
  "morrer",
  "viver",
  "acordar",
  "saida",
  "peso",
  "morire",
  "vivere",
  "svegliar\\w*",
  "uscita",
];
const ANCHOR_RE = anyPhrase(ANCHOR_PHRASES);
const ANCHOR_ALL_RE = anyPhrase(ANCHOR_PHRASES, "g");

/**
 * The sentences the scorer may raise at all, found in one pass over the normalized text: those an anchor word
 * touches (see ANCHOR_PHRASES; `mayRaise` asks the same of each sentence again, so this only saves work).
 */
export function anchoredSentences(norm: string, sentences: readonly Range[]): Set<number> {
  const out = new Set<number>();
  ANCHOR_ALL_RE.lastIndex = 0;
  for (let m = ANCHOR_ALL_RE.exec(norm); m; m = ANCHOR_ALL_RE.exec(norm)) {
    const last = rangeAt(sentences, m.index + Math.max(0, m[0].length - 1));
    for (let i = rangeAt(sentences, m.index); i <= last; i++) out.add(i);
    if (m[0].length === 0) ANCHOR_ALL_RE.lastIndex++;
  }
  return out;
}

/** The writer's own absence as the condition of others' relief ("...if I wasn't here", "...without me"). */
const OWN_ABSENCE_PHRASES = [
  "without me",
  "if i (?:was|were|wasnt|werent|didnt|died|disappeared|stopped|left|just)",
  "because of me",
  "out of (?:the|their) (?:picture|way)",
  "ohne mich",
  "sin mi",
  "sans moi",
  "sem mim",
  "senza di me",
];
const OWN_ABSENCE_RE = anyPhrase(OWN_ABSENCE_PHRASES);
/** Wishing for something to have ("life would be easier if I had a car"): an everyday conditional. */
const HAVING_RE =
  /\bif (?:id|i|we|wed) ?(?:had|got|could get|could have|owned|bought|could afford)? (?:a|an|the|more|some|my own|enough|another)\b/;
/** Speaking to someone ("...unless you end it", "I'll be here when you fail"): the friend-at-risk case, the rules' own. */
const SECOND_PERSON_RE = /\b(?:you|your|youre|youve|youd|youll|yourself|yours)\b(?<!\b(?:thank|thanks) you)(?! know\b)/;
/** Someone else's words or thoughts: the scorer leaves what others say or feel to the rules. */
const SAID_RE = /\b(?:said|says|told|tells|thinks|feels|felt|texted|posted|wrote|says that)\b/;

/**
 * Whether the scorer may raise this sentence: it speaks of what the scorer is for (ANCHOR_RE); first-person,
 * or no subject of its own in the present; not figurative, reported, someone else's, about the past, or negated.
 */
export function mayRaise(sentence: string, previous: string): boolean {
  if (!ANCHOR_RE.test(sentence)) return false;
  if (SECOND_PERSON_RE.test(sentence)) return false;
  const first = FIRST_WORD_RE.test(sentence);
  const subject = clauseSubject(sentence);
  // "Everyone would be better off if I wasn't here": a third-person subject, but the writer's own absence.
  if (subject === "third" && !(OWN_ABSENCE_RE.test(sentence) && !SAID_RE.test(sentence))) return false;
  if (!first && (PAST_START_RE.test(sentence) || REPORTING_RE.test(previous) || HISTORY_RE.test(previous)))
    return false;
  if (
    REPORTING_RE.test(sentence) ||
    MEDIA_RE.test(sentence) ||
    STORY_PERSON_RE.test(sentence) ||
    GRIEF_RE.test(sentence) ||
    GAME_RE.test(sentence)
  )
    return false;
  if ((HISTORY_RE.test(sentence) || FIRST_PAST_RE.test(sentence)) && !PRESENT_RE.test(sentence)) return false;
  if (FIGURATIVE_CONDITION_RE.test(sentence) || FIGURATIVE_SENTENCE_RE.test(sentence)) return false;
  if (JOKING_RE.test(sentence) && !SERIOUS_RE.test(sentence)) return false;
  if (NEGATED_RE.test(sentence)) return false;
  if (HAVING_RE.test(sentence)) return false;
  return true;
}

export interface TrainingItem {
  text: string;
  label: "risk" | "benign";
}

export interface TrainOptions {
  /** Features seen in fewer items are dropped (keeps the weights small). */
  minCount?: number;
  epochs?: number;
  l2?: number;
  rate?: number;
  threshold?: number;
  /** Features are counted over these items only (default: all of them); the rest still train their weights. */
  vocabulary?: readonly TrainingItem[];
}

/**
 * Trains the scorer: L2-regularised logistic regression by full-batch gradient descent over the features of
 * each item's sentences (all of an item's sentences together). Deterministic: same items, same weights.
 */
export function trainScorer(items: readonly TrainingItem[], opts: TrainOptions = {}): ScorerWeights {
  const minCount = opts.minCount ?? 2;
  const epochs = opts.epochs ?? 200;
  const l2 = opts.l2 ?? 1;
  const rate = opts.rate ?? 0.3;
  const featuresOf = (text: string) => {
    const norm = normalize(text);
    const feats = new Set<string>();
    for (const r of sentenceRanges(norm)) for (const f of features(norm.slice(r.start, r.end))) feats.add(f);
    return [...feats];
  };
  const docs = items.map((it) => ({ feats: featuresOf(it.text), y: it.label === "risk" ? 1 : 0 }));
  const counts = new Map<string, number>();
  for (const feats of opts.vocabulary ? opts.vocabulary.map((it) => featuresOf(it.text)) : docs.map((d) => d.feats))
    for (const f of feats) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocab = [...counts.entries()]
    .filter(([, c]) => c >= minCount)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const X = docs.map((d) => Int32Array.from(d.feats.map((f) => index.get(f) ?? -1).filter((i) => i >= 0)));
  const y = docs.map((d) => d.y);
  const w = new Float64Array(vocab.length);
  const g2 = new Float64Array(vocab.length).fill(1e-8);
  let b = 0;
  let gb2 = 1e-8;
  const grad = new Float64Array(vocab.length);
  for (let e = 0; e < epochs; e++) {
    grad.fill(0);
    let gb = 0;
    for (let i = 0; i < X.length; i++) {
      let z = b;
      for (const j of X[i]) z += w[j];
      const err = 1 / (1 + Math.exp(-z)) - y[i];
      gb += err;
      for (const j of X[i]) grad[j] += err;
    }
    // AdaGrad steps: frequent and rare features both settle without a tuned learning rate.
    for (let j = 0; j < w.length; j++) {
      const g = grad[j] + l2 * w[j];
      g2[j] += g * g;
      w[j] -= (rate * g) / Math.sqrt(g2[j]);
    }
    gb2 += gb * gb;
    b -= (rate * gb) / Math.sqrt(gb2);
  }
  const weights: Record<string, number> = {};
  for (let j = 0; j < vocab.length; j++) {
    const v = Math.round(w[j] * 1000) / 1000;
    if (v !== 0) weights[vocab[j]] = v;
  }
  return { bias: Math.round(b * 1000) / 1000, threshold: opts.threshold ?? DEFAULT_THRESHOLD, weights };
}

/** The probability threshold, chosen by leave-one-batch-out cross-validation to keep false alarms low. */
export const DEFAULT_THRESHOLD = 0.9;

/** Whether the scorer alone would raise any sentence of `text` (gate included; the rules' own verdicts aside). */
export function scorerRaisesText(text: string, scorer: CompiledScorer): boolean {
  const norm = normalize(text);
  const ranges = sentenceRanges(norm);
  for (let i = 0; i < ranges.length; i++) {
    const sentence = norm.slice(ranges[i].start, ranges[i].end);
    if (sentence.length < 8 || scoreSentence(sentence, scorer) < scorer.threshold) continue;
    if (mayRaise(sentence, i > 0 ? norm.slice(ranges[i - 1].start, ranges[i - 1].end) : "")) return true;
  }
  return false;
}
