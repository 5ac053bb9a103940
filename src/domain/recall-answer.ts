import { usableLocale } from "./date-format";
import { moodBand } from "./mood";
import type { RecallPlan } from "./recall";

/**
 * The answer to a question about the journal when no language model is at hand: built from the entries
 * found, in plain sentences, citing each as [entry:<id>] so the screens can link it. It says only what
 * the entries say (dates, the person's own words, their moods) and says so when nothing was found.
 */

export interface FoundEntry {
  id: string;
  title: string | null;
  /** ISO timestamp. */
  created_at: string;
  /** A short part of the entry, near the question's words. */
  excerpt: string;
  /** The stated mood, else the inferred one (1..10); null when there is none. */
  mood: number | null;
}

export interface AnswerContext {
  now: Date;
  timeZone: string;
  /** The browser's locale, so that the answer writes dates as the screens do; en-GB when none is given. */
  locale?: string;
}

/** "3 March", or "3 March 2025" when not this year (en-GB); "March 3", "March 3, 2025" (en-US). */
export function answerDate(iso: string, ctx: AnswerContext): string {
  const d = new Date(iso);
  const year = (x: Date) => new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: ctx.timeZone }).format(x);
  return new Intl.DateTimeFormat(ctx.locale ? usableLocale(ctx.locale) : "en-GB", {
    day: "numeric",
    month: "long",
    ...(year(d) === year(ctx.now) ? {} : { year: "numeric" }),
    timeZone: ctx.timeZone,
  }).format(d);
}

const quote = (e: FoundEntry) => `“${e.excerpt.replace(/\s+/gu, " ").trim()}”`;
const cite = (e: FoundEntry) => `[entry:${e.id}]`;
const named = (e: FoundEntry) => (e.title?.trim() ? ` (“${e.title.trim()}”)` : "");

function within(plan: RecallPlan): string {
  return plan.range
    ? ` ${/^(in|during|over|since|this|last|the|\d)/u.test(plan.range.label) ? "" : "in "}${plan.range.label}`
    : "";
}

/** The answer without a model: one sentence on the best match (as the question asks), then the others. */
export function offlineAnswer(plan: RecallPlan, found: readonly FoundEntry[], ctx: AnswerContext): string {
  const when = within(plan);
  if (!found.length) {
    if (plan.order === "happiest" || plan.order === "saddest")
      return `I found no entries with a mood${when} to compare, so I can't tell from your journal.`;
    return `I couldn't find anything in your journal about that${when}.`;
  }
  const [first, ...rest] = found;
  const date = answerDate(first.created_at, ctx);
  let lead: string;
  switch (plan.order) {
    case "latest":
      lead = `You last wrote about this on ${date}${named(first)}: ${quote(first)} ${cite(first)}`;
      break;
    case "earliest":
      lead = `The first time you wrote about this was on ${date}${named(first)}: ${quote(first)} ${cite(first)}`;
      break;
    case "happiest":
    case "saddest": {
      const word = plan.order === "happiest" ? "happiest" : "hardest";
      const mood = first.mood !== null ? ` (mood ${Math.round(first.mood * 10) / 10}/10)` : "";
      if (plan.period) {
        const moods = found.filter((f) => f.mood !== null).map((f) => f.mood!);
        const mean = moods.length ? Math.round((moods.reduce((a, b) => a + b, 0) / moods.length) * 10) / 10 : null;
        const period = plan.period === "day" ? "day" : plan.period === "week" ? "week" : "month";
        lead =
          `Your ${word} ${period}${when} was around ${date}` +
          `${mean !== null ? `, with an average mood of ${mean}/10 over ${found.length} ${found.length === 1 ? "entry" : "entries"}` : ""}. ` +
          `You wrote: ${quote(first)} ${cite(first)}`;
      } else {
        lead = `Your ${word} entry${when} was on ${date}${named(first)}${mood}: ${quote(first)} ${cite(first)}`;
      }
      break;
    }
    default: {
      const feeling =
        plan.mood && first.mood !== null && moodBand(first.mood) === plan.mood ? ", when you felt the same way" : "";
      lead = `Here is what your journal says${when}. On ${date}${feeling} you wrote${named(first)}: ${quote(first)} ${cite(first)}`;
    }
  }
  if (!rest.length) return lead;
  const others = rest.map((e) => `${answerDate(e.created_at, ctx)} ${cite(e)}`);
  const list = others.length === 1 ? others[0] : `${others.slice(0, -1).join(", ")} and ${others[others.length - 1]}`;
  return `${lead}\n\nYou also wrote about it on ${list}.`;
}

/** How the model is asked to cite: [entry:<id>]; several as [entry:a, entry:b]. */
const CITATION_RE = /\[\s*entry\s*:\s*([\w-]+(?:\s*[,;]\s*(?:entry\s*:\s*)?[\w-]+)*)\s*\]/giu;

const idsOf = (list: string) => list.split(/\s*[,;]\s*/u).map((s) => s.replace(/^entry\s*:\s*/iu, "").trim());
const sentences = new Intl.Segmenter("en", { granularity: "sentence" });
/** A line's list, quote or heading marker, kept when its words are filtered. */
const LINE_MARK = /^(\s*(?:[-*+]|\d+[.)]|>|#{1,6})\s+)?/u;
/** What joins a claim to the one before it, left at the start when that one is removed. */
const LEADING_JOIN = /^[\s,;:\u2013\u2014-]*(?:(?:and|but|while|whereas|also|then|so)\b\s*)?/iu;
const TERMINAL = /[.!?\u2026]+["\u201d\u2019)]*\s*$/u;

/**
 * One sentence with its citations checked. A citation marks the claim before it (back to the previous
 * citation or the sentence's start); the claim of a citation that names no known entry is removed with it,
 * and so is what follows it to the sentence's end. A citation naming known and unknown entries keeps the
 * known ones. A sentence left without words is removed.
 */
function checkSentence(sentence: string, known: ReadonlySet<string>): string {
  const found = [...sentence.matchAll(CITATION_RE)];
  if (!found.length) return sentence;
  let out = "";
  let from = 0;
  let firstDropped = false;
  let lastDropped = false;
  found.forEach((m, i) => {
    const claim = sentence.slice(from, m.index);
    const kept = [...new Set(idsOf(m[1]).filter((id) => known.has(id)))];
    lastDropped = kept.length === 0;
    if (i === 0) firstDropped = lastDropped;
    if (!lastDropped) out += `${claim}[${kept.map((id) => `entry:${id}`).join(", ")}]`;
    from = m.index + m[0].length;
  });
  const tail = sentence.slice(from);
  out += lastDropped ? (tail.match(TERMINAL)?.[0] ?? tail.match(/\s*$/u)![0]) : tail;
  if (!/\p{L}/u.test(out.replace(CITATION_RE, ""))) return "";
  if (firstDropped) {
    out = out.replace(LEADING_JOIN, "");
    out = out.charAt(0).toLocaleUpperCase("en") + out.slice(1);
  }
  return out;
}

/**
 * Keeps the citations of known entries and removes the others with the claims they were given for, so an
 * answer never tells of an entry that does not exist. Lines keep their list and quote markers; a line whose
 * words are all removed goes, and an answer with no words left is empty.
 */
export function keepKnownCitations(text: string, known: ReadonlySet<string>): string {
  const lines = text.split("\n").flatMap((line) => {
    if (!line.trim()) return [line];
    const mark = line.match(LINE_MARK)![0];
    const body = line.slice(mark.length);
    // A citation written after the full stop belongs to the sentence before it.
    const parts: string[] = [];
    for (const { segment } of sentences.segment(body))
      if (parts.length && !/\p{L}/u.test(segment.replace(CITATION_RE, ""))) parts[parts.length - 1] += segment;
      else parts.push(segment);
    const kept = parts.map((s) => checkSentence(s, known)).join("");
    if (!kept.trim()) return [];
    return [`${mark}${kept.trimEnd()}`];
  });
  return lines
    .join("\n")
    .replace(/\n{3,}/gu, "\n\n")
    .trim();
}

/** The ids cited in an answer, in order of first citation. */
export function citedIds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CITATION_RE)) for (const id of idsOf(m[1])) if (!out.includes(id)) out.push(id);
  return out;
}
