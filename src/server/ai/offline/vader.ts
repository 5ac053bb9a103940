import "server-only";
import vader from "vader-sentiment";

/**
 * VADER (vader-sentiment, Apache-2.0) with its tokenizer made linear. The package reads every text by first
 * building an object with a key for each word glued to each of 17 punctuation marks ("!good", "good!", "good?!?"...)
 * only to look each token up in it once: two thirds of the offline analyzer's time went there. The same reading is
 * one look at each token's leading and trailing punctuation. Only that method is replaced; every score stays the
 * package's own (tests/unit/vader-tokens.test.ts compares both on thousands of real texts and random ones).
 */

interface SentiText {
  text: string;
  get_words_and_emoticons(this: SentiText): string[];
}
interface Analyzer {
  polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  sentiment_valence(...args: unknown[]): unknown;
}

const sia = (vader as unknown as { SentimentIntensityAnalyzer: Analyzer }).SentimentIntensityAnalyzer;

/** The package's punctuation (REGEX_REMOVE_PUNCTUATION) and the marks it strips from a word's edges (PUNC_LIST). */
const PUNCTUATION_RE = /[!"#$%&'()*+,-./:;<=>?@[\\\]^_`{|}~]/g;
const PUNCTUATION_CHAR_RE = /[!"#$%&'()*+,-./:;<=>?@[\\\]^_`{|}~]/;
const EDGE_MARKS: ReadonlySet<string> = new Set([
  ".",
  "!",
  "?",
  ",",
  ";",
  ":",
  "-",
  "'",
  '"',
  "!!",
  "!!!",
  "??",
  "???",
  "?!?",
  "!?!",
  "?!?!",
  "!?!?",
]);

/**
 * The package's words and emoticons: the text's tokens of two or more characters, where a token that is one of
 * the text's words with one edge mark before or after it ("good!", "'cause") is read as the word. A word has no
 * punctuation in it, so a token's leading (or trailing) run of punctuation is the only mark it can carry there.
 */
export function wordsAndEmoticons(text: string): string[] {
  const words = new Set(
    text
      .replace(PUNCTUATION_RE, "")
      .split(/\s/)
      .filter((w) => w.length > 1),
  );
  const tokens = text.split(/\s/).filter((t) => t.length > 1);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    let lead = 0;
    while (lead < t.length && PUNCTUATION_CHAR_RE.test(t[lead])) lead++;
    if (lead > 0) {
      const word = t.slice(lead);
      if (EDGE_MARKS.has(t.slice(0, lead)) && words.has(word)) tokens[k] = word;
      continue;
    }
    let trail = t.length;
    while (trail > 0 && PUNCTUATION_CHAR_RE.test(t[trail - 1])) trail--;
    if (trail < t.length) {
      const word = t.slice(0, trail);
      if (EDGE_MARKS.has(t.slice(trail)) && words.has(word)) tokens[k] = word;
    }
  }
  return tokens;
}

/** The package's text class, reached through the one call that is handed an instance of it. */
function sentiTextPrototype(): SentiText | null {
  const valence = sia.sentiment_valence;
  let proto: SentiText | null = null;
  sia.sentiment_valence = function (this: unknown, ...args: unknown[]) {
    if (!proto && args[1] && typeof args[1] === "object") proto = Object.getPrototypeOf(args[1]) as SentiText;
    return valence.apply(this, args);
  };
  try {
    sia.polarity_scores("good");
  } finally {
    sia.sentiment_valence = valence;
  }
  return proto && typeof (proto as SentiText).get_words_and_emoticons === "function" ? proto : null;
}

const PROTO = sentiTextPrototype();
const PACKAGE_TOKENS = PROTO?.get_words_and_emoticons;
if (PROTO)
  PROTO.get_words_and_emoticons = function (this: SentiText) {
    return wordsAndEmoticons(this.text);
  };

/** Whether the linear tokenizer is in place (false only if a package update changed its shape). */
export const fastTokens = PROTO !== null;

/** VADER's scores of a text. */
export function vaderScores(text: string): ReturnType<Analyzer["polarity_scores"]> {
  return sia.polarity_scores(text);
}

/** VADER's compound score of a text, -1..1. */
export function vaderCompound(text: string): number {
  return sia.polarity_scores(text).compound;
}

/** VADER's scores of a text as the package alone computes them (for tests and the evaluation's baseline check). */
export function packageScores(text: string): ReturnType<Analyzer["polarity_scores"]> {
  if (!PROTO || !PACKAGE_TOKENS) return sia.polarity_scores(text);
  const fast = PROTO.get_words_and_emoticons;
  PROTO.get_words_and_emoticons = PACKAGE_TOKENS;
  try {
    return sia.polarity_scores(text);
  } finally {
    PROTO.get_words_and_emoticons = fast;
  }
}
