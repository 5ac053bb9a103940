import "server-only";
import type { MoodBand } from "@/domain/mood";
import type { TextFeatures } from "./nlp";
import { capitalize, decapitalize, splitSentences, withImpliedI } from "./text";

/**
 * Summaries for the offline analyzer. An entry's summary is one sentence in the diary's own voice that
 * names the shape of the day and carries its arc: the most telling moment of the opening and, when the
 * entry moves on (a mixed day, a day that turned around), the most telling moment of the ending. It
 * never starts with the entry's opening words, so a card never shows the same text twice.
 */

const MAX_CLAUSE = 110;
/** A clause longer than this after cutting at a clause's end is a run-on sentence. */
const MAX_RUN_ON = 180;
const MAX_SUMMARY = 240;
const LEADING_FILLER =
  /^(?:(?:so|but|yet|however|well|anyway|ok(?:ay)?(?: so)?|honestly|basically|right|today|tonight|this morning|this evening|yesterday|big news|small win|not gonna lie|to be honest|also|and|then|just)\b[,:!.]?\s*)+/i;

/** A sentence made into a clause: filler at the start and end punctuation dropped, cut at a comma if long. */
/** List markers ("- ", "• ", "1. ") at the start of a line or inside it. */
const LIST_MARKER = /(?:^|\s)(?:[•·▪◦‣*–—-]|\d{1,2}[.)])\s+/gu;

/** A list item or a heading ("Little joys:") rather than a sentence of its own. */
export function isFragment(text: string): boolean {
  return /^\s*(?:[•·▪◦‣*–—-]|\d{1,2}[.)])\s/u.test(text) || /:\s*$/.test(text);
}

function clause(text: string, names: ReadonlySet<string>): string {
  let s = withImpliedI(text.replace(LIST_MARKER, " ").trim().replace(LEADING_FILLER, ""))
    .replace(/\bi\b/g, "I")
    .replace(/\bi'(m|ve|d|ll)\b/gi, (_m, x: string) => `I'${x.toLowerCase()}`)
    .replace(/[\s.!?…:;,-]+$/u, "")
    .replace(/!+/g, "")
    .trim();
  // A long sentence is cut at a clause's end (a semicolon, a dash, or a comma before "and"/"but"/"so"), never
  // in the middle of one; without such a place it is kept whole.
  if (s.length > MAX_CLAUSE) {
    const ends = [...s.matchAll(/;| - | — |,(?= (?:and|but|so|then|which|because)\b)/g)]
      .map((m) => m.index ?? 0)
      .filter((i) => i >= 30 && i <= MAX_CLAUSE);
    if (ends.length) s = s.slice(0, ends[ends.length - 1]).trim();
  }
  // A run-on sentence with no clause's end to cut at is cut at a comma, or at last at a word.
  if (s.length > MAX_RUN_ON) {
    const commas = [...s.matchAll(/,/g)].map((m) => m.index ?? 0).filter((i) => i >= 30 && i <= MAX_CLAUSE);
    if (commas.length) s = s.slice(0, commas[commas.length - 1]).trim();
    else {
      const cut = s.lastIndexOf(" ", MAX_CLAUSE);
      s = `${s.slice(0, cut > 40 ? cut : MAX_CLAUSE).trim()}...`;
    }
  }
  return decapitalize(s, names);
}

/** How telling each sentence is: feeling, a life event and the entry's subjects; a two-word fragment is not. */
function saliences(f: TextFeatures): number[] {
  const keywords = new Set(f.keywords.slice(0, 6));
  const themed = new Array<number>(f.sentences.length).fill(0);
  for (const t of f.tokens) if (keywords.has(t.lemma)) themed[t.sentence]++;
  return f.sentences.map((s, i) => {
    const words = s.text.split(/\s+/).length;
    const fragment = isFragment(s.text) ? -1.5 : 0;
    return (
      Math.abs(s.score) * 2 + s.events.length * 3 + Math.min(themed[i], 3) * 0.4 + (words >= 4 ? 0.3 : -0.5) + fragment
    );
  });
}

function sign(x: number): number {
  return x >= 0.2 ? 1 : x <= -0.2 ? -1 : 0;
}

function label(start: number, end: number, band: MoodBand, f: TextFeatures): string {
  const span = /\b(?:this|the whole|all) week\b|\bweek has been\b/i.test(f.text) ? "week" : "day";
  if (start < 0 && end > 0) return `A ${span} that turned around`;
  if (start > 0 && end < 0) return `A ${span} that turned heavy`;
  if (f.events.some((e) => e.valence > 0) && band === "positive") return `A big ${span}`;
  if (f.events.some((e) => e.valence < 0) && band === "negative") return `A heavy ${span}`;
  if (start !== 0 && end !== 0 && start !== end) return `A mixed ${span}`;
  if (band === "positive") return `A good ${span}`;
  if (band === "negative") return `A hard ${span}`;
  return `An ordinary ${span}`;
}

export function summaryOf(f: TextFeatures, band: MoodBand): string {
  const n = f.sentences.length;
  if (!n) return "A short note without much to summarise yet.";
  const names = new Set(f.tokens.filter((t) => t.name).map((t) => capitalize(t.normal)));
  names.add("Mum").add("Dad").add("Gran").add("Grandma").add("Grandpa");
  // One sentence with a turn in it ("..., but ...") is split at the turn.
  let parts = f.sentences.map((s, i) => ({ text: s.text, score: s.score, i }));
  if (n === 1) {
    const m = /^(.{12,}?)(?:,\s*|\s+)(but|although|though|yet|and then|until)\s+(.{8,})$/i.exec(f.sentences[0].text);
    if (m) {
      const a = m[1];
      const b = m[3];
      return `${label(sign(f.sentences[0].score) < 0 || /dread|awful|worr|nervous|terrified|late|miss/i.test(a) ? -1 : 0, sign(f.sentences[0].score), band, f)}: ${clause(a, names)}, ${m[2].toLowerCase()} ${clause(b, names)}.`;
    }
    return `${label(0, 0, band, f)}: ${clause(f.sentences[0].text, names)}.`;
  }
  parts = parts.filter((p) => p.text.split(/\s+/).length >= 2);
  // List items and headings are no sentences of their own: left out while there are sentences.
  if (parts.some((p) => !isFragment(p.text))) parts = parts.filter((p) => !isFragment(p.text));
  if (!parts.length) parts = [{ text: f.sentences[0].text, score: f.sentences[0].score, i: 0 }];
  const half = Math.ceil(parts.length / 2);
  const firstHalf = parts.slice(0, half);
  const secondHalf = parts.slice(half);
  const sal = saliences(f);
  const salience = (_f: TextFeatures, i: number) => sal[i];
  const pick = (xs: typeof parts) => xs.reduce((best, p) => (sal[p.i] > sal[best.i] ? p : best), xs[0]);
  const a = pick(firstHalf);
  const b = secondHalf.length ? pick(secondHalf) : undefined;
  const avg = (xs: typeof parts) => xs.reduce((s, p) => s + p.score, 0) / Math.max(1, xs.length);
  const start = sign(avg(firstHalf));
  const end = secondHalf.length ? sign(avg(secondHalf)) : start;
  const head = label(start, end, band, f);
  if (!b || (salience(f, b.i) < 0.6 * salience(f, a.i) && start === end)) return `${head}: ${clause(a.text, names)}.`;
  const joiner = start !== end && start !== 0 && end !== 0 ? ", but" : start === end ? ", and" : "; later,";
  const first = clause(a.text, names);
  const both = `${head}: ${first}${joiner} ${clause(b.text, names)}.`;
  // A day with two halves keeps both; otherwise two clauses only while the whole stays short.
  return !first.endsWith("...") && (both.length <= MAX_SUMMARY || start !== end) ? both : `${head}: ${first}.`;
}

// ---------------------------------------------------------------- entries from a conversation

const GREETING =
  /^(?:hi|hiya|hello|hey|hey there|good (?:morning|afternoon|evening)|yo|howdy)\b[\s!,.]*(?:there|again|you)?[\s!,.]*$/i;
const THANKS =
  /^(?:thanks?|thank you|cheers|ta|ha|haha|fair enough|i see|got it|makes sense|true|ok(?:ay)?|yes|yeah|yep|no|nope|sure|right|fine|hmm+|maybe|bye|goodbye|good night|night)\b[\s\w,']{0,24}[!.]*$/i;
const TO_COMPANION = /\b(?:you|your|yourself)\b/i;

/** "i" -> "I", "im" -> "I'm", a capital first letter and a full stop at the end. */
export function tidySentence(s: string): string {
  let t = s
    .trim()
    .replace(/\bi\b/g, "I")
    .replace(/\bim\b/gi, "I'm")
    .replace(/\bive\b/gi, "I've")
    .replace(/\bi'(m|ve|d|ll)\b/gi, (_m, x: string) => `I'${x.toLowerCase()}`)
    .replace(/\bdont\b/gi, "don't")
    .replace(/\bcant\b/gi, "can't")
    .replace(/\bdidnt\b/gi, "didn't")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/\s{2,}/g, " ");
  t = capitalize(t);
  if (!/[.!?…]["')]?$/.test(t)) t += ".";
  return t;
}

/**
 * The person's messages as a first-person entry: each message a paragraph of what they shared, without
 * greetings, thanks, short answers or questions and requests to the companion.
 */
export function firstPersonEntry(messages: readonly string[]): string {
  const shared: string[][] = [];
  for (const m of messages) {
    const kept: string[] = [];
    for (const raw of splitSentences(m.replace(/\s+/g, " ").trim())) {
      const s = raw.trim();
      const words = s.split(/\s+/).length;
      if (GREETING.test(s) || THANKS.test(s)) continue;
      if (/\?\s*$/.test(s)) continue;
      if (TO_COMPANION.test(s) && !/\byou know\b/i.test(s)) continue;
      if (words < 3 && !/\b(?:tired|sad|happy|angry|anxious|lonely|stressed|exhausted|great|awful|good|bad)\b/i.test(s))
        continue;
      kept.push(tidySentence(s));
    }
    if (kept.length) shared.push(kept);
  }
  // Prose, not a list: the messages run on in paragraphs of a few sentences each.
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const kept of shared) {
    if (current.length && current.length + kept.length > 4) {
      paragraphs.push(current.join(" "));
      current = [];
    }
    current.push(...kept);
  }
  if (current.length) paragraphs.push(current.join(" "));
  return paragraphs.join("\n\n");
}
