/**
 * Reviews of a week, a month or a year (pure): the evidence counted from the period's entries and check-ins
 * (mood curve, best and hardest days, themes and people and what changed, the activities of good days, three
 * quotes in the person's own words, questions for the next period) and the model's citations kept to the
 * period. The period's bounds are ./review-periods.ts, the reading of sentences, quotes and people
 * ./review-words.ts, and the body written without a model ./review-basic-reading.ts.
 */
import { correlations, pixelDay, togetherSentence, type CheckInPoint } from "./checkins";
import type { DayKey } from "./dates";
import { nextQuestions } from "./review-basic-reading";
import { REVIEW_TAG, type DayLink, type PeriodBounds, type ReviewNumbers, type ReviewPeriod } from "./review-periods";
import { capitalWords, countPeople, pickQuotes, type CapitalWords } from "./review-words";

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

// ---------------------------------------------------------------- model citations

/** A model's citations kept only when they name an entry of the period; the rest are dropped. */
export function keepPeriodCitations(ids: readonly string[], allowed: ReadonlySet<string>): string[] {
  return [...new Set(ids.map((s) => s.trim()))].filter((id) => allowed.has(id));
}
