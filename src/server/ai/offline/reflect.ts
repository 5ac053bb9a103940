import "server-only";
import { WEEKDAY_NAMES } from "@/domain/dates";
import { secondPerson } from "@/domain/quote";
import { analyze, type TextFeatures } from "./nlp";
import { capitalize, decapitalize, splitSentences, withImpliedI } from "./text";

/**
 * The offline companion's reflection: the most telling part of what the person said, in the second
 * person ("you stayed late three nights in a row"). It never hands a message back nearly word for word:
 * from a message of one sentence it takes the clause that carries the feeling or the event, cut short
 * where needed, and says nothing rather than repeat the whole sentence.
 */

/** A one-sentence message shorter than this many words is not reflected back (it would be an echo). */
export const ECHO_WORDS = 10;
/** Of a one-sentence message's words, a reflection carries at most this share. */
export const MAX_ECHO_SHARE = 0.7;

const FILLER = /\b(?:lol|ha|haha+|hehe|lmao|tbh|idk|ngl|ugh|hmm+|uh|um|fair enough)\b[.!,]*/gi;
const TO_COMPANION = /\b(?:you|your|yourself|u)\b/i;
const OPENERS =
  /^(?:(?:so|well|anyway|ok(?:ay)?|honestly|basically|and|but|also|yeah|yes|no|oh|at least|still|plus)\b[,!.]?\s*)+/i;

/** A sentence of the message made into a reflection clause (still in the first person), or null. */
export function reflectable(sentence: string): string | null {
  let s = sentence
    .replace(FILLER, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
  if (!s || /\?\s*$/.test(s) || TO_COMPANION.test(s)) return null;
  s = s.replace(OPENERS, "").replace(/[\s.!…,;:-]+$/u, "");
  if (s.split(/\s+/).length < 3) return null;
  s = withImpliedI(s);
  if (s.length > 120) {
    const cut = [...s.matchAll(/[,;:]| - /g)].map((m) => m.index ?? 0).filter((i) => i >= 25 && i <= 120);
    if (!cut.length) return null;
    s = s.slice(0, cut[cut.length - 1]);
  }
  return s;
}

/** The words that carry meaning (four letters or more), as the share of an echo is counted. */
const meaningful = (s: string) => s.toLowerCase().match(/[\p{L}']{4,}/gu) ?? [];

/** The share of `of`'s meaningful words that `part` repeats. */
export function echoShare(part: string, of: string): number {
  const mine = meaningful(of);
  if (!mine.length) return 0;
  const back = new Set(meaningful(part));
  return mine.filter((w) => back.has(w)).length / mine.length;
}

/** Where a sentence divides into clauses: commas, dashes and the words that join clauses. */
const CLAUSE_BREAK =
  /\s*[,;:]\s*|\s+[-–—]\s+|\s+(?:and|but|so|because|cause|though|although|even though|which|while|whereas|until|since)\s+|\s+that\s+(?=(?:i|i'm|i've|i'd|i'll|you|he|she|we|they|it|someone|somebody|everyone|nobody|no one|my|our|his|her|their|the)\b)/iu;
/** What can close a clause without being its point: a time or a hedge ("today", "though", "to be fair"). */
const TAIL_TIME =
  /\s+(?:today|tonight|this (?:morning|afternoon|evening|week|weekend|year)|last (?:night|week|weekend|year|month)|yesterday|again|actually|somehow|though|anyway|to be fair|for a while|straight away|right away|at once|in the end|a bit|a little|a lot)$/iu;
/** Where a clause's last phrase starts ("… over the slides | in my head"). */
const PHRASE_START =
  /\s(?:in|on|at|for|from|with|by|about|during|after|before|under|over|into|near|behind|around|through|across)\s/giu;
const LEAD_ADJUNCT =
  /^(?:(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: (?:morning|afternoon|evening|night))?|today|tonight|yesterday|last (?:night|week|weekend|year|month)|this (?:morning|afternoon|evening|week|weekend))[,\s]+/iu;

/** A clause that can stand as a reflection: a subject of its own (a pronoun, a determiner or a name). */
const PRONOUN_START =
  /^(?:i|i'm|i've|i'd|i'll|we|we're|my|our|me|the|a|an|he|she|they|it|it's|his|her|their|someone|everyone|nobody)\b/iu;
const ownSubject = (s: string) => PRONOUN_START.test(s) || /^\p{Lu}\p{Ll}+\b/u.test(s);

const withoutTimes = (clause: string): string => {
  for (let s = clause; ;) {
    const cut = s.replace(TAIL_TIME, "");
    if (cut === s) return s;
    s = cut;
  }
};

/** A clause and the shorter forms it can be cut to: the time around it dropped, then its last phrases. */
function shortenings(clause: string): string[] {
  let s = clause.replace(OPENERS, "").trim();
  const led = s.replace(LEAD_ADJUNCT, "");
  if (led !== s && /^(?:i|i'm|i've|we|my|our|the|a|he|she|they|it)\b/iu.test(led)) s = led;
  const out = [s];
  const timeless = withoutTimes(s);
  if (timeless !== s) out.push(timeless);
  // At most two phrases go, and the second only when four words are left ("I kept going" is not what was said).
  let rest = timeless;
  for (let k = 0; k < 2; k++) {
    const at = [...rest.matchAll(PHRASE_START)].at(-1)?.index;
    if (at === undefined || rest.length - at > 32) break;
    const cut = withoutTimes(rest.slice(0, at));
    if (k > 0 && cut.split(/\s+/u).length < 4) break;
    out.push((rest = cut));
  }
  return out;
}

/**
 * The clause of a one-sentence message to reflect when the whole sentence would be an echo: one with
 * its own subject (or an implied "I"), at least three words, carrying at most MAX_ECHO_SHARE of the
 * message's words; of those, the one with the strongest feeling, then the most of the message's key words.
 */
function keyClause(sentence: string, message: string, f: TextFeatures): string | null {
  const kw = new Set(f.keywords.slice(0, 5));
  let best: { text: string; score: number } | null = null;
  // "I feel like I can't say no" is about the feeling: "it feels like you can't say no".
  const feltLike = /\b(?:i|we) (feel|felt) like (.+)$/iu.exec(sentence);
  const parts = sentence.split(new RegExp(`(${CLAUSE_BREAK.source})`, "iu"));
  const clauses = parts.filter((_, i) => i % 2 === 0).map((c) => c.trim());
  const forms = clauses.map((c) => shortenings(withImpliedI(c)));
  const candidates = forms.flat();
  // Two clauses joined as the person joined them, each cut to its shortest: "you called your mum and she cried".
  for (let i = 0; i + 1 < clauses.length; i++) {
    const [a, b] = [forms[i].at(-1)!, forms[i + 1].at(-1)!];
    if (/^\s*(?:,|and|but|so)\s*$/iu.test(parts[2 * i + 1]) && ownSubject(a) && ownSubject(b))
      candidates.push(`${a}${parts[2 * i + 1]}${b}`);
  }
  if (feltLike)
    candidates.push(
      ...shortenings(`it ${feltLike[1].toLowerCase() === "felt" ? "felt" : "feels"} like ${feltLike[2]}`),
    );
  for (const form of candidates) {
    const words = form.split(/\s+/u);
    if (words.length < 2 || echoShare(form, message) > MAX_ECHO_SHARE || !ownSubject(form)) continue;
    const cf = analyze(form);
    // Two words do when they say how the person feels ("I'm exhausted").
    if (words.length < 3 && !(/^(?:i|i'm|we|we're)\b/iu.test(form) && cf.sentiment !== 0)) continue;
    const hits = words.filter((w) => kw.has(w.toLowerCase())).length;
    // A clause that leans on another ("it was lovely") says less than one that names its subject.
    const leans = /^(?:it|that|this)\b(?! feels? like)/iu.test(form) ? 1.5 : 0;
    const score =
      Math.abs(cf.sentiment) * 2 +
      cf.events.length * 2 +
      Math.min(hits, 3) * 0.5 +
      Math.min(meaningful(form).length, 4) * 0.5 -
      leans;
    if (!best || score > best.score) best = { text: form, score };
  }
  return best?.text ?? null;
}

function salienceOf(f: TextFeatures, text: string): number {
  const mood = f.sentences.find((s) => s.text.includes(text.slice(0, 20)));
  const kw = new Set(f.keywords.slice(0, 5));
  const hits = text
    .toLowerCase()
    .split(/\W+/)
    .filter((w) => kw.has(w)).length;
  return (
    Math.abs(mood?.score ?? 0) * 2 +
    (mood?.events.length ?? 0) * 3 +
    Math.min(hits, 3) * 0.3 +
    Math.min(text.length, 80) / 200
  );
}

/**
 * The most telling sentence of a message, as "you ..." words, or null. A message of one sentence gives
 * its key clause instead when the whole would repeat most of it, and nothing when no clause is short
 * enough; a message shorter than ECHO_WORDS of one sentence is never reflected.
 */
export function reflectionOf(message: string, f: TextFeatures = analyze(message)): string | null {
  const sentences = splitSentences(message);
  const single = sentences.length < 2;
  if (single && message.trim().split(/\s+/u).length < ECHO_WORDS) return null;
  let best: { text: string; score: number } | null = null;
  for (const s of sentences) {
    const r = reflectable(s);
    if (!r) continue;
    const score = salienceOf(f, s);
    if (!best || score > best.score) best = { text: r, score };
  }
  if (!best) return null;
  const text = single && echoShare(best.text, message) > MAX_ECHO_SHARE ? keyClause(best.text, message, f) : best.text;
  return text ? inSecondPerson(text, f) : null;
}

/** First-person words turned to the second person, with the case of names and of "you" kept right. */
export function inSecondPerson(text: string, f: TextFeatures): string {
  return tidyCase(decapitalize(secondPerson(text), properNames(f)));
}

/** Words kept capitalised when a sentence is turned around: what a family calls its own, and the days. */
const FAMILY_NAMES = ["Mum", "Dad", "Mom", "Gran", "Grandma", "Grandpa"];

function properNames(f: TextFeatures): Set<string> {
  const set = new Set(f.tokens.filter((t) => t.name).map((t) => capitalize(t.normal)));
  for (const n of [...FAMILY_NAMES, ...WEEKDAY_NAMES]) set.add(n);
  return set;
}

/** "you" never takes a capital inside a sentence; "I" always does. */
function tidyCase(s: string): string {
  return s.replace(/(^|[^.!?]\s)You\b/g, (m, pre: string) => (pre ? `${pre}you` : m)).replace(/\bi\b/g, "I");
}
