/**
 * Quoting the person back, with correct grammar. A clause with its own first-person subject ("I scrolled
 * my phone for hours") is turned into the second person ("you scrolled your phone for hours"); anything
 * else ("scrolled my phone for hours", "Long day.") is quoted word for word in quotation marks, never
 * spliced into a sentence it does not fit ("you wrote that scrolled your phone" is never written).
 */

const SWAP: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  "i'm": "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  im: "you're",
  ive: "you've",
  we: "you",
  us: "you both",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
  "we're": "you're",
  "we've": "you've",
  "we'd": "you'd",
  "we'll": "you'll",
};
/** After "I", its verb changes with it ("I was" -> "you were"); after "we" it already agrees. */
const AFTER_I: Record<string, string> = { am: "are", was: "were", "wasn't": "weren't", "am't": "aren't" };
/** "We", "us" and "our" in capitals are names ("the US"), never turned around. */
const PLURAL = new Set(["we", "us", "our"]);
/** Words that, after "I", show a clause of its own: a verb or an adverb ("I really", "I went"). */
const SUBJECT_START = /^(?:I|I'm|I've|I'd|I'll|Im|Ive|We|We're|We've|We'd|We'll)\b/u;

/**
 * The person's words in the second person, word by word: "I was tired of my job" -> "you were tired of your
 * job", "me and Sam" -> "you and Sam", "we talked" -> "you talked". Other words, spacing and punctuation
 * are kept as written; "you" and "your" stay as they are.
 */
export function secondPerson(text: string): string {
  let afterI = false;
  return text
    .split(/(\s+|[,;:()"]+)/u)
    .map((w) => {
      if (!w.trim() || /^[\s,;:()"]+$/u.test(w)) return w;
      const m = /^([\p{L}'’]+)(.*)$/u.exec(w);
      if (!m) {
        afterI = false;
        return w;
      }
      const [, core, tail] = m;
      const lower = core.toLowerCase().replace(/’/gu, "'");
      const rep =
        afterI && AFTER_I[lower]
          ? AFTER_I[lower]
          : PLURAL.has(lower) && core === core.toUpperCase() && core.length > 1
            ? undefined
            : SWAP[lower];
      afterI = lower === "i";
      return rep ? rep + tail : w;
    })
    .join("");
}

/** The first sentence of a text, tidied and cut at a word to at most `max` characters ("..." when cut). */
export function firstSentence(text: string, max = 120): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  const m = /^(.+?[.!?…])(?:\s|$)/u.exec(flat);
  let s = (m ? m[1] : flat).trim();
  if (s.length > max) {
    const cut = s.lastIndexOf(" ", max - 3);
    s = `${s.slice(0, cut > max / 2 ? cut : max - 3).replace(/[,;:\s]+$/u, "")}...`;
  }
  return s;
}

/**
 * The clause in the second person, or null when it has no first-person subject of its own (then it is to
 * be quoted word for word). "I was tired of my job" -> "you were tired of your job".
 */
export function toSecondPersonClause(clause: string): string | null {
  const s = clause.trim().replace(/[’]/gu, "'");
  if (!SUBJECT_START.test(s)) return null;
  return secondPerson(s)
    .replace(/[.!…\s]+$/u, "")
    .replace(/^You\b/u, "you");
}

/** A quotation of the person's words: in quotation marks, with the full stop inside when it is a sentence. */
export function verbatim(text: string, max = 120): string {
  const s = firstSentence(text, max).replace(/^["“]|["”]$/gu, "");
  return `"${s}"`;
}

/** A quotation that is a sentence of its own: 'I'll mess it up' -> '"I'll mess it up."' */
export function quotedSentence(text: string, max = 120): string {
  const s = firstSentence(text, max).replace(/^["“]|["”]$/gu, "");
  return `"${/[.!?…]$/u.test(s) ? s : `${s}.`}"`;
}

/**
 * "You said that you scrolled your phone for hours." when the words have their own subject, else
 * 'You said: "scrolled my phone for hours."'. `verb` is "said", "wrote", "mentioned"...
 */
export function reportedSpeech(verb: string, text: string, max = 120, lead = "You"): string {
  const sentence = firstSentence(text, max);
  const clause = sentence.endsWith("...") ? null : toSecondPersonClause(sentence);
  if (clause && !/\?$/u.test(sentence)) return `${lead} ${verb} that ${clause}.`;
  return `${lead} ${verb}: ${quotedSentence(sentence, max)}`;
}
