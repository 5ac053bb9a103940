import "server-only";
import winkNLP, { type ItemSentence, type ItemToken } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * Language processing for the offline analyzer, on wink-nlp with its lite English model: sentence
 * splitting, lemmas, parts of speech, stop words and sentiment (with negation handling). Everything runs
 * in-process; nothing is downloaded.
 */

type Nlp = ReturnType<typeof winkNLP>;
const g = globalThis as unknown as { __reverieNlp?: Nlp };

function nlp(): Nlp {
  g.__reverieNlp ??= winkNLP(model);
  return g.__reverieNlp;
}

export interface TextFeatures {
  sentences: { text: string; sentiment: number }[];
  /** Average sentiment of the sentences that carry any (-1..1); 0 when none do. */
  sentiment: number;
  /** Lemmas of content words, lower case, in order of appearance. */
  lemmas: string[];
  /** Lemmas of all words that are not under a negation ("not happy" leaves out "happy"). */
  affirmed: string[];
  /** Noun and proper-noun lemmas by frequency (ties: first seen first). */
  keywords: string[];
}

const MIN_KEYWORD_LENGTH = 3;
/** Nouns too general to be a theme or a tag. */
const GENERIC_NOUNS = new Set(["today", "yesterday", "tomorrow", "day", "time", "thing", "lot", "way", "bit", "kind", "something", "anything", "everything", "nothing", "week", "moment"]);

export function analyze(text: string): TextFeatures {
  const w = nlp();
  const its = w.its;
  const doc = w.readDoc(text);
  const sentences: TextFeatures["sentences"] = [];
  doc.sentences().each((s: ItemSentence) => {
    sentences.push({ text: s.out(), sentiment: s.out(its.sentiment) as unknown as number });
  });
  const loaded = sentences.filter((s) => Math.abs(s.sentiment) >= 0.05);
  const sentiment = loaded.length ? loaded.reduce((a, s) => a + s.sentiment, 0) / loaded.length : 0;

  const lemmas: string[] = [];
  const affirmed: string[] = [];
  const counts = new Map<string, { n: number; first: number }>();
  let i = 0;
  doc.tokens().each((t: ItemToken) => {
    if (t.out(its.type) !== "word") return;
    const lemma = String(t.out(its.lemma as unknown as typeof its.normal)).toLowerCase();
    if (!t.out(its.negationFlag)) affirmed.push(lemma, String(t.out(its.normal)).toLowerCase());
    if (t.out(its.stopWordFlag)) return;
    if (!/^[\p{L}][\p{L}'-]*$/u.test(lemma)) return;
    lemmas.push(lemma);
    const pos = t.out(its.pos);
    if ((pos === "NOUN" || pos === "PROPN") && lemma.length >= MIN_KEYWORD_LENGTH && !GENERIC_NOUNS.has(lemma)) {
      const c = counts.get(lemma);
      if (c) c.n++;
      else counts.set(lemma, { n: 1, first: i });
    }
    i++;
  });
  const keywords = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first).map(([k]) => k);
  return { sentences, sentiment, lemmas, affirmed, keywords };
}
