import lexicon from "./data/lexicon-intl.json" with { type: "json" };
import { readRules, type LexiconData, type RuleData, type RuleSpec } from "./rules";

/**
 * The basics in Spanish, French, German, Portuguese and Italian, written over the normalized text (no accents,
 * no apostrophes: "j'ai" reads "jai", "d'uscita" reads "duscita"). First-person forms only; the everyday idioms
 * ("me muero de hambre", "mort de fatigue", "todmude", "morrendo de rir", "stanco morto") are left alone.
 * The phrasings are data, in ./data/lexicon-intl.json (the format: `readRules` in ./rules.ts), one list a language.
 */
const data = lexicon as LexiconData<Readonly<Record<string, readonly RuleData[]>>>;

export const INTL_RULES: Readonly<Record<string, readonly RuleSpec[]>> = Object.fromEntries(
  Object.entries(data.rules).map(([lang, rules]) => [lang, readRules({ fragments: data.fragments, rules })]),
);
