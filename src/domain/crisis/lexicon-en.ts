import lexicon from "./data/lexicon-en.json" with { type: "json" };
import { readRules, type LexiconData, type RuleData, type RuleSpec } from "./rules";

/**
 * English phrasings per category, from clinical screening language (C-SSRS, PHQ-9 item 9, the 988 Lifeline
 * and AFSP warning signs) and from how people write: texting forms, slang (kms, unalive, ctb, "sewer slide"),
 * third-person forms where the subject decides (see context.ts). The phrasings are data, in
 * ./data/lexicon-en.json (the format: `readRules` in ./rules.ts), read once at load.
 */
export const EN_RULES: readonly RuleSpec[] = readRules(lexicon as LexiconData<readonly RuleData[]>);
