/**
 * Bounding and splitting of text for the offline analyzer. Every step here is a single linear pass, and the
 * analyzer never looks at more than MAX_ANALYSED_CHARS of an entry: the opening and the ending of a long
 * entry (where its arc starts and lands), with runs of punctuation, symbols, blank lines and over-long
 * "words" shortened first, since the tokenizer behind it is slow on such runs.
 */
import "server-only";

/** Characters analysed at most: the first HEAD_CHARS and the last TAIL_CHARS of a longer text. */
export const MAX_ANALYSED_CHARS = 12_000;
const HEAD_CHARS = 8_000;
const TAIL_CHARS = MAX_ANALYSED_CHARS - HEAD_CHARS;
/** Longest token kept; longer runs of non-space characters are cut to this. */
export const MAX_TOKEN_CHARS = 40;
/** Longest sentence scored as one; longer ones are cut into pieces at spaces. */
export const MAX_SENTENCE_CHARS = 400;

/** The part of a text that is analysed, cleaned of pathological runs. Linear in the input's length, bounded output. */
export function boundText(input: string): string {
  const raw =
    input.length > MAX_ANALYSED_CHARS ? `${input.slice(0, HEAD_CHARS)}\n\n${input.slice(-TAIL_CHARS)}` : input;
  return raw
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ")
    .replace(/[^\p{L}\p{N}\s'’]{4,}/gu, (m) => m.slice(0, 3))
    .replace(/\S{41,}/g, (m) => m.slice(0, MAX_TOKEN_CHARS))
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ ?\n[\s]*\n\s*/g, "\n\n")
    .replace(/’/g, "'")
    .trim();
}

/** Sentences of a bounded text: split after . ! ? … and at line breaks; long ones cut at spaces. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const re = /[^.!?…\n]+(?:[.!?…]+["')\]]*|\n+|$)|[.!?…]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === "") {
      re.lastIndex++;
      continue;
    }
    const s = m[0].replace(/\n+$/, "").trim();
    if (!/[\p{L}\p{N}]/u.test(s)) continue;
    if (s.length <= MAX_SENTENCE_CHARS) {
      out.push(s);
      continue;
    }
    let rest = s;
    while (rest.length > MAX_SENTENCE_CHARS) {
      const cut = rest.lastIndexOf(" ", MAX_SENTENCE_CHARS);
      const at = cut > MAX_SENTENCE_CHARS / 2 ? cut : MAX_SENTENCE_CHARS;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
  }
  // Abbreviations and initials ("Dr.", "a.m.", "J.") end no sentence: join such a piece to the next.
  const joined: string[] = [];
  for (const s of out) {
    const prev = joined[joined.length - 1];
    if (
      prev &&
      /(?:\b(?:dr|mr|mrs|ms|st|vs|etc|e\.g|i\.e|a\.m|p\.m|[A-Z]))\.$/i.test(prev) &&
      prev.length + s.length < MAX_SENTENCE_CHARS
    ) {
      joined[joined.length - 1] = `${prev} ${s}`;
    } else joined.push(s);
  }
  return joined;
}

/** Upper-cases the first letter. */
export function capitalize(s: string): string {
  return s.replace(/^(\s*["'(]?)(\p{Ll})/u, (_m, pre: string, c: string) => pre + c.toUpperCase());
}

/** Lower-cases the first letter unless the first word is "I", an "I'm"-like contraction or looks like a name. */
export function decapitalize(s: string, names: ReadonlySet<string> = new Set()): string {
  const first = /^[\p{L}']+/u.exec(s)?.[0] ?? "";
  if (/^I('|$)/.test(first) || names.has(first) || /^[A-Z]{2,}$/.test(first)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** Sentences that start with a verb leave out their "I" ("Took the dog to the beach", "Couldn't sleep"). */
const IMPLIED_I =
  /^(?:took|did|went|sat|made|had|got|spent|bought|ran|saw|met|found|felt|came|left|slept|ate|read|wrote|finished|started|tried|walked|cooked|called|watched|worked|stayed|played|booked|cleaned|signed|managed|woke|drove|visited|passed|failed|missed|lost|laughed|cried|couldn't|didn't|can't|couldn't|need|feel|love|hate|spent|lay|dragged|snapped|presented|negotiated|cycled|swam|tried)\b/i;

/** "Feeling a bit restless" leaves out "I'm". */
const IMPLIED_I_AM = /^(?:feeling|being|getting|trying|having|looking forward|struggling|thinking)\b/i;

/** "Took the dog out" -> "I took the dog out", "Feeling tired" -> "I'm feeling tired"; other text unchanged. */
export function withImpliedI(s: string): string {
  if (IMPLIED_I_AM.test(s)) return `I'm ${s.charAt(0).toLowerCase()}${s.slice(1)}`;
  return IMPLIED_I.test(s) ? `I ${s.charAt(0).toLowerCase()}${s.slice(1)}` : s;
}
