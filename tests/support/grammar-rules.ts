/**
 * Checkable rules of written English for generated replies and summaries: each returns the problems it
 * finds in a text (empty when it passes).
 */

/** Words that start with a vowel letter but a consonant sound, and the other way round. */
const A_BEFORE_VOWEL = /^(?:uni|use|usu|user|euro|one|once|ubiq|utens|uti)/i;
const AN_BEFORE_CONSONANT = /^(?:hour|honest|honou?r|heir)/i;

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function articleProblems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(a|an)\s+([A-Za-z][\w'-]*)/g)) {
    const [, art, word] = m;
    const vowel = /^[aeiou]/i.test(word);
    if (art.toLowerCase() === "a" && vowel && !A_BEFORE_VOWEL.test(word)) out.push(`"${art} ${word}"`);
    if (art.toLowerCase() === "an" && !vowel && !AN_BEFORE_CONSONANT.test(word)) out.push(`"${art} ${word}"`);
  }
  return out;
}

/** Subject-verb agreement for the frames the companion generates ("you were", "I am", "it is"). */
export function agreementProblems(text: string): string[] {
  const bad = [
    /\byou (?:is|was|am|has|wasn't|isn't|doesn't)\b/gi,
    /\bI (?:is|are|were|has|does)\b/g,
    /\b(?:he|she|it) (?:are|were|have|am|don't)\b/gi,
    /\b(?:we|they) (?:is|was|am|has|wasn't|doesn't)\b/gi,
    /\byou're (?:is|are|was)\b/gi,
    /\byour (?:is|are|am)\b/gi,
  ];
  return bad.flatMap((re) => [...text.matchAll(re)].map((m) => `"${m[0]}"`));
}

export function casingProblems(text: string): string[] {
  const out: string[] = [];
  for (const s of sentencesOf(text))
    if (!/^["'(]?[\p{Lu}\d]/u.test(s)) out.push(`sentence starts in lower case: "${s.slice(0, 40)}"`);
  for (const m of text.matchAll(/\bi(?:'m|'ve|'d|'ll)?\b/g)) out.push(`lower-case "${m[0]}"`);
  if (/\s{2,}/.test(text)) out.push("double space");
  if (/\s[,.!?]/.test(text)) out.push("space before punctuation");
  if (/[,;:]\./.test(text) || /\.\./.test(text.replace(/\.\.\./g, ""))) out.push("broken punctuation");
  return out;
}

/** A template with a slot filled by whatever word came along. */
export function templateProblems(text: string): string[] {
  const out: string[] = [];
  if (/It sounds like .{1,40} is on your mind/i.test(text)) out.push("slot-filled 'is on your mind' frame");
  if (/\{|\}|undefined|null|NaN|\[object/.test(text)) out.push("unfilled slot");
  if (/\b(\w+) \1\b/i.test(text.replace(/\b(?:that that|had had)\b/gi, ""))) out.push("repeated word");
  return out;
}

export function grammarProblems(text: string): string[] {
  return [...articleProblems(text), ...agreementProblems(text), ...casingProblems(text), ...templateProblems(text)];
}
