import "server-only";
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { emotionModel, readEmotions, type EmotionReading } from "./emotion-model";
import { documentSentiment, sentenceMood, type LifeEvent } from "./mood";
import { readMood, scoreSentence, type MoodReading, type ScoredSentence } from "./mood-blend";
import { boundText, splitSentences } from "./text";
import { processSlots } from "@/server/runtime";

/**
 * Language processing for the offline analyzer: the text is bounded and split into sentences (text.ts),
 * each sentence is scored (mood.ts, VADER plus rules) and tokenised by wink-nlp with its lite English
 * model for lemmas, parts of speech, stop words and negation. Linear in the text's length and bounded;
 * everything runs in-process and nothing is downloaded.
 */

type Nlp = ReturnType<typeof winkNLP>;
const g = processSlots<{ __reverieNlp?: Nlp }>();

function nlp(): Nlp {
  g.__reverieNlp ??= winkNLP(model);
  return g.__reverieNlp;
}

export interface Token {
  /** Lower-case surface form. */
  normal: string;
  lemma: string;
  pos: string;
  stop: boolean;
  negated: boolean;
  /** Index of its sentence. */
  sentence: number;
  /** A proper name written with a capital inside its sentence ("Sam", "Lisbon"). */
  name: boolean;
}

export interface TextFeatures {
  /** The analysed (bounded, cleaned) text. */
  text: string;
  sentences: ScoredSentence[];
  /** The rules' sentiment of the entry, -1..1. */
  sentiment: number;
  /** The analyzer's mood (rules and model blended), 1..10, with its inputs. */
  mood: MoodReading;
  /** The model's reading of the whole text. */
  emotions: EmotionReading;
  tokens: Token[];
  /** Lemmas of content words, lower case, in order of appearance. */
  lemmas: string[];
  /** Lemmas and forms of all words that are not under a negation ("not happy" leaves out "happy"). */
  affirmed: string[];
  /** Noun lemmas (no pronouns, time words or filler) by frequency, ties first seen first. */
  keywords: string[];
  events: LifeEvent[];
}

/** Nouns too general, or about time, to be a theme or a tag. */
export const GENERIC_NOUNS = new Set([
  "today",
  "tonight",
  "yesterday",
  "tomorrow",
  "day",
  "days",
  "time",
  "times",
  "thing",
  "things",
  "lot",
  "way",
  "bit",
  "kind",
  "sort",
  "something",
  "anything",
  "everything",
  "nothing",
  "someone",
  "anyone",
  "everyone",
  "week",
  "weeks",
  "month",
  "months",
  "year",
  "years",
  "moment",
  "hour",
  "hours",
  "minute",
  "minutes",
  "morning",
  "evening",
  "night",
  "afternoon",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "weekend",
  "am",
  "pm",
  "people",
  "person",
  "stuff",
  "part",
  "end",
  "start",
  "place",
  "point",
  "fact",
  "case",
  "side",
  "number",
  "half",
  "first",
  "second",
  "last",
  "one",
  "ones",
  "i'm",
  "i've",
  "lol",
  "ok",
  "okay",
  "yeah",
  "nope",
  "etc",
  "lady",
  "man",
  "guy",
  "bunch",
  "couple",
  "ages",
  "while",
  "sense",
  "idea",
  "feeling",
  "mind",
  "head",
  "going",
  "doing",
  "anyway",
  "honestly",
  "literally",
  "actually",
  "really",
  "maybe",
  "bed",
  "home",
  "life",
  "world",
  "age",
]);

const KNOWN_NAMES = new Set(["Mum", "Dad", "Mom", "Gran", "Grandma", "Grandpa", "Grandad"]);

/** A capitalised first word is taken for a name when it is singular and a past-tense verb follows ("Sarah ended things"). */
const PAST =
  /^(?:\w+ed|said|went|came|told|left|got|took|made|gave|sent|brought|wrote|rang|ran|saw|met|found|forgot|broke|bought|won|lost|fell|drove|sang)$/;
function nameAtStart(value: string, normals: readonly string[], k: number): boolean {
  const next = String(normals[k + 1] ?? "").toLowerCase();
  const after = String(normals[k + 2] ?? "").toLowerCase();
  return !/s$/i.test(value) && (PAST.test(next) || (next === "and" && /^(?:i|me)$/.test(after)) || next === "'s");
}

const WORD = /^[\p{L}][\p{L}'-]*$/u;

/** Nouns that are judgements rather than subjects ("nightmare", "disaster") make poor themes. */
const JUDGEMENTS = new Set([
  "nightmare",
  "disaster",
  "mess",
  "chaos",
  "joy",
  "bliss",
  "pain",
  "hell",
  "drama",
  "relief",
  "fun",
  "waste",
  "shame",
  "pity",
  "joke",
  "struggle",
  "win",
  "wreck",
  "sum",
  "lot",
  "rest",
]);
const evaluativeCache = new Map<string, boolean>();
function evaluative(word: string): boolean {
  let v = evaluativeCache.get(word);
  if (v === undefined) {
    v = JUDGEMENTS.has(word) || Math.abs(sentenceMood(word).score) >= 0.3;
    if (evaluativeCache.size < 20_000) evaluativeCache.set(word, v);
  }
  return v;
}

/** Sentences analysed at most (the opening ones and the closing ones), for text made of tiny fragments. */
export const MAX_SENTENCES = 240;

export function capSentences(all: string[]): string[] {
  if (all.length <= MAX_SENTENCES) return all;
  const head = Math.floor((MAX_SENTENCES * 2) / 3);
  return [...all.slice(0, head), ...all.slice(all.length - (MAX_SENTENCES - head))];
}

export function analyze(input: string): TextFeatures {
  const text = boundText(input);
  const w = nlp();
  const its = w.its;
  const model = emotionModel();
  const sentences: ScoredSentence[] = [];
  const tokens: Token[] = [];
  for (const s of capSentences(splitSentences(text))) {
    const index = sentences.length;
    sentences.push(scoreSentence(s, model));
    // Whole-collection reads are much cheaper than reading each token's properties one by one.
    const toks = w.readDoc(s).tokens();
    const types = toks.out(its.type) as string[];
    const normals = toks.out(its.normal) as string[];
    const values = toks.out(its.value) as string[];
    const lemmasOut = toks.out(its.lemma as unknown as typeof its.normal) as string[];
    const poses = toks.out(its.pos) as string[];
    const stops = toks.out(its.stopWordFlag) as unknown as boolean[];
    const negs = toks.out(its.negationFlag) as unknown as boolean[];
    let position = 0;
    for (let k = 0; k < types.length; k++) {
      if (types[k] !== "word") continue;
      const pos = poses[k];
      tokens.push({
        name:
          pos === "PROPN" &&
          /^\p{Lu}\p{Ll}/u.test(values[k]) &&
          (position > 0 || KNOWN_NAMES.has(values[k]) || nameAtStart(values[k], normals, k)),
        normal: String(normals[k]).toLowerCase(),
        lemma: String(lemmasOut[k]).toLowerCase(),
        pos,
        stop: Boolean(stops[k]),
        negated: Boolean(negs[k]),
        sentence: index,
      });
      position++;
    }
  }
  const lemmas: string[] = [];
  const affirmed: string[] = [];
  const counts = new Map<string, { n: number; first: number }>();
  tokens.forEach((t, i) => {
    if (!t.negated) affirmed.push(t.lemma, t.normal);
    if (t.stop || !WORD.test(t.lemma) || t.lemma.includes("'")) return;
    lemmas.push(t.lemma);
    if (t.pos === "NOUN" && !t.name && t.lemma.length >= 3 && !GENERIC_NOUNS.has(t.lemma) && !evaluative(t.lemma)) {
      const c = counts.get(t.lemma);
      if (c) c.n++;
      else counts.set(t.lemma, { n: 1, first: i });
    }
  });
  const emotions = readEmotions(text, model);
  const keywords = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first).map(([k]) => k);
  return {
    text,
    sentences,
    sentiment: documentSentiment(sentences),
    mood: readMood(sentences, emotions, model),
    emotions,
    tokens,
    lemmas,
    affirmed,
    keywords,
    events: sentences.flatMap((s) => s.events),
  };
}
