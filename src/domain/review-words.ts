/**
 * What a review reads in the person's own words: the sentences of a text, the quotes chosen from them and the
 * people named in them.
 */
import { detectRiskLanguage } from "./crisis";
import { MONTHS, WEEKDAYS } from "./review-periods";
import { stripMarkers } from "./richtext-parse";
import type { Quote, ReviewEntryInput } from "./reviews";

/** Words written with a capital that are not names of people. */
const NOT_PEOPLE = new Set([
  "I",
  "I'm",
  "I've",
  "I'd",
  "I'll",
  "OK",
  "God",
  "TV",
  "Reverie",
  ...WEEKDAYS,
  ...MONTHS,
  "Christmas",
  "Easter",
  "English",
  "Spanish",
  "French",
  "Zoom",
  "Instagram",
]);
const FAMILY = new Set(["Mum", "Dad", "Mom", "Gran", "Grandma", "Grandpa", "Grandad", "Nan"]);
const NAME_RE = /(^|[^\p{L}\p{N}'’])(\p{Lu}\p{Ll}{1,20})(?=$|[^\p{L}\p{N}])/gu;

export interface CapitalWords {
  /** Words with a capital inside a sentence (not its first word), and family names anywhere. */
  names: Set<string>;
  /** Every word written with a capital. */
  all: Set<string>;
}

/** The words of a text written with a capital, as the reading of people needs them. */
export function capitalWords(text: string): CapitalWords {
  const names = new Set<string>();
  const all = new Set<string>();
  for (const sentence of sentencesOf(text, false)) {
    const first = firstLetterIndex(sentence);
    NAME_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NAME_RE.exec(sentence)) !== null) {
      const word = m[2]!;
      if (NOT_PEOPLE.has(word)) continue;
      all.add(word);
      if (FAMILY.has(word) || m.index + m[1]!.length !== first) names.add(word);
    }
  }
  return { names, all };
}

/**
 * The people of a set of texts, and in how many texts each is named: a name is a word written with a
 * capital inside a sentence somewhere in the texts (or a family name: Mum, Dad...); once known, it counts
 * at the start of a sentence too. A light reading: a place may count as well.
 */
export function countPeople(texts: readonly CapitalWords[], known?: ReadonlySet<string>): Map<string, number> {
  const names = new Set(known ?? texts.flatMap((t) => [...t.names]));
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of t.all) if (names.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

function firstLetterIndex(s: string): number {
  const m = /\p{L}/u.exec(s);
  return m ? m.index : -1;
}

// ---------------------------------------------------------------- quotes

const SENTENCE_RE = /[^.!?…\n]+(?:[.!?…]+["'”’)\]]*|\n+|$)/gu;
const LIST_LINE_RE = /^\s*(?:[•\-*]|\d{1,4}[.)])\s+/u;

/**
 * The sentences of a text, markers removed. With `whole`, only whole sentences: lines that are list
 * items are left out, and a piece counts only when it starts with a capital (or an opening quote) and
 * ends with . ! or ?.
 */
export function sentencesOf(text: string, whole = true): string[] {
  const out: string[] = [];
  for (const line of stripMarkers(text).split("\n")) {
    if (whole && LIST_LINE_RE.test(line)) continue;
    const body = line.replace(LIST_LINE_RE, "");
    SENTENCE_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = SENTENCE_RE.exec(body)) !== null) {
      if (m[0] === "") {
        SENTENCE_RE.lastIndex++;
        continue;
      }
      const s = m[0].trim();
      if (!/\p{L}/u.test(s)) continue;
      if (whole && !isWholeSentence(s)) continue;
      out.push(s);
    }
  }
  return out;
}

/** A whole sentence: a capital (or opening quote) first, . ! or ? last (a closing quote may follow), no ellipsis. */
export function isWholeSentence(s: string): boolean {
  return /^["'“‘(]?\p{Lu}/u.test(s) && /[^.][.!?]["'”’)]?$/u.test(s) && !/(?:\.\.\.|…)/u.test(s);
}

const QUOTE_MIN_WORDS = 5;
const QUOTE_MAX_WORDS = 28;
const QUOTE_MAX_CHARS = 180;
const FEELING_RE =
  /\b(?:i|i'm|i've|me|my)\b.*\b(?:feel|felt|love|loved|glad|happy|grateful|proud|tired|sad|calm|hard|miss|hope|laughed|enjoyed|realised|realized|learned|think|thought|wish|afraid|scared|angry|better|worse)\b/iu;

function quoteCandidates(e: ReviewEntryInput): string[] {
  const words = (s: string) => s.split(/\s+/u).filter(Boolean).length;
  return sentencesOf(e.content).filter((s) => {
    const n = words(s);
    return n >= QUOTE_MIN_WORDS && n <= QUOTE_MAX_WORDS && s.length <= QUOTE_MAX_CHARS;
  });
}

/** The person's sentence that says most about them: feeling words in the first person, then length near 14 words. */
function bestSentence(candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const s of candidates) {
    const n = s.split(/\s+/u).length;
    const score = (FEELING_RE.test(s) ? 10 : 0) - Math.abs(14 - n) * 0.2;
    if (score > bestScore && detectRiskLanguage(s).severity === "none") {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Three short quotes in the person's own words, each a whole sentence from a different entry: from the
 * best day, from the hardest day, then from the entries spread over the period.
 */
export function pickQuotes(entries: readonly ReviewEntryInput[], prefer: readonly string[], n = 3): Quote[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const order: ReviewEntryInput[] = [];
  const seen = new Set<string>();
  const add = (e: ReviewEntryInput | undefined) => {
    if (e && !seen.has(e.id)) {
      seen.add(e.id);
      order.push(e);
    }
  };
  for (const id of prefer) add(byId.get(id));
  // The rest evenly across the period, so a year's quotes are not all from January.
  const rest = entries.filter((e) => !seen.has(e.id));
  const step = Math.max(1, Math.floor(rest.length / (n * 4)));
  for (let i = 0; i < rest.length; i += step) add(rest[i]);
  for (const e of rest) add(e);
  const out: Quote[] = [];
  const texts = new Set<string>();
  for (const e of order) {
    if (out.length >= n) break;
    const s = bestSentence(quoteCandidates(e));
    if (s && !texts.has(s)) {
      texts.add(s);
      out.push({ text: s, entry_id: e.id, date: e.day });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
