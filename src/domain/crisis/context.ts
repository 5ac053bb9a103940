/**
 * Context that changes what a matched phrase means, judged on the clause (or sentence) around it, never on the
 * whole text: a novel, a friend or an old memory elsewhere in an entry never hides a present first-person line.
 * The word lists are data, in ./data/context-words.json (one list a name, in the format of `readPatterns` in
 * ./rules.ts); the judgement is here.
 */

import words from "./data/context-words.json" with { type: "json" };
import { anyOf, anyPhrase, readPatterns, type Fragment } from "./rules";

const { phrases } = readPatterns(words.fragments as readonly Fragment[]);

/** Negators in the few words before a phrase ("I would never", "I'm not", "no thoughts of"). */
const NEGATOR_PHRASES = phrases("NEGATOR_PHRASES");
const NEGATOR_RE = anyPhrase(NEGATOR_PHRASES);
/** Words that turn a negator into something else ("can't stop", "not sure", "don't know why, but"). */
const NEGATION_BREAKER_PHRASES = phrases("NEGATION_BREAKER_PHRASES");
const NEGATION_BREAKER_RE = anyPhrase(NEGATION_BREAKER_PHRASES);

const NEGATOR_ES_RE = /\bno\b/;

export function isNegated(clauseBefore: string, lang = "en"): boolean {
  const words = clauseBefore.trim().split(" ");
  const near = words.slice(-5).join(" ");
  if (!near || !(NEGATOR_RE.test(near) || (lang === "es" && NEGATOR_ES_RE.test(near)))) return false;
  return !NEGATION_BREAKER_RE.test(near);
}

const FIRST_RE = /\b(?:i|im|ive|id|ill|me|my|myself|mine)\b/;
const THIRD_PHRASES = phrases("THIRD_PHRASES");
const THIRD_RE = anyPhrase(THIRD_PHRASES, "g");
const THIRD_ONLY_RE = /\b(?:himself|herself|themselves|themself|his|her|their|he|she|hes|shes)\b/;
const OBJECT_ONLY = new Set(["her", "him", "them", "me", "you"]);

const LEAD_SKIP = new Set(["and", "then", "so", "but", "my", "also", "just", "today", "yesterday", "tonight", ""]);

/** The subject that opens a clause ("she gave away...", "I wrote..."), for acts whose objects are often other people. */
export function clauseSubject(clause: string): Person {
  for (const w of clause.trim().split(" ").slice(0, 4)) {
    if (LEAD_SKIP.has(w)) continue;
    if (FIRST_RE.test(w)) return "first";
    THIRD_RE.lastIndex = 0;
    if (THIRD_RE.test(w)) return "third";
    return "implicit";
  }
  return "implicit";
}

const SPEECH_PHRASES = phrases("SPEECH_PHRASES");
const SPEECH_RE = anyPhrase(SPEECH_PHRASES, "g");

/** Someone else's words: "Jake posted something that sounded like a goodbye note". */
export function reportedByOther(clauseBefore: string): boolean {
  SPEECH_RE.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = SPEECH_RE.exec(clauseBefore); m; m = SPEECH_RE.exec(clauseBefore)) last = m;
  if (!last) return false;
  const prev = clauseBefore.slice(0, last.index).trim().split(" ");
  const word = prev[prev.length - 1] ?? "";
  return word !== "" && !FIRST_RE.test(word) && word !== "that"
    ? true
    : word === "that" && !FIRST_RE.test(prev.slice(-3).join(" "));
}

/** "...that's me", "same here", "so do I": the writer takes a reported line as their own. */
const AFFIRM_PHRASES = phrases("AFFIRM_PHRASES");
export const AFFIRM_RE = anyPhrase(AFFIRM_PHRASES);

/** "my daughters arm", "my friends wrist": the body is someone else's. */
const THIRD_POSSESSIVE_PHRASES = phrases("THIRD_POSSESSIVE_PHRASES");
const THIRD_POSSESSIVE_RE = new RegExp("\\bmy " + anyOf(THIRD_POSSESSIVE_PHRASES) + "s\\b");

/** "second": the phrase is said to or about the reader ("you want to kill yourself", "unless you end it"). */
export type Person = "first" | "second" | "third" | "implicit";

const SECOND_PERSON: ReadonlySet<string> = new Set([
  "you",
  "youre",
  "youve",
  "youd",
  "youll",
  "your",
  "yourself",
  "yall",
]);
/** "...makes me want to die": "me" after one of these is the subject of what follows. */
const CAUSATIVE: ReadonlySet<string> = new Set([
  "make",
  "makes",
  "made",
  "making",
  "let",
  "lets",
  "want",
  "wants",
  "wanted",
  "drive",
  "drives",
  "driving",
  "drove",
  "push",
  "pushes",
  "pushed",
  "pushing",
]);

/**
 * Whose risk a phrase speaks of: a first-person word in the phrase itself decides; else a third-person word in
 * it; else the nearest person word in the few words before it, within the clause ("you" makes it the reader's:
 * the friend-at-risk case; "makes me" makes it the writer's).
 */
export function personOf(match: string, clauseBefore: string, matchNamesSubject = true): Person {
  if (matchNamesSubject && THIRD_POSSESSIVE_RE.test(match)) return "third";
  if (matchNamesSubject && FIRST_RE.test(match)) return "first";
  if (matchNamesSubject && THIRD_ONLY_RE.test(match)) return "third";
  const words = clauseBefore.trim().split(" ").slice(-8);
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i];
    if (w === "me" && CAUSATIVE.has(words[i - 1] ?? "")) return "first";
    if (w === "you" && i > 0 && (words[i - 1] === "thank" || words[i - 1] === "love")) continue;
    if (SECOND_PERSON.has(w)) return "second";
    if (w === "we" || w === "us" || w === "our" || w === "my" || OBJECT_ONLY.has(w)) continue;
    if (FIRST_RE.test(w)) return "first";
    THIRD_RE.lastIndex = 0;
    if (THIRD_RE.test(w)) return "third";
  }
  return "implicit";
}

/** News, books, films, prevention work, study: the phrase is about the subject, not the writer. */
const REPORTING_PHRASES = phrases("REPORTING_PHRASES");
export const REPORTING_RE = anyPhrase(REPORTING_PHRASES);

/** Stories and media: a person in them is a character, not someone to worry about. */
const MEDIA_PHRASES = phrases("MEDIA_PHRASES");
export const MEDIA_RE = anyPhrase(MEDIA_PHRASES);

/** A topic position before a bare mention: "so much about death and suicide". */
export const TOPIC_BEFORE_RE = /\b(?:about|on|of|regarding|around|covering|covers|discussing|and)\s(?:[a-z]+ ){0,2}$/;

/** A noun mention followed by a topic word ("suicide prevention", "overdose risks"). */
const TOPIC_AFTER_PHRASES = phrases("TOPIC_AFTER_PHRASES");
export const TOPIC_AFTER_RE = new RegExp("^ " + anyOf(TOPIC_AFTER_PHRASES) + "\\b");

/** Distant past and recovery: "five years ago", "used to", "back then", "I'm grateful I stayed", "clean for". */
const HISTORY_PHRASES = phrases("HISTORY_PHRASES");
export const HISTORY_RE = anyPhrase(HISTORY_PHRASES);

/** Words that bring a clause back to now, so history does not excuse it. */
const PRESENT_PHRASES = phrases("PRESENT_PHRASES");
export const PRESENT_RE = anyPhrase(PRESENT_PHRASES);

/** Everyday accidents, for self-harm words ("cut myself chopping carrots", "burned my hand on the oven"). */
const ACCIDENT_PHRASES = phrases("ACCIDENT_PHRASES");
export const ACCIDENT_RE = anyPhrase(ACCIDENT_PHRASES);
export const ON_PURPOSE_RE = /\b(?:on purpose|deliberately|to feel|again)\b/;

/** Ordinary reasons for means and farewell words (a leaving do, a move, the dosette box, the wedding). */
const EVERYDAY_REASON_PHRASES = phrases("EVERYDAY_REASON_PHRASES");
export const EVERYDAY_REASON_RE = anyPhrase(EVERYDAY_REASON_PHRASES);

/** Hyperbole around a death word ("die of embarrassment", "could just die, the cake fell"). */
const FIGURATIVE_AFTER_PHRASES = phrases("FIGURATIVE_AFTER_PHRASES");
export const FIGURATIVE_AFTER_RE = new RegExp("^ " + anyOf(FIGURATIVE_AFTER_PHRASES) + "\\b");
export const FIGURATIVE_BEFORE_RE = /\b(?:could (?:just )?|so hungry i could |laughed so hard i thought id )$/;

/** Hyperbole about small things: "if I have to sit through one more meeting I'll kill myself". */
const FIGURATIVE_CONDITION_PHRASES = phrases("FIGURATIVE_CONDITION_PHRASES");
export const FIGURATIVE_CONDITION_RE = new RegExp(FIGURATIVE_CONDITION_PHRASES.join("|"));
/** Figurative "killing myself": "killing myself at the gym", "killed myself laughing", "nearly killed myself on the stairs". */
const FIGURATIVE_SELF_AFTER_PHRASES = phrases("FIGURATIVE_SELF_AFTER_PHRASES");
export const FIGURATIVE_SELF_AFTER_RE = new RegExp("^ " + anyOf(FIGURATIVE_SELF_AFTER_PHRASES) + "\\b");
/** Embarrassment hyperbole around "want to die" / "could die". */
export const EMBARRASSMENT_RE = /\b(?:embarrass\w*|cringe\w*|mortified|humiliat\w*|awkward)\b/;
/** Laughing it off ("ugh I want to die, same dress as the bride's mum"), unless they say they mean it. */
export const JOKING_RE = /\b(?:ugh|omg|lol|lmao|haha+|hehe|rofl|xd|jk)\b/;
export const SERIOUS_RE = /\b(?:not (?:even )?joking|im serious|for real|fr|seriously|honestly|i mean it)\b/;
/** Turning to help or a plan for the problem: "I can't take it anymore, I'm going to talk to HR". */
const COPING_PHRASES = phrases("COPING_PHRASES");
export const COPING_RE = anyPhrase(COPING_PHRASES);

/** Feeling a burden in one situation: "a burden on my friends when I'm ill". */
const SCOPED_BURDEN_PHRASES = phrases("SCOPED_BURDEN_PHRASES");
export const SCOPED_BURDEN_RE = new RegExp(SCOPED_BURDEN_PHRASES.join("|"));

/** A purpose after "I want it all to be over": "...so I can enjoy the holidays". */
const PURPOSE_AFTER_PHRASES = phrases("PURPOSE_AFTER_PHRASES");
export const PURPOSE_AFTER_RE = new RegExp("^,? " + anyOf(PURPOSE_AFTER_PHRASES) + "\\b");

/** Worry for someone named in the sentence: "I'm worried about her", "scared for my brother". */
const WORRY_FOR_OTHER_PHRASES = phrases("WORRY_FOR_OTHER_PHRASES");
export const WORRY_FOR_OTHER_RE = new RegExp(WORRY_FOR_OTHER_PHRASES.join("|"), "g");
const RISK_STEM_PHRASES = phrases("RISK_STEM_PHRASES");
export const RISK_STEM_RE = anyPhrase(RISK_STEM_PHRASES);

/** Bereavement: someone lost, not someone at risk now. */
const GRIEF_PHRASES = phrases("GRIEF_PHRASES");
export const GRIEF_RE = anyPhrase(GRIEF_PHRASES);
/** A video game: guns, blades, deaths and kills there are play. */
const GAME_PHRASES = phrases("GAME_PHRASES");
export const GAME_RE = anyPhrase(GAME_PHRASES);
/** "I hope it ends soon": a hope that a situation ends is not an intent. */
export const HOPE_BEFORE_RE =
  /\b(?:hope|hoping|hoped|wish|pray|praying|until|when|before|after|if|once|till)\s(?:that\s)?$/;
/** Body pain (teeth, back, migraine): hard, but not the pain the check is about, unless it reaches for an ending. */
const PHYSICAL_PAIN_PHRASES = phrases("PHYSICAL_PAIN_PHRASES");
export const PHYSICAL_PAIN_RE = anyPhrase(PHYSICAL_PAIN_PHRASES);
/** Illness and injury: "not getting better" speaks of a cold or a knee, not of hope. */
const ILLNESS_PHRASES = phrases("ILLNESS_PHRASES");
export const ILLNESS_RE = anyPhrase(ILLNESS_PHRASES);
export const ENDING_WORDS_RE = /\b(?:forever|permanently|for good|live|living|die|dying|dead|end it)\b/;

/** Hopelessness about one thing: "hopeless about finding a flat", "no way out of this meeting schedule". */
const SCOPED_HOPELESS_AFTER_PHRASES = phrases("SCOPED_HOPELESS_AFTER_PHRASES");
export const SCOPED_HOPELESS_AFTER_RE = new RegExp("^ " + anyOf(SCOPED_HOPELESS_AFTER_PHRASES));

/** Relationship and work words after "end it": "ending it with Mark" is not about a life. */
const ENDING_OTHER_PHRASES = phrases("ENDING_OTHER_PHRASES");
export const ENDING_OTHER_RE = anyPhrase(ENDING_OTHER_PHRASES);
