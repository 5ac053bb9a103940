import { CRISIS_CATEGORIES, type CrisisCategory } from "./types";
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

// ---------------------------------------------------------------- phrasings as data

/**
 * The phrasings as the data files write them (./data/lexicon-*.json). A pattern is a string, in which `${NAME}`
 * stands for the named fragment, or `{ concat }`, `{ anyOf }`, `{ notFollowedBy }` or `{ followedBy }` over
 * patterns (the functions above). In a list, `{ each: NAME }` stands for every phrasing of a list fragment and
 * `{ note }` is a comment for the reader.
 */
export type Pattern =
  | string
  | { concat: readonly Pattern[] }
  | { anyOf: PatternList }
  | { notFollowedBy: PatternList }
  | { followedBy: PatternList };
export type PatternList = readonly (Pattern | { each: string } | { note: string })[];

/** A named piece shared by several phrasings: a pattern, or a list of phrasings. */
export interface Fragment {
  name: string;
  note?: string;
  value: Pattern | PatternList;
}

/** A rule as the data file writes it. */
export interface RuleData {
  kind: string;
  src: PatternList;
  weak?: boolean;
  first?: boolean;
  severity?: string;
  note?: string;
}

export interface LexiconData<R> {
  fragments: readonly Fragment[];
  rules: R;
}

const REF_RE = /\$\{([A-Z][A-Z0-9_]*)\}/gu;
const RULE_KEYS: ReadonlySet<string> = new Set(["kind", "src", "weak", "first", "severity", "note"]);
const KINDS: ReadonlySet<string> = new Set([...CRISIS_CATEGORIES, ...SIGNAL_KINDS]);

const badLexicon = (what: string, value: unknown) =>
  new Error(`crisis lexicon: ${what}: ${JSON.stringify(value)?.slice(0, 120)}`);

/** Reads patterns over a data file's fragments: a pattern's text, a list's phrasings, a list fragment by name. */
export function readPatterns(fragments: readonly Fragment[]): {
  text: (p: Pattern) => string;
  list: (items: PatternList) => string[];
  phrases: (name: string) => string[];
} {
  const values = new Map(fragments.map((f) => [f.name, f.value]));
  const texts = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const value = (name: string) => {
    const v = values.get(name);
    if (v === undefined) throw badLexicon("no fragment named", name);
    return v;
  };
  const fragmentText = (name: string): string => {
    let t = texts.get(name);
    if (t === undefined) {
      const v = value(name);
      if (Array.isArray(v)) throw badLexicon("a list where a pattern belongs", name);
      t = text(v as Pattern);
      texts.set(name, t);
    }
    return t;
  };
  const fragmentList = (name: string): string[] => {
    let l = lists.get(name);
    if (l === undefined) {
      const v = value(name);
      if (!Array.isArray(v)) throw badLexicon("a pattern where a list belongs", name);
      l = list(v as PatternList);
      lists.set(name, l);
    }
    return l;
  };
  const text = (p: Pattern): string => {
    if (typeof p === "string") return p.replace(REF_RE, (_m, name: string) => fragmentText(name));
    if ("concat" in p) return p.concat.map(text).join("");
    if ("anyOf" in p) return anyOf(list(p.anyOf));
    if ("notFollowedBy" in p) return notFollowedBy(list(p.notFollowedBy));
    if ("followedBy" in p) return followedBy(list(p.followedBy));
    throw badLexicon("not a pattern", p);
  };
  const list = (items: PatternList): string[] => {
    if (!Array.isArray(items)) throw badLexicon("not a list", items);
    return items.flatMap((i) => {
      if (typeof i === "object" && "note" in i) return [];
      if (typeof i === "object" && "each" in i) return fragmentList(i.each);
      return [text(i)];
    });
  };
  return { text, list, phrases: fragmentList };
}

/** The rules of a data file, each phrasing written out in full; throws on anything the format does not know. */
export function readRules(data: LexiconData<readonly RuleData[]>): RuleSpec[] {
  const { list } = readPatterns(data.fragments);
  return data.rules.map((r) => {
    for (const k of Object.keys(r)) if (!RULE_KEYS.has(k)) throw badLexicon("a rule's unknown field", k);
    if (!KINDS.has(r.kind)) throw badLexicon("an unknown kind", r.kind);
    if (r.severity !== undefined && r.severity !== "moderate" && r.severity !== "high")
      throw badLexicon("an unknown severity", r.severity);
    const spec: RuleSpec = { kind: r.kind as RuleSpec["kind"], src: list(r.src) };
    if (r.weak !== undefined) spec.weak = r.weak;
    if (r.first !== undefined) spec.first = r.first;
    if (r.severity !== undefined) spec.severity = r.severity;
    return spec;
  });
}
