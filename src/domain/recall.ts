import { addDaysToKey, localDayKey, MONTH_NAMES, startOfLocalDay } from "./dates";
import { searchTerms } from "./chat";

/**
 * Reading a question about the journal: the time it is about ("last March", "this spring", "two weeks
 * ago"), the order wanted ("when did I last…", "when was I happiest"), the mood it asks about, and the
 * tags and check-in activities it names. What is left are the words the entries are searched by. Pure:
 * "now" and the person's time zone come in as arguments.
 */

export type RecallOrder = "relevance" | "latest" | "earliest" | "happiest" | "saddest";
export type RecallPeriod = "day" | "week" | "month";

export interface RecallRange {
  /** Inclusive start, as a UTC instant. */
  start: Date;
  /** Exclusive end, as a UTC instant. */
  end: Date;
  /** The words that named it, for the answer ("last March"). */
  label: string;
}

export interface RecallPlan {
  /** The meaningful words left once time, mood and filter words are read. */
  terms: string[];
  range: RecallRange | null;
  order: RecallOrder;
  /** "worst week", "best month": the entries of the period with the lowest (highest) mean mood. */
  period: RecallPeriod | null;
  /** The mood the question is about ("when I felt low"): entries with that mood come first. */
  mood: "positive" | "negative" | null;
  /** Tags named with # or "tagged": only entries with every one of them. */
  tags: string[];
  /** Known tags named as plain words: entries with them come first. */
  tagHints: string[];
  /** Check-in activities named in the question: entries whose check-ins have them come first. */
  activities: string[];
}

export interface RecallContext {
  now: Date;
  timeZone: string;
  /** The journal's tag names (lower case), to recognise them in the question. */
  knownTags?: readonly string[];
  /** The person's check-in activity names. */
  knownActivities?: readonly string[];
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  few: 3,
  several: 4,
};

const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());
const MONTH_ALIASES: Record<string, number> = Object.fromEntries([
  ...MONTHS.map((m, i) => [m, i] as const),
  ...MONTHS.map((m, i) => [m.slice(0, 3), i] as const).filter(([a]) => a !== "may" && a !== "mar"),
  ["sept", 8],
]);

type Season = "spring" | "summer" | "autumn" | "winter";
/** Northern-hemisphere meteorological seasons: the first month (0-based) of each; winter starts in December. */
const SEASON_START: Record<Season, number> = { spring: 2, summer: 5, autumn: 8, winter: 11 };

const POSITIVE_SUPERLATIVE =
  /\b(happiest|best|greatest|brightest|most (?:joyful|content|grateful|peaceful|excited|alive|energi[sz]ed|happy|relaxed)|high(?:est)? point|peak)\b/u;
const NEGATIVE_SUPERLATIVE =
  /\b(saddest|worst|lowest|hardest|toughest|darkest|loneliest|most (?:anxious|stressed|sad|lonely|down|depressed|overwhelmed|angry|upset|tired)|low point|rock bottom)\b/u;
const POSITIVE_MOOD =
  /\b(happy|happier|glad|joy(?:ful)?|good mood|great|content|grateful|proud|excited|calm|peaceful|relaxed|cheerful|hopeful|elated)\b/u;
const NEGATIVE_MOOD =
  /\b(sad|sadder|down|low|lonely|anxious|anxiety|stressed|stress|depressed|upset|angry|awful|terrible|miserable|worried|overwhelmed|flat|hopeless|bad mood|blue|restless|exhausted)\b/u;

/** Words of a question that say nothing about which entries it means. */
const QUESTION_WORDS = new Set(
  (
    "did was were have has had ever last first time times write wrote written writing journal journaled entry entries " +
    "mention mentioned talk talked remember recall find show tell about anything something feel felt feeling like " +
    "most least happiest saddest best worst lowest hardest toughest darkest loneliest week weeks month months day days " +
    "year years ago recently lately spring summer autumn fall winter season tagged tag often many much"
  ).split(" "),
);

function monthStart(year: number, month: number, tz: string): Date {
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return startOfLocalDay(`${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-01`, tz);
}

function monthRange(year: number, month: number, months: number, tz: string, label: string): RecallRange {
  return { start: monthStart(year, month, tz), end: monthStart(year, month + months, tz), label };
}

function parseKey(key: string): { y: number; m: number; d: number } {
  const [y, m, d] = key.split("-").map(Number);
  return { y, m: m - 1, d };
}

/** Monday of the week a local day is in. */
function mondayOf(key: string): string {
  const { y, m, d } = parseKey(key);
  const dow = (new Date(Date.UTC(y, m, d)).getUTCDay() + 6) % 7;
  return addDaysToKey(key, -dow);
}

function dayRange(fromKey: string, days: number, tz: string, label: string): RecallRange {
  return { start: startOfLocalDay(fromKey, tz), end: startOfLocalDay(addDaysToKey(fromKey, days), tz), label };
}

function amount(word: string): number | null {
  if (/^\d{1,3}$/u.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

/** The season a month (0-based) falls in, and the year its months begin in. */
function seasonOf(year: number, month: number): { season: Season; startYear: number } {
  if (month === 11) return { season: "winter", startYear: year };
  if (month <= 1) return { season: "winter", startYear: year - 1 };
  if (month <= 4) return { season: "spring", startYear: year };
  if (month <= 7) return { season: "summer", startYear: year };
  return { season: "autumn", startYear: year };
}

interface Found {
  range: RecallRange;
  /** The text matched, removed from the question before its words are read. */
  text: string;
}

function findRange(q: string, ctx: RecallContext): Found | null {
  const tz = ctx.timeZone;
  const todayKey = localDayKey(ctx.now, tz);
  const today = parseKey(todayKey);
  let m: RegExpExecArray | null;

  // "two weeks ago", "3 days ago", "a couple of months ago"
  m =
    /\b(?:about |around )?(a couple of|a few|\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|few|several) (day|week|month|year)s? ago\b/u.exec(
      q,
    );
  if (m) {
    const n = amount(m[1].replace(/^a (?=couple|few)/u, "").replace(/ of$/u, "")) ?? 1;
    const unit = m[2];
    if (unit === "day") return { range: dayRange(addDaysToKey(todayKey, -n), 1, tz, m[0]), text: m[0] };
    if (unit === "week") return { range: dayRange(mondayOf(addDaysToKey(todayKey, -7 * n)), 7, tz, m[0]), text: m[0] };
    if (unit === "month") return { range: monthRange(today.y, today.m - n, 1, tz, m[0]), text: m[0] };
    return { range: monthRange(today.y - n, 0, 12, tz, m[0]), text: m[0] };
  }

  // "in the past two weeks", "over the last 3 months", "the last few days"
  m =
    /\b(?:in |over |during )?(?:the )?(?:past|last) (a couple of|a few|couple of|few|several|\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (day|week|month|year)s\b/u.exec(
      q,
    );
  if (m) {
    const n = amount(m[1].replace(/^a (?=couple|few)/u, "").replace(/ of$/u, "")) ?? 2;
    const days = { day: 1, week: 7, month: 30, year: 365 }[m[2] as "day"] * n;
    return { range: dayRange(addDaysToKey(todayKey, 1 - days), days, tz, m[0].trim()), text: m[0] };
  }

  if ((m = /\byesterday\b/u.exec(q))) return { range: dayRange(addDaysToKey(todayKey, -1), 1, tz, m[0]), text: m[0] };
  if ((m = /\btoday\b/u.exec(q))) return { range: dayRange(todayKey, 1, tz, m[0]), text: m[0] };
  if ((m = /\b(recently|lately|these days)\b/u.exec(q)))
    return { range: dayRange(addDaysToKey(todayKey, -29), 30, tz, m[0]), text: m[0] };

  // "last week", "this month", "last weekend", "last year"
  m = /\b(this|last|previous|past) (week|weekend|month|year)\b/u.exec(q);
  if (m) {
    const back = m[1] === "this" ? 0 : 1;
    const unit = m[2];
    const label = m[0];
    if (unit === "week")
      return { range: dayRange(addDaysToKey(mondayOf(todayKey), -7 * back), 7, tz, label), text: label };
    if (unit === "weekend") {
      // "this weekend": the Saturday and Sunday of this week; "last weekend": those of the week before.
      return { range: dayRange(addDaysToKey(mondayOf(todayKey), back ? -2 : 5), 2, tz, label), text: label };
    }
    if (unit === "month") return { range: monthRange(today.y, today.m - back, 1, tz, label), text: label };
    return { range: monthRange(today.y - back, 0, 12, tz, label), text: label };
  }

  // Months: "last March", "in March", "this May", "March 2025". A bare "may" is a verb unless a year follows.
  const monthNames = Object.keys(MONTH_ALIASES).join("|");
  m = new RegExp(
    `\\b(?:(last|this|in|during|since|back in|early|late|mid)[ -](?:in )?)?(?:(?:the )?(?:beginning|start|end) of )?(${monthNames}|may|mar)\\b(?:,? (\\d{4}))?`,
    "u",
  ).exec(q);
  while (m && (m[2] === "may" || m[2] === "mar") && !m[1] && !m[3]) {
    const re = new RegExp(
      `\\b(?:(last|this|in|during|since|back in|early|late|mid)[ -](?:in )?)?(?:(?:the )?(?:beginning|start|end) of )?(${monthNames}|may|mar)\\b(?:,? (\\d{4}))?`,
      "gu",
    );
    re.lastIndex = m.index + m[0].length;
    m = re.exec(q);
  }
  if (m) {
    const month = m[2] === "may" ? 4 : m[2] === "mar" ? 2 : MONTH_ALIASES[m[2]];
    let year: number;
    if (m[3]) year = Number(m[3]);
    else if (m[1] === "this") year = today.y;
    else if (m[1] === "last") year = month < today.m ? today.y : today.y - 1;
    else year = month <= today.m ? today.y : today.y - 1;
    if (m[1] === "since") return { range: { ...monthRange(year, month, 0, tz, m[0]), end: ctx.now }, text: m[0] };
    return { range: monthRange(year, month, 1, tz, m[0]), text: m[0] };
  }

  // Seasons: "this spring", "last summer", "in the winter", "autumn 2025"
  m =
    /\b(?:(this|last|in|during|over)(?: the)? )?(spring|summer|autumn|fall|winter)(?:time)?\b(?: (?:of )?(\d{4}))?/u.exec(
      q,
    );
  if (m) {
    const season: Season = m[2] === "fall" ? "autumn" : (m[2] as Season);
    const startMonth = SEASON_START[season];
    const current = seasonOf(today.y, today.m);
    let startYear: number;
    if (m[3]) startYear = season === "winter" ? Number(m[3]) - 1 : Number(m[3]);
    else {
      // The most recent such season that has begun (this year's, or last year's when it is still ahead).
      const thisYears = season === "winter" ? (today.m === 11 ? today.y : today.y - 1) : today.y;
      const begun = monthStart(thisYears, startMonth, tz).getTime() <= ctx.now.getTime();
      startYear = begun ? thisYears : thisYears - 1;
      // "last summer" while it is summer means the one before.
      if (m[1] === "last" && current.season === season && current.startYear === startYear) startYear -= 1;
    }
    return { range: monthRange(startYear, startMonth, 3, tz, m[0]), text: m[0] };
  }

  // "in 2025", "during 2024"
  m = /\b(?:in|during|of|from) ((?:19|20)\d{2})\b/u.exec(q);
  if (m) return { range: monthRange(Number(m[1]), 0, 12, tz, m[1]), text: m[0] };

  return null;
}

function findOrder(q: string): { order: RecallOrder; period: RecallPeriod | null } {
  const periodOf = (w: string | undefined): RecallPeriod | null =>
    w === "week" || w === "weekend" ? "week" : w === "month" ? "month" : w === "day" ? "day" : null;
  const pos = POSITIVE_SUPERLATIVE.exec(q);
  const neg = NEGATIVE_SUPERLATIVE.exec(q);
  if (pos || neg) {
    const hit = pos && (!neg || pos.index < neg.index) ? pos : neg!;
    const after = /^\s+(?:\w+\s+)?(day|week|weekend|month)s?\b/u.exec(q.slice(hit.index + hit[0].length));
    // "best" and "worst" of something that is not a time ("the best advice") order nothing.
    const bare = /^(best|worst|greatest)$/u.test(hit[1]);
    if (bare && !after && !/\b(?:was i|were|felt|feel|feeling)\b/u.test(q)) return { order: "relevance", period: null };
    return { order: hit === pos ? "happiest" : "saddest", period: periodOf(after?.[1]) };
  }
  if (/\b(when did i last|last time|most recent(?:ly)?|latest|when was i last|when have i last)\b/u.test(q))
    return { order: "latest", period: null };
  if (/\b(when did i first|first time|earliest|when did i start)\b/u.test(q))
    return { order: "earliest", period: null };
  return { order: "relevance", period: null };
}

/** Reads a question about the journal (see RecallPlan). */
export function parseRecallQuestion(question: string, ctx: RecallContext): RecallPlan {
  const norm = ` ${question.replace(/’/gu, "'").replace(/\s+/gu, " ").trim()} `;
  let q = norm.toLowerCase();
  const found = findRange(q, ctx);
  if (found) {
    // The label as the person wrote it ("last March"), when lower-casing kept the length.
    const i = q.indexOf(found.range.label);
    if (i >= 0 && q.length === norm.length) found.range.label = norm.slice(i, i + found.range.label.length);
    q = q.replace(found.text, " ");
  }
  const { order, period } = findOrder(q);

  const tags: string[] = [];
  for (const m of q.matchAll(/#([\p{L}\p{N}_-]+)|\btagged (?:with |as )?["']?([\p{L}\p{N}_-]+)/gu)) {
    const t = (m[1] ?? m[2]).toLowerCase();
    if (!tags.includes(t)) tags.push(t);
  }
  q = q.replace(/#([\p{L}\p{N}_-]+)|\btagged (?:with |as )?["']?([\p{L}\p{N}_-]+)["']?/gu, " ");

  const words = new Set(q.match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? []);
  const phrase = (name: string) =>
    name.includes(" ") ? q.includes(` ${name.toLowerCase()} `) : words.has(name.toLowerCase());
  const tagHints = (ctx.knownTags ?? []).filter((t) => !tags.includes(t.toLowerCase()) && phrase(t));
  const activities = (ctx.knownActivities ?? []).filter((a) => phrase(a) || phrase(a.replace(/ing$/u, "")));

  const moodText = q.replace(POSITIVE_SUPERLATIVE, " ").replace(NEGATIVE_SUPERLATIVE, " ");
  const positive = POSITIVE_MOOD.test(moodText);
  const negative = NEGATIVE_MOOD.test(moodText);
  const mood = positive === negative ? null : positive ? "positive" : "negative";

  const terms = searchTerms(q).filter((w) => !QUESTION_WORDS.has(w) && !MONTHS.includes(w));
  return { terms, range: found?.range ?? null, order, period, mood, tags, tagHints, activities };
}

/**
 * Whether a message asks about the journal itself ("When did I last feel like this?", "What did I write
 * about Sam in the spring?"), so it is answered from the entries rather than as conversation.
 */
export function isJournalQuestion(message: string): boolean {
  const q = ` ${message.toLowerCase().replace(/’/gu, "'").replace(/\s+/gu, " ").trim()} `;
  if (/\b(in|from|of|through|search|check) my (journal|entries|diary|notes)\b/u.test(q)) return true;
  if (/\b(did i|have i|had i) (ever )?(write|wrote|written|mention|journal|note|say|said)\b/u.test(q)) return true;
  if (/\bwhen (did|was|were|have) i\b/u.test(q)) return true;
  if (/\b(last|first) time i\b/u.test(q)) return true;
  if (/\bhow (often|many times) (did|have|do) i\b/u.test(q)) return true;
  if (/\bwhat (did|was|were) i (do|doing|feel|feeling|write|writing|say|saying|up to|worried|thinking)\b/u.test(q))
    return true;
  if (
    /\b(happiest|saddest|worst|best|lowest|hardest) (day|week|month|weekend|time|moment)s?\b/u.test(q) &&
    /\b(my|i)\b/u.test(q)
  )
    return true;
  if (/\b(remind me|do you remember|what do you know about) (what|when|how|about)\b/u.test(q)) return true;
  return false;
}

/** Whether a message is a direct question (asks for an answer rather than telling). */
export function isDirectQuestion(message: string): boolean {
  const q = message.trim().toLowerCase();
  if (q.endsWith("?")) return true;
  return /^(what|when|where|who|why|how|which|should|could|can|would|will|do|does|did|is|are|am)\b/u.test(q);
}
