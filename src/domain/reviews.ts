/**
 * Reviews of a week, a month or a year (pure). The period's bounds, the evidence counted from its
 * entries and check-ins (mood curve, best and hardest days, themes and people and what changed, the
 * activities of good days, three quotes in the person's own words, questions for the next period), and
 * the plain-language body written from that evidence when no model writes the prose.
 */
import { correlations, pixelDay, togetherSentence, type CheckInPoint } from "./checkins";
import { detectRiskLanguage } from "./crisis";
import type { DayKey } from "./dates";
import {
  MONTHS,
  NOUN,
  REVIEW_TAG,
  WEEKDAYS,
  weekdayDate,
  type DayLink,
  type PeriodBounds,
  type ReviewNumbers,
  type ReviewPeriod,
} from "./review-periods";
import { BULLET_PREFIX } from "./richtext-markers";
import { stripMarkers } from "./richtext-parse";

export * from "./review-periods";

// ---------------------------------------------------------------- evidence

/** One entry of the period as the evidence reads it. */
export interface ReviewEntryInput {
  id: string;
  title: string;
  content: string;
  /** Its local day. */
  day: DayKey;
  statedMood: number | null;
  aiMoodScore: number | null;
  /** The analyzer's stored themes (ai_themes), lower case. */
  themes: readonly string[];
  tags: readonly string[];
  wordCount: number;
}

/** What the period before contributes: its entries' themes, tags and people. */
export interface PreviousEntryInput {
  content: string;
  themes: readonly string[];
  tags: readonly string[];
}

export interface MoodPoint {
  date: DayKey;
  mood: number;
  source: "stated" | "inferred";
}

export interface CountChange {
  name: string;
  count: number;
  before: number;
}

export interface Quote {
  text: string;
  entry_id: string;
  date: DayKey;
}

export interface ReviewEvidence {
  bounds: PeriodBounds;
  numbers: ReviewNumbers;
  curve: MoodPoint[];
  average_mood: number | null;
  stated_days: number;
  best: DayLink | null;
  hardest: DayLink | null;
  themes: CountChange[];
  /** Themes that were among the most common before and did not come up at all now. */
  faded: string[];
  people: CountChange[];
  /** Sentences of the activities that went with better days. */
  good_activities: string[];
  quotes: Quote[];
  questions: string[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const TOP = 5;

function bump(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function top(counts: Map<string, number>, n = TOP): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);
}

function themeSet(themes: readonly string[], tags: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of [...themes, ...tags]) {
    const k = t.trim().toLowerCase();
    if (k && k !== REVIEW_TAG) out.add(k);
  }
  return out;
}

/** Words written with a capital that are not names of people. */
const NOT_PEOPLE = new Set([
  "I",
  "I'm",
  "I've",
  "I'd",
  "I'll",
  "OK",
  "God",
  "TV",
  "Reverie",
  ...WEEKDAYS,
  ...MONTHS,
  "Christmas",
  "Easter",
  "English",
  "Spanish",
  "French",
  "Zoom",
  "Instagram",
]);
const FAMILY = new Set(["Mum", "Dad", "Mom", "Gran", "Grandma", "Grandpa", "Grandad", "Nan"]);
const NAME_RE = /(^|[^\p{L}\p{N}'’])(\p{Lu}\p{Ll}{1,20})(?=$|[^\p{L}\p{N}])/gu;

export interface CapitalWords {
  /** Words with a capital inside a sentence (not its first word), and family names anywhere. */
  names: Set<string>;
  /** Every word written with a capital. */
  all: Set<string>;
}

/** The words of a text written with a capital, as the reading of people needs them. */
export function capitalWords(text: string): CapitalWords {
  const names = new Set<string>();
  const all = new Set<string>();
  for (const sentence of sentencesOf(text, false)) {
    const first = firstLetterIndex(sentence);
    NAME_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NAME_RE.exec(sentence)) !== null) {
      const word = m[2]!;
      if (NOT_PEOPLE.has(word)) continue;
      all.add(word);
      if (FAMILY.has(word) || m.index + m[1]!.length !== first) names.add(word);
    }
  }
  return { names, all };
}

/**
 * The people of a set of texts, and in how many texts each is named: a name is a word written with a
 * capital inside a sentence somewhere in the texts (or a family name: Mum, Dad...); once known, it counts
 * at the start of a sentence too. A light reading: a place may count as well.
 */
export function countPeople(texts: readonly CapitalWords[], known?: ReadonlySet<string>): Map<string, number> {
  const names = new Set(known ?? texts.flatMap((t) => [...t.names]));
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of t.all) if (names.has(w)) bump(counts, w);
  return counts;
}

function firstLetterIndex(s: string): number {
  const m = /\p{L}/u.exec(s);
  return m ? m.index : -1;
}

// ---------------------------------------------------------------- quotes

const SENTENCE_RE = /[^.!?…\n]+(?:[.!?…]+["'”’)\]]*|\n+|$)/gu;
const LIST_LINE_RE = /^\s*(?:[•\-*]|\d{1,4}[.)])\s+/u;

/**
 * The sentences of a text, markers removed. With `whole`, only whole sentences: lines that are list
 * items are left out, and a piece counts only when it starts with a capital (or an opening quote) and
 * ends with . ! or ?.
 */
export function sentencesOf(text: string, whole = true): string[] {
  const out: string[] = [];
  for (const line of stripMarkers(text).split("\n")) {
    if (whole && LIST_LINE_RE.test(line)) continue;
    const body = line.replace(LIST_LINE_RE, "");
    SENTENCE_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = SENTENCE_RE.exec(body)) !== null) {
      if (m[0] === "") {
        SENTENCE_RE.lastIndex++;
        continue;
      }
      const s = m[0].trim();
      if (!/\p{L}/u.test(s)) continue;
      if (whole && !isWholeSentence(s)) continue;
      out.push(s);
    }
  }
  return out;
}

/** A whole sentence: a capital (or opening quote) first, . ! or ? last (a closing quote may follow), no ellipsis. */
export function isWholeSentence(s: string): boolean {
  return /^["'“‘(]?\p{Lu}/u.test(s) && /[^.][.!?]["'”’)]?$/u.test(s) && !/(?:\.\.\.|…)/u.test(s);
}

const QUOTE_MIN_WORDS = 5;
const QUOTE_MAX_WORDS = 28;
const QUOTE_MAX_CHARS = 180;
const FEELING_RE =
  /\b(?:i|i'm|i've|me|my)\b.*\b(?:feel|felt|love|loved|glad|happy|grateful|proud|tired|sad|calm|hard|miss|hope|laughed|enjoyed|realised|realized|learned|think|thought|wish|afraid|scared|angry|better|worse)\b/iu;

function quoteCandidates(e: ReviewEntryInput): string[] {
  const words = (s: string) => s.split(/\s+/u).filter(Boolean).length;
  return sentencesOf(e.content).filter((s) => {
    const n = words(s);
    return n >= QUOTE_MIN_WORDS && n <= QUOTE_MAX_WORDS && s.length <= QUOTE_MAX_CHARS;
  });
}

/** The person's sentence that says most about them: feeling words in the first person, then length near 14 words. */
function bestSentence(candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const s of candidates) {
    const n = s.split(/\s+/u).length;
    const score = (FEELING_RE.test(s) ? 10 : 0) - Math.abs(14 - n) * 0.2;
    if (score > bestScore && detectRiskLanguage(s).severity === "none") {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Three short quotes in the person's own words, each a whole sentence from a different entry: from the
 * best day, from the hardest day, then from the entries spread over the period.
 */
export function pickQuotes(entries: readonly ReviewEntryInput[], prefer: readonly string[], n = 3): Quote[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const order: ReviewEntryInput[] = [];
  const seen = new Set<string>();
  const add = (e: ReviewEntryInput | undefined) => {
    if (e && !seen.has(e.id)) {
      seen.add(e.id);
      order.push(e);
    }
  };
  for (const id of prefer) add(byId.get(id));
  // The rest evenly across the period, so a year's quotes are not all from January.
  const rest = entries.filter((e) => !seen.has(e.id));
  const step = Math.max(1, Math.floor(rest.length / (n * 4)));
  for (let i = 0; i < rest.length; i += step) add(rest[i]);
  for (const e of rest) add(e);
  const out: Quote[] = [];
  const texts = new Set<string>();
  for (const e of order) {
    if (out.length >= n) break;
    const s = bestSentence(quoteCandidates(e));
    if (s && !texts.has(s)) {
      texts.add(s);
      out.push({ text: s, entry_id: e.id, date: e.day });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

// ---------------------------------------------------------------- the evidence

export interface EvidenceInput {
  bounds: PeriodBounds;
  entries: readonly ReviewEntryInput[];
  previous: readonly PreviousEntryInput[];
  checkIns: readonly CheckInPoint[];
}

const MIN_ACTIVITY_DAYS: Record<ReviewPeriod, number> = { week: 2, month: 3, year: 5 };

/** Everything a review says, counted from the period's entries and check-ins (review entries left out). */
export function buildEvidence(input: EvidenceInput): ReviewEvidence {
  const { bounds } = input;
  const entries = input.entries.filter((e) => !e.tags.includes(REVIEW_TAG));
  const perDay = new Map<DayKey, { stated: number[]; inferred: number[]; entries: ReviewEntryInput[] }>();
  const day = (k: DayKey) => {
    let d = perDay.get(k);
    if (!d) perDay.set(k, (d = { stated: [], inferred: [], entries: [] }));
    return d;
  };
  for (const c of input.checkIns) day(c.day).stated.push(c.mood);
  let words = 0;
  const themes = new Map<string, number>();
  const capitals: CapitalWords[] = [];
  for (const e of entries) {
    const d = day(e.day);
    d.entries.push(e);
    if (e.statedMood === null && e.aiMoodScore !== null) d.inferred.push(e.aiMoodScore);
    words += e.wordCount;
    for (const t of themeSet(e.themes, e.tags)) bump(themes, t);
    capitals.push(capitalWords(e.content));
  }
  const people = countPeople(capitals);
  const before = new Map<string, number>();
  for (const p of input.previous) for (const t of themeSet(p.themes, p.tags)) bump(before, t);
  const peopleBefore = countPeople(
    input.previous.map((p) => capitalWords(p.content)),
    new Set(people.keys()),
  );

  const curve: MoodPoint[] = [];
  let stated_days = 0;
  for (const [date, d] of [...perDay].sort((a, b) => a[0].localeCompare(b[0]))) {
    const p = pixelDay(date, d.stated, d.inferred);
    if (p.mood === null) continue;
    curve.push({ date, mood: p.mood, source: p.source! });
    if (p.source === "stated") stated_days++;
  }
  const average_mood = curve.length ? round1(curve.reduce((a, p) => a + p.mood, 0) / curve.length) : null;

  // Best and hardest: among days with an entry to link to.
  const linkable = curve.filter((p) => perDay.get(p.date)!.entries.length > 0);
  const link = (p: MoodPoint, want: "high" | "low"): DayLink => {
    const es = perDay.get(p.date)!.entries;
    const moodOf = (e: ReviewEntryInput) => e.statedMood ?? e.aiMoodScore ?? p.mood;
    const pick = es.reduce((a, b) => ((want === "high" ? moodOf(b) > moodOf(a) : moodOf(b) < moodOf(a)) ? b : a));
    return { date: p.date, mood: p.mood, entry_id: pick.id, entry_title: pick.title.trim() || "Untitled" };
  };
  let best: DayLink | null = null;
  let hardest: DayLink | null = null;
  if (linkable.length) {
    const hi = linkable.reduce((a, b) => (b.mood > a.mood ? b : a));
    const lo = linkable.reduce((a, b) => (b.mood < a.mood ? b : a));
    best = link(hi, "high");
    if (linkable.length > 1 && lo.mood < hi.mood) hardest = link(lo, "low");
  }

  const themeList = top(themes).map(([name, count]) => ({ name, count, before: before.get(name) ?? 0 }));
  const faded = top(before, 3)
    .filter(([name, n]) => n >= 2 && !themes.has(name))
    .map(([name]) => name);
  const peopleList = top(people)
    .filter(([, n]) => n >= (entries.length > 3 ? 2 : 1))
    .map(([name, count]) => ({ name, count, before: peopleBefore.get(name) ?? 0 }));

  const corr = correlations(input.checkIns, MIN_ACTIVITY_DAYS[bounds.period]);
  const good_activities = corr.activities
    .filter((a) => a.days >= corr.min_days && a.difference >= 0.3)
    .slice(0, 3)
    .map((a) => togetherSentence(a));

  const quotes = pickQuotes(
    entries,
    [best?.entry_id, hardest?.entry_id].filter((x): x is string => !!x),
  );
  const numbers: ReviewNumbers = {
    entries: entries.length,
    words,
    days_written: [...perDay.values()].filter((d) => d.entries.length > 0).length,
    checkins: input.checkIns.length,
  };
  const evidence: ReviewEvidence = {
    bounds,
    numbers,
    curve,
    average_mood,
    stated_days,
    best,
    hardest,
    themes: themeList,
    faded,
    people: peopleList,
    good_activities,
    quotes,
    questions: [],
  };
  evidence.questions = nextQuestions(evidence);
  return evidence;
}

/** Three questions for the next period, from what the evidence found. */
export function nextQuestions(ev: ReviewEvidence): string[] {
  const next = `next ${NOUN[ev.bounds.period]}`;
  const out: string[] = [];
  const rising = ev.themes.find((t) => t.count > t.before && t.count >= 2);
  if (rising)
    out.push(`${cap(rising.name)} came up more often than before: what would you like to notice about it ${next}?`);
  if (ev.hardest)
    out.push(
      `What helped you on ${weekdayDate(ev.hardest.date)}, and what would you want close by on a day like that?`,
    );
  if (ev.best)
    out.push(`What made ${weekdayDate(ev.best.date)} a good day, and how could you make room for more of it?`);
  if (ev.good_activities.length)
    out.push(`Which of the things that went with your better days will you plan for ${next}?`);
  const fallback = [
    `What do you want more of ${next}?`,
    `What would you like to let go of before the ${next} starts?`,
    `Who would you like to spend time with ${next}?`,
  ];
  for (const f of fallback) if (out.length < 3) out.push(f);
  return out.slice(0, 3);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function changeWords(c: CountChange, prevNoun: string): string {
  if (c.before === 0) return `new since the ${prevNoun} before`;
  if (c.count > c.before) return `up from ${c.before}`;
  if (c.count < c.before) return `down from ${c.before}`;
  return `as often as the ${prevNoun} before`;
}

/** How the mood moved: the first and last thirds of the curve compared. */
function moodMovement(curve: readonly MoodPoint[]): string | null {
  if (curve.length < 3) return null;
  const third = Math.max(1, Math.floor(curve.length / 3));
  const avg = (xs: readonly MoodPoint[]) => round1(xs.reduce((a, p) => a + p.mood, 0) / xs.length);
  const a = avg(curve.slice(0, third));
  const b = avg(curve.slice(-third));
  if (Math.abs(b - a) < 0.5) return `It stayed about the same from start to end (${a} to ${b}).`;
  return `It ${b > a ? "rose" : "fell"} from about ${a} at the start to ${b} at the end.`;
}

/** The line that labels a review written from counted evidence, without a model. */
export const BASIC_READING_NOTE = "*A basic reading, counted from your entries and check-ins: no AI model wrote it.*";

/** The review body without a model: the evidence in plain language, in the editor's markers. */
export function offlineReviewBody(ev: ReviewEvidence): string {
  const noun = NOUN[ev.bounds.period];
  const n = ev.numbers;
  const parts: string[] = [BASIC_READING_NOTE];
  parts.push(
    `You wrote ${plural(n.entries, "entry", "entries")} on ${plural(n.days_written, "day")} this ${noun} ` +
      `(${plural(n.words, "word")})${n.checkins ? ` and checked in ${plural(n.checkins, "time")}` : ""}.`,
  );
  if (n.entries === 0 && n.checkins === 0) {
    parts.push(`There is nothing written for this ${noun} yet, and that is all right.`);
  }

  const mood: string[] = ["**Mood**"];
  if (ev.average_mood === null) mood.push(`No mood was recorded this ${noun}.`);
  else {
    const inferred = ev.curve.length - ev.stated_days;
    const source =
      ev.stated_days && inferred
        ? `${plural(ev.stated_days, "day")} from your check-ins, ${plural(inferred, "day")} read from your writing`
        : ev.stated_days
          ? "from your check-ins"
          : "read from your writing";
    mood.push(
      `Your mood averaged ${ev.average_mood} out of 10 over ${plural(ev.curve.length, "day")} with a mood (${source}).`,
    );
    const moved = moodMovement(ev.curve);
    if (moved) mood.push(moved);
  }
  parts.push(mood.join("\n"));

  if (ev.best || ev.hardest) {
    const days: string[] = ["**Days that stood out**"];
    if (ev.best)
      days.push(`${BULLET_PREFIX}Best day: ${weekdayDate(ev.best.date)}, ${ev.best.mood} (“${ev.best.entry_title}”)`);
    if (ev.hardest)
      days.push(
        `${BULLET_PREFIX}Hardest day: ${weekdayDate(ev.hardest.date)}, ${ev.hardest.mood} (“${ev.hardest.entry_title}”)`,
      );
    parts.push(days.join("\n"));
  }

  if (ev.themes.length || ev.faded.length) {
    const t: string[] = ["**What came up most**"];
    for (const c of ev.themes)
      t.push(`${BULLET_PREFIX}${cap(c.name)}: ${plural(c.count, "entry", "entries")}, ${changeWords(c, noun)}`);
    if (ev.faded.length) t.push(`Less present than the ${noun} before: ${ev.faded.join(", ")}.`);
    parts.push(t.join("\n"));
  }

  if (ev.people.length) {
    const p: string[] = ["**People you wrote about**"];
    for (const c of ev.people)
      p.push(`${BULLET_PREFIX}${c.name}: ${plural(c.count, "entry", "entries")}, ${changeWords(c, noun)}`);
    parts.push(p.join("\n"));
  }

  if (ev.good_activities.length) {
    parts.push(
      ["**What went with your better days**", ...ev.good_activities.map((s) => `${BULLET_PREFIX}${s}`)].join("\n"),
    );
  }

  if (ev.quotes.length) {
    parts.push(
      ["**In your own words**", ...ev.quotes.map((q) => `${BULLET_PREFIX}*“${q.text}”* (${weekdayDate(q.date)})`)].join(
        "\n",
      ),
    );
  }

  parts.push(
    ["**Questions for the next " + noun + "**", ...ev.questions.map((q) => `${BULLET_PREFIX}${q}`)].join("\n"),
  );
  return parts.join("\n\n");
}

// ---------------------------------------------------------------- model citations

/** A model's citations kept only when they name an entry of the period; the rest are dropped. */
export function keepPeriodCitations(ids: readonly string[], allowed: ReadonlySet<string>): string[] {
  return [...new Set(ids.map((s) => s.trim()))].filter((id) => allowed.has(id));
}
