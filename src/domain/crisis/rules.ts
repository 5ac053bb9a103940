import type { CrisisCategory } from "./types";
import { spellOut } from "./text";

/**
 * A rule is one family of phrasings, written over the normalized text (see text.ts: lowercase, no accents,
 * no apostrophes, "gonna" -> "going to", "i am" -> "im", "do not" -> "dont"). In a rule's source:
 * - `~` is a gap of up to 3 words (commas allowed), `~N` a gap of up to N words (bounded, so matching stays linear);
 * - everything else is a regular expression without nested unbounded quantifiers.
 */
export type SignalKind = "timing" | "means" | "intent" | "linger" | "act" | "farewell";
export const SIGNAL_KINDS: ReadonlySet<string> = new Set(["timing", "means", "intent", "linger", "act", "farewell"]);

export interface RuleSpec {
  /** A category (detecting on its own) or a signal (only raises what other rules found nearby). */
  kind: CrisisCategory | SignalKind;
  /** Phrasings. */
  src: readonly string[];
  /** Ordinary-life readings are common (rope, tablets, goodbyes): an everyday reason in the sentence cancels it. */
  weak?: boolean;
  /** The phrasing is always first person (the other languages' packs, "kms"). */
  first?: boolean;
  /** Overrides the category's severity. */
  severity?: "moderate" | "high";
}

export interface Rule extends RuleSpec {
  lang: string;
  re: RegExp;
}

const GAP_RE = /~(\d+)? ?/g;

export function compile(lang: string, spec: RuleSpec): Rule {
  const body = spec.src
    .map((s) => spellOut(s).replace(GAP_RE, (_m, n: string | undefined) => `(?:[a-z0-9]{1,24},? ){0,${n ?? 3}}`))
    .join("|");
  return { ...spec, lang, re: new RegExp(`\\b(?:${body})\\b`, "g") };
}

/*
 * Phrase lists: long alternations are written as arrays, one phrasing a line, and joined here into the same
 * regular-expression source they stand for (`anyOf(["a", "b c"])` is `(?:a|b c)`).
 */

/** Any one of the alternatives: `(?:a|b)`. */
export function anyOf(alternatives: readonly string[]): string {
  return `(?:${alternatives.join("|")})`;
}

/** None of the alternatives follows: `(?!a|b)`. */
export function notFollowedBy(alternatives: readonly string[]): string {
  return `(?!${alternatives.join("|")})`;
}

/** One of the alternatives follows: `(?=a|b)`. */
export function followedBy(alternatives: readonly string[]): string {
  return `(?=${alternatives.join("|")})`;
}

/** A regular expression for any of the phrases as whole words: `\b(?:a|b)\b`. */
export function anyPhrase(phrases: readonly string[], flags = ""): RegExp {
  return new RegExp(`\\b${anyOf(phrases)}\\b`, flags);
}
