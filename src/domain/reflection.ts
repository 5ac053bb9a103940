/**
 * Answering a reflection question in the entry itself. The answer goes into the entry's text under its
 * question, in one stable form:
 *
 *     > What helped a little today?
 *
 *     The walk after lunch.
 *
 * The question is one Markdown quote line ("> " and the question on one line); the answer follows after an
 * empty line. A question is answered when the text holds its quote line. Answering it again adds the new
 * answer at the end of that question's part (before the next question's quote line), never a second quote.
 */

export const QUOTE_PREFIX = "> ";

/** At most this many questions are kept with an entry, each at most this long (as the analysis gives them). */
export const MAX_KEPT_QUESTIONS = 10;
export const MAX_QUESTION_CHARS = 300;

/** Stored questions (a JSON-encoded list) read back: the strings that fit, else none. */
export function parseQuestions(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v
      .filter((q): q is string => typeof q === "string" && q.trim() !== "" && q.length <= MAX_QUESTION_CHARS)
      .slice(0, MAX_KEPT_QUESTIONS);
  } catch {
    return [];
  }
}

/** Questions as an entry keeps them: the JSON-encoded list of those that fit, or null for none. */
export function keptQuestions(raw: string | null | undefined): string | null {
  const qs = parseQuestions(raw);
  return qs.length ? JSON.stringify(qs) : null;
}

/** The question on one line, its spaces collapsed (as it is quoted). */
export function normalizeQuestion(question: string): string {
  return question.replace(/\s+/gu, " ").trim();
}

/** The quote line of a question: "> What helped a little today?". */
export function questionQuote(question: string): string {
  return `${QUOTE_PREFIX}${normalizeQuestion(question)}`;
}

const lineOf = (line: string) => line.replace(/\s+$/u, "");

/** Whether the text holds the question's quote line (the question was answered in the entry). */
export function isAnswered(content: string, question: string): boolean {
  const quote = questionQuote(question);
  return content
    .replace(/\r\n?/gu, "\n")
    .split("\n")
    .some((l) => lineOf(l) === quote);
}

/**
 * The text with `answer` added under `question`: at the end as a new part ("> question", empty line, answer),
 * or, when the question is already quoted, at the end of its part. A blank answer (or question) changes nothing.
 */
export function answerQuestion(content: string, question: string, answer: string): string {
  const q = normalizeQuestion(question);
  const a = answer.replace(/\r\n?/gu, "\n").trim();
  if (!q || !a) return content;
  const quote = questionQuote(q);
  const lines = content.replace(/\r\n?/gu, "\n").split("\n");
  const at = lines.findIndex((l) => lineOf(l) === quote);
  if (at < 0) {
    const base = content.replace(/\s+$/u, "");
    return `${base ? `${base}\n\n` : ""}${quote}\n\n${a}`;
  }
  // The question's part ends before the next quote line, or at the end of the text.
  let end = lines.findIndex((l, i) => i > at && l.startsWith(QUOTE_PREFIX));
  if (end < 0) end = lines.length;
  let last = end;
  while (last > at + 1 && lines[last - 1]!.trim() === "") last--;
  const before = lines.slice(0, last);
  const after = lines.slice(end);
  return [...before, "", a, ...(after.length ? ["", ...after] : [])].join("\n");
}
