/**
 * Text preparation for the crisis check: one linear pass to a plain lowercase form, then sentence and clause
 * ranges. Everything here is linear in the length of the text.
 */

/** Sentences longer than this are cut at a space near the limit, so no rule ever scans unbounded text. */
export const MAX_SENTENCE_CHARS = 1_000;

const CONTRACTIONS: Record<string, string> = {
  wanna: "want to",
  gonna: "going to",
  gotta: "got to",
  cannot: "cant",
  "can not": "cant",
  "do not": "dont",
  "does not": "doesnt",
  "did not": "didnt",
  "will not": "wont",
  "would not": "wouldnt",
  "could not": "couldnt",
  "should not": "shouldnt",
  "have not": "havent",
  "has not": "hasnt",
  "is not": "isnt",
  "are not": "arent",
  "was not": "wasnt",
  "i am": "im",
  "i have": "ive",
  "i have to": "i have to",
  "i had to": "i had to",
  "i will": "ill",
  "i would": "id",
  "i had": "id",
  "it is": "its",
  "that is": "thats",
  "there is": "theres",
  "they would": "theyd",
  "my self": "myself",
  "w o": "without",
  bc: "because",
  cuz: "because",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  tonite: "tonight",
  "2nite": "tonight",
  rn: "right now",
  u: "you",
  ur: "your",
  "dont wanna": "dont want to",
  // Texting forms.
  idk: "i dont know",
  idc: "i dont care",
  dunno: "dont know",
  tbh: "to be honest",
  tbf: "to be fair",
  ngl: "not going to lie",
  imo: "in my opinion",
  tho: "though",
  thru: "through",
  pls: "please",
  plz: "please",
  ppl: "people",
  cos: "because",
  coz: "because",
  bcuz: "because",
  becuz: "because",
  bcoz: "because",
  bcos: "because",
  b4: "before",
  "2day": "today",
  "2moro": "tomorrow",
  "2morrow": "tomorrow",
  "2morow": "tomorrow",
  some1: "someone",
  every1: "everyone",
  no1: "no one",
  noone: "no one",
  "any more": "anymore",
  imma: "im going to",
  ima: "im going to",
  tryna: "trying to",
  finna: "going to",
  kinda: "kind of",
  sorta: "sort of",
  outta: "out of",
  hafta: "have to",
  lemme: "let me",
  gimme: "give me",
  dnt: "dont",
  wat: "what",
  // Dropped final g.
  dyin: "dying",
  livin: "living",
  tryin: "trying",
  goin: "going",
  doin: "doing",
  feelin: "feeling",
  thinkin: "thinking",
  wantin: "wanting",
  nothin: "nothing",
  somethin: "something",
  // Common misspellings.
  suicde: "suicide",
  sucide: "suicide",
  suiside: "suicide",
  suecide: "suicide",
  sucicide: "suicide",
  suicdal: "suicidal",
  sucidal: "suicidal",
  suicidel: "suicidal",
  suisidal: "suicidal",
  sucicidal: "suicidal",
  kil: "kill",
  kiling: "killing",
  kiled: "killed",
  myslef: "myself",
  mysef: "myself",
  myelf: "myself",
  mself: "myself",
  meself: "myself",
  definately: "definitely",
  definatly: "definitely",
  definetly: "definitely",
  alot: "a lot",
  ded: "dead",
  anymoe: "anymore",
  anymroe: "anymore",
  overdoes: "overdose",
  "over dose": "overdose",
  selfharm: "self harm",
};
interface TrieNode {
  end: boolean;
  next: Map<string, TrieNode>;
}

/**
 * One pattern for a list of plain words and phrases, written as a trie ("i ha(?:ve(?: to)?|d)"), so matching
 * tries one branch per letter instead of every phrase at every word: the longest phrase wins, as it would with
 * the phrases sorted longest first.
 */
function triePattern(words: readonly string[]): string {
  const root: TrieNode = { end: false, next: new Map() };
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { end: false, next: new Map() }));
      node = child;
    }
    node.end = true;
  }
  const emit = (node: TrieNode): string => {
    const alts = [...node.next.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([ch, n]) => ch + emit(n));
    if (alts.length === 0) return "";
    const body = alts.length === 1 ? alts[0] : `(?:${alts.join("|")})`;
    return node.end ? `(?:${body})?` : body;
  };
  return emit(root);
}

const CONTRACTION_RE = new RegExp(`\\b${triePattern(Object.keys(CONTRACTIONS))}\\b`, "g");

/** Words spelled with a double letter: a stretched run ("killlll", "feeeel") shortens to these, not to one letter. */
const DOUBLE_LETTER_WORDS: ReadonlySet<string> = new Set([
  "kill",
  "killed",
  "killing",
  "all",
  "feel",
  "feels",
  "need",
  "still",
  "will",
  "off",
  "too",
  "soon",
  "good",
  "sorry",
  "sleep",
  "free",
  "see",
  "tell",
  "call",
  "well",
  "better",
  "pills",
  "happen",
  "hurt",
  "goodbye",
  "goodnight",
  "really",
  "sooner",
  "seen",
  "keep",
  "look",
  "wall",
  "fall",
  "falling",
  "bleed",
  "bleeding",
  "ill",
  "hell",
  "tomorrow",
  "bitter",
  "little",
  "alone",
]);
const STRETCHED_WORD_RE = /\b[a-z]*?([a-z])\1{2,}[a-z]*/g;
const RUN_RE = /([a-z])\1{2,}/g;

/**
 * "sooooo" -> "so", "diiiie" -> "die", "killlll" -> "kill": a run of three or more of one letter shortens to one
 * letter, or to two where that spells a word written with a double letter.
 */
function unstretch(word: string): string {
  const two = word.replace(RUN_RE, "$1$1");
  return DOUBLE_LETTER_WORDS.has(two) ? two : word.replace(RUN_RE, "$1");
}

/** Whether a letter appears three times in a row (one pass, no pattern). */
function hasRun(text: string): boolean {
  for (let i = 2; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122 && c === text.charCodeAt(i - 1) && c === text.charCodeAt(i - 2)) return true;
  }
  return false;
}

/** Spells common contractions one way ("i would" -> "id"); rule sources go through it too, so they match. */
export function spellOut(text: string): string {
  return text.replace(CONTRACTION_RE, (m) => CONTRACTIONS[m] ?? m);
}

/**
 * Lowercase, accents stripped, apostrophes dropped ("don't" and "dont" read the same, curly or straight),
 * hyphens and slashes as spaces, runs of spaces as one, line breaks kept (they end sentences), stretched
 * words shortened ("sooooo" -> "so"), a calibre's point dropped (".357" -> "357", so it does not end a
 * sentence), common contractions, texting forms ("idk", "tbh", "rn") and misspellings ("suicde", "kil myself")
 * spelled one way. The check reports no offsets into the text, so the plain form may differ in length.
 */
export function normalize(text: string): string {
  let out = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4']/g, "")
    .replace(/[\u201c\u201d\u00ab\u00bb"]/g, " ")
    .replace(/[-\u2010-\u2013_/\\|*~]/g, " ")
    .replace(/\u2014/g, ", ")
    .replace(/\r\n?/g, "\n")
    // Runs of spaces as one (a lone plain space, by far the most common, is left alone: no replacement per word).
    .replace(/ [^\S\n]+|[^\S\n ][^\S\n]*/g, " ")
    .replace(/(^|[^0-9a-z])\.(?=[0-9])/g, "$1");
  // Stretched words are rare: look for a run first, so ordinary text pays one quick scan.
  if (hasRun(out)) out = out.replace(STRETCHED_WORD_RE, unstretch);
  return out.replace(CONTRACTION_RE, (m) => CONTRACTIONS[m] ?? m);
}

export interface Range {
  start: number;
  end: number;
}

const SENTENCE_END_RE = /[.!?;\u2026\n]+/g;

/** Sentence ranges over a normalized text; over-long sentences are cut at a space. */
export function sentenceRanges(norm: string): Range[] {
  const out: Range[] = [];
  let start = 0;
  const push = (s: number, e: number) => {
    while (e - s > MAX_SENTENCE_CHARS) {
      const space = norm.slice(s, s + MAX_SENTENCE_CHARS).lastIndexOf(" ");
      const cut = space > 0 ? s + space : s + MAX_SENTENCE_CHARS;
      out.push({ start: s, end: cut });
      s = cut;
    }
    if (e > s) out.push({ start: s, end: e });
  };
  SENTENCE_END_RE.lastIndex = 0;
  for (let m = SENTENCE_END_RE.exec(norm); m; m = SENTENCE_END_RE.exec(norm)) {
    push(start, m.index + m[0].length);
    start = m.index + m[0].length;
  }
  push(start, norm.length);
  return out;
}

/** Index of the range holding `pos` (ranges sorted and contiguous). */
export function rangeAt(ranges: readonly Range[], pos: number): number {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ranges[mid].start <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const CLAUSE_BREAK_RE =
  /,|:|\(|\)| (?:but|though|although|however|whereas|yet|except|and yet|and honestly|and now|so now|while|then) /g;

/** The clause of `sentence` (a slice of the normalized text) around a match at [from, to) (sentence offsets). */
export function clauseAround(sentence: string, from: number, to: number): { text: string; start: number } {
  let start = 0;
  let end = sentence.length;
  CLAUSE_BREAK_RE.lastIndex = 0;
  for (let m = CLAUSE_BREAK_RE.exec(sentence); m; m = CLAUSE_BREAK_RE.exec(sentence)) {
    const bEnd = m.index + m[0].length;
    if (bEnd <= from) start = bEnd;
    else if (m.index >= to) {
      end = m.index;
      break;
    }
  }
  return { text: sentence.slice(start, end), start };
}
