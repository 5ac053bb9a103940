/**
 * What Reverie remembers, without I/O: the limits of the memory, how a fact is written and compared, and
 * the few reliable patterns that propose a fact when no model is configured ("my sister Sam" -> "Sam is
 * your sister", "I run every Tuesday" -> "You run on Tuesdays"). A proposal is only ever a proposal: a
 * fact is kept when the person confirms it.
 */

/** Most facts kept. */
import { MONTH_NAMES, WEEKDAY_NAMES } from "./dates";
export const MAX_MEMORY_FACTS = 100;
/** Longest fact, in characters. */
export const MAX_MEMORY_FACT_CHARS = 200;
/** Most facts proposed at once. */
export const MAX_MEMORY_PROPOSALS = 3;
/** Longest text read for proposals. */
export const MAX_MEMORY_SOURCE_CHARS = 20_000;

/** The Config key of the memory switch ("false" when the person switched memory off; on by default). */
export const MEMORY_ENABLED_CONFIG_KEY = "memory_enabled";

export const isMemoryEnabledValue = (v: string | null | undefined) => (v ?? "").trim().toLowerCase() !== "false";

export const MEMORY_SOURCES = ["chat", "entry", "manual"] as const;
export type MemorySource = (typeof MEMORY_SOURCES)[number];

/** A fact as it is kept: spaces collapsed, trimmed, a capital first letter, no full stop at the end. */
export function normalizeFact(text: string): string {
  const t = text
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/[.\s]+$/u, "");
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

/** What makes two facts the same: lower case, spaces collapsed, no end punctuation. */
export function factKey(text: string): string {
  return normalizeFact(text)
    .toLowerCase()
    .replace(/[!?]+$/u, "");
}

// ---------------------------------------------------------------- proposals without a model

const RELATIONS = [
  "sister",
  "brother",
  "mum",
  "mom",
  "mother",
  "dad",
  "father",
  "wife",
  "husband",
  "partner",
  "boyfriend",
  "girlfriend",
  "fiancé",
  "fiancée",
  "fiance",
  "fiancee",
  "son",
  "daughter",
  "best friend",
  "friend",
  "boss",
  "manager",
  "colleague",
  "flatmate",
  "roommate",
  "housemate",
  "therapist",
  "grandma",
  "grandmother",
  "grandpa",
  "grandfather",
  "nan",
  "gran",
  "aunt",
  "uncle",
  "cousin",
  "niece",
  "nephew",
  "dog",
  "cat",
];
const REL = `(${RELATIONS.sort((a, b) => b.length - a.length).join("|")})`;
/** A name: one or two capitalised words (case-sensitive on purpose). */
const NAME = "([A-Z][a-zà-ÿ'’-]+(?: [A-Z][a-zà-ÿ'’-]+)?)";
const DAYS = WEEKDAY_NAMES;
const NOT_NAMES = new Set([
  ...DAYS,
  ...MONTH_NAMES,
  "I",
  "I'm",
  "Im",
  "The",
  "A",
  "An",
  "And",
  "But",
  "So",
  "Then",
  "Today",
  "Yesterday",
  "Tomorrow",
  "He",
  "She",
  "They",
  "We",
  "It",
]);

function cleanName(raw: string): string | null {
  const words = raw.split(" ").filter((w) => !NOT_NAMES.has(w.replace(/['’]s$/u, "")));
  if (!words.length || NOT_NAMES.has(words[0])) return null;
  // "Sam's" -> "Sam"; a second word that is a verb-like lower-case word never matched NAME anyway.
  return (
    words[0].replace(/['’]s$/u, "") + (words[1] && words.length === 2 ? ` ${words[1].replace(/['’]s$/u, "")}` : "")
  );
}

const relationFact = (name: string, rel: string) => `${name} is your ${rel.toLowerCase()}`;

/** Verbs read as a habit ("I run every Tuesday"); past tenses and one-off words are not habits. */
const NOT_HABIT = /^(?:was|were|had|did|will|would|could|should|might|am|is|got|went|saw|felt|ran|swam|\w+ed)$/iu;

/**
 * Facts proposed from a text by simple, reliable patterns, in the second person, each once, at most
 * MAX_MEMORY_PROPOSALS. Known facts (by factKey) are left out.
 */
export function proposeFactsFromText(text: string, known: Iterable<string> = []): string[] {
  const src = text.slice(0, MAX_MEMORY_SOURCE_CHARS).replace(/[’]/gu, "'");
  const out: string[] = [];
  const seen = new Set([...known].map(factKey));
  const add = (fact: string | null) => {
    if (!fact) return;
    const f = normalizeFact(fact);
    if (f.length > MAX_MEMORY_FACT_CHARS || seen.has(factKey(f))) return;
    seen.add(factKey(f));
    out.push(f);
  };
  const found: { at: number; fact: string }[] = [];
  const push = (at: number, fact: string | null) => fact && found.push({ at, fact });

  // "my sister Sam", "my best friend Jo Smith"
  for (const m of src.matchAll(new RegExp(`\\b[Mm]y ${REL},? ${NAME}`, "gu"))) {
    const name = cleanName(m[2]);
    push(m.index, name ? relationFact(name, m[1]) : null);
  }
  // "Sam, my sister", "Sam (my sister)"
  for (const m of src.matchAll(new RegExp(`${NAME}(?:,| \\() ?[Mm]y ${REL}\\b`, "gu"))) {
    const name = cleanName(m[1]);
    push(m.index, name ? relationFact(name, m[2]) : null);
  }
  // "my sister is called Sam", "my sister's name is Sam"
  for (const m of src.matchAll(new RegExp(`\\b[Mm]y ${REL}(?:'s name is| is called| is named) ${NAME}`, "gu"))) {
    const name = cleanName(m[2]);
    push(m.index, name ? relationFact(name, m[1]) : null);
  }
  // "I run every Tuesday", "I go to yoga on Thursdays", "I usually swim on Sundays"
  const day = `(${DAYS.join("|")})s?`;
  for (const m of src.matchAll(
    new RegExp(
      `\\bI (?:usually |always |normally |still |often )?((?:[a-z]+ ){0,3}?[a-z]+) (?:every|on(?: a)?|each) ${day}\\b`,
      "gu",
    ),
  )) {
    const verb = m[1].split(" ")[0];
    if (NOT_HABIT.test(verb) || /\b(?:not|never|don't|didn't)\b/u.test(m[1])) continue;
    push(m.index, `You ${m[1]} on ${m[2]}s`);
  }
  // "I work as a nurse"
  for (const m of src.matchAll(/\bI work as (an? [a-z]+(?: [a-z]+)?)(?=[.,;!?]|$| at | in | for )/gmu))
    push(m.index, `You work as ${m[1]}`);
  // "I live in Leeds"
  for (const m of src.matchAll(new RegExp(`\\bI live in ${NAME}`, "gu"))) {
    const place = cleanName(m[1]);
    push(m.index, place ? `You live in ${place}` : null);
  }
  // "I'm allergic to peanuts"
  for (const m of src.matchAll(/\bI(?:'m| am) allergic to ([a-z]+(?: [a-z]+)?)(?=[.,;!?]|$| and )/gmu))
    push(m.index, `You are allergic to ${m[1]}`);

  found.sort((a, b) => a.at - b.at);
  for (const f of found) {
    if (out.length >= MAX_MEMORY_PROPOSALS) break;
    add(f.fact);
  }
  return out;
}

/** The memory block of the chat's instructions (empty when there is nothing to remember). */
export function memoryBlock(facts: readonly string[]): string {
  if (!facts.length) return "";
  return (
    "\n\nWhat the person asked you to remember about them (they confirmed each fact; use it to understand them, " +
    `do not list it back):\n${facts.map((f) => `- ${f}`).join("\n")}`
  );
}
