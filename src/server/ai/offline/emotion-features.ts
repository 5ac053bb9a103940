/**
 * The features of the learned emotion model (emotion-model.ts), shared by training (scripts/eval/train-mood.ts)
 * and reading, so both see a text the same way: lower-cased words, word bigrams with start and end markers,
 * character 3- and 4-grams of each word with its boundaries ("<sad>" gives "<sa", "sad", "ad>", ...), and words
 * under a negation marked as such.
 * Pure and linear in the text's length.
 */

/** Names masked in the training data ("[NAME]") and names written with a capital read as one word. */
const NAME_TOKEN = "_name_";

const WORD_RE = /[a-z0-9]+(?:'[a-z]+)?|[!?.,;:]/g;

/** Lower-cased words and punctuation marks of a text, with masked names as one token. */
export function wordsOf(text: string): string[] {
  const t = text
    .replace(/\[NAME\]/g, ` ${NAME_TOKEN} `)
    .replace(/[’‘]/g, "'")
    .toLowerCase();
  const out: string[] = [];
  for (const m of t.matchAll(WORD_RE)) {
    const w = m[0];
    // Runs of "!!!", "???" or "..." read as one.
    if (/^[!?.,;:]$/.test(w) && out[out.length - 1] === w) continue;
    out.push(w);
  }
  return out.length > 400 ? out.slice(0, 400) : out;
}

const NEGATION = /^(?:not|no|never|nothing|nobody|none|nor|cannot|without|hardly|barely|[a-z]+n't)$/;
/** Words a negation reaches: up to this many, and never past a clause's end. */
const NEGATION_REACH = 3;
const CLAUSE_END = /^(?:[.,;:!?]|but|and|so|because|though|although)$/;

/**
 * Every feature of a text (with repeats): "w:word", "b:word word", "c:gram"; a word within reach of a negation
 * before it ("not happy", "didn't enjoy") is "n:word" instead, without character grams.
 */
export function featuresOf(text: string): string[] {
  const words = wordsOf(text);
  const out: string[] = [];
  let prev = "<s>";
  let negated = 0;
  for (const w of words) {
    if (w === "," || w === "." || w === ";" || w === ":") {
      negated = 0;
      continue;
    }
    if (CLAUSE_END.test(w)) negated = 0;
    const underNegation = negated > 0;
    if (underNegation) negated--;
    out.push(underNegation ? `n:${w}` : `w:${w}`);
    out.push(`b:${prev} ${w}`);
    prev = w;
    if (NEGATION.test(w)) negated = NEGATION_REACH;
    if (!underNegation && w.length >= 3 && w !== NAME_TOKEN) {
      const padded = `<${w}>`;
      for (let n = 3; n <= 4; n++) for (let i = 0; i + n <= padded.length; i++) out.push(`c:${padded.slice(i, i + n)}`);
    }
  }
  if (words.length) out.push(`b:${prev} </s>`);
  return out;
}
