/**
 * Timeline rules (spec sections 2, 3 and 5): the view model of an entry card, the client's filters,
 * how they travel in the address bar and to the list API, and the calendar grid.
 */
import type { EntryDto } from "@/contracts/entries";
import { effectiveMood } from "./effective-mood";
import { storedReadingSource, type ReadingKind } from "./models";
import { CARD_MEDIA_LIMIT, CARD_TAG_LIMIT } from "./constants";
import {
  addDaysToKey,
  dateRangeBounds,
  DATE_RANGE_PRESETS,
  isDayKey,
  type DateRangePreset,
  type DayKey,
} from "./dates";
import { clockTime, dayKeyFull, dayKeyShort, monthYearLabel, relativeDate } from "./date-format";
import { MOOD_BANDS, moodStyle, type MoodBand, type MoodStyle } from "./mood";
import { stripMarkers } from "./richtext-parse";
import { normalizeQuery } from "./search";
import { normalizeTags } from "./tags";
import { preview, wordCount } from "./text";

// ---------------------------------------------------------------------------------------------------
// View model

export interface TimelineMedia {
  id: string;
  type: "image" | "video" | "audio";
  filename: string;
  url: string;
  thumbnail_url: string | null;
}

/** The Timeline view model of spec section 3, derived from an entry as the server returns it. */
export interface TimelineEntry {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  mood: string | null;
  mood_score: number | null;
  location: { name: string; lat: number | null; lng: number | null } | null;
  tags: string[];
  media: TimelineMedia[];
  ai_summary: string | null;
  word_count: number;
  /** Whether mood_score is the mood the person stated (a check-in) rather than a reading of their words. */
  mood_stated?: boolean;
  /** What produced the stored reading (mood suggestion, summary): null when there is none or it is not known. */
  reading?: { kind: ReadingKind; label: string } | null;
  /** Set on a copy saved from a device when the same entry was changed in two places. */
  conflict_of?: string | null;
}

export function toTimelineEntry(e: EntryDto): TimelineEntry {
  return {
    id: e.id,
    title: e.title,
    content: e.content,
    created_at: e.created_at,
    updated_at: e.updated_at,
    mood: e.mood,
    mood_score: effectiveMood(e.stated_mood, e.ai_mood_score),
    mood_stated: typeof e.stated_mood === "number",
    reading: e.ai_mood_score !== null || e.ai_summary?.trim() ? storedReadingSource(e.ai_model) : null,
    location: e.location_name ? { name: e.location_name, lat: e.location_lat, lng: e.location_lng } : null,
    tags: e.tags.map((t) => t.name),
    media: e.media_files.map((m) => ({
      id: m.id,
      type: m.file_type,
      filename: m.filename,
      url: m.url,
      thumbnail_url: m.thumbnail_url,
    })),
    ai_summary: e.ai_summary,
    conflict_of: e.conflict_of ?? null,
    word_count: wordCount(e.content),
  };
}

/** The first `limit` items and how many more there are (the card's "+n"). */
export function withOverflow<T>(items: readonly T[], limit: number): { visible: T[]; more: number } {
  return { visible: items.slice(0, Math.max(0, limit)), more: Math.max(0, items.length - Math.max(0, limit)) };
}

export const overflowLabel = (more: number) => `+${more}`;

const countFormat = new Intl.NumberFormat("en-US");

export function wordCountLabel(n: number): string {
  return n === 1 ? "1 word" : `${countFormat.format(n)} words`;
}

/** "1 entry found" or "{n} entries found". */
export function resultCountText(total: number): string {
  return total === 1 ? "1 entry found" : `${countFormat.format(total)} entries found`;
}

/** What an entry card shows, in the order of spec section 2. */
export interface EntryCardView {
  id: string;
  href: string;
  editHref: string;
  title: string;
  relativeDate: string;
  mood: MoodStyle;
  moodScore: number | null;
  /** The mood chip's accessible name and tooltip: the mood, and whose it is ("you said", "basic reading…"). */
  moodLabel: string;
  moodTitle: string;
  words: string;
  preview: string;
  summary: string | null;
  media: { visible: TimelineMedia[]; more: number };
  location: string | null;
  tags: { visible: string[]; more: number };
}

export function entryCardView(entry: TimelineEntry, now: Date, tz: string, locale: string): EntryCardView {
  return {
    id: entry.id,
    href: `/entry/${encodeURIComponent(entry.id)}`,
    editHref: `/journal/edit/${encodeURIComponent(entry.id)}`,
    title: entry.title.trim(),
    relativeDate: relativeDate(entry.created_at, now, tz, locale),
    mood: moodStyle(entry.mood_score),
    moodScore: entry.mood_score,
    ...moodChipText(entry),
    words: wordCountLabel(entry.word_count),
    // The preview shows the text as read, without the editor's **bold** and *italic* markers.
    preview: preview(stripMarkers(entry.content).trim()),
    summary: entry.ai_summary?.trim() || null,
    media: withOverflow(entry.media, CARD_MEDIA_LIMIT),
    location: entry.location?.name.trim() || null,
    tags: withOverflow(entry.tags, CARD_TAG_LIMIT),
  };
}

/**
 * Whose the mood on a card is, in a few quiet words: "you said" for a check-in, else what produced the
 * reading ("basic reading, no AI model", "read by Gemini, a cloud model", "read by gemma3n:e4b on your
 * Ollama server"); nothing when it is not known.
 */
export function moodSourceNote(entry: Pick<TimelineEntry, "mood_score" | "mood_stated" | "reading">): string | null {
  if (entry.mood_score === null) return null;
  if (entry.mood_stated) return "you said";
  const r = entry.reading;
  if (!r) return null;
  if (r.kind === "offline") return "basic reading, no AI model";
  return r.label.replace(/^Read by /u, "read by ").replace(/: the text was sent to .*$/u, "");
}

function moodChipText(entry: TimelineEntry): { moodLabel: string; moodTitle: string } {
  const mood = moodStyle(entry.mood_score);
  const note = moodSourceNote(entry);
  if (entry.mood_score === null) return { moodLabel: mood.label, moodTitle: mood.label };
  const tail = note ? `, ${note}` : "";
  return {
    moodLabel: `Mood: ${mood.label} (${entry.mood_score} out of 10${tail})`,
    moodTitle: `${mood.label} · ${entry.mood_score}/10${note ? ` (${note})` : ""}`,
  };
}

/**
 * The one quiet line above a list of entries when any of them has a basic reading (the built-in offline
 * analyzer, no AI model): null when none has.
 */
export function basicReadingNote(entries: ReadonlyArray<Pick<TimelineEntry, "reading">>): string | null {
  const basic = entries.filter((e) => e.reading?.kind === "offline").length;
  if (basic === 0) return null;
  const read = entries.filter((e) => e.reading).length;
  return basic === read
    ? "Moods and summaries here are a basic reading, no AI model"
    : "Some moods and summaries here are a basic reading, no AI model";
}

// ---------------------------------------------------------------------------------------------------
// Filters

export type MoodChoice = MoodBand | "all";

/** The client's Timeline filters (spec section 3). Unset custom dates are empty strings. */
export interface TimelineFilters {
  dateRange: DateRangePreset;
  customDateStart: string;
  customDateEnd: string;
  mood: MoodChoice;
  tags: string[];
  hasMedia: boolean | undefined;
}

export const DEFAULT_FILTERS: TimelineFilters = Object.freeze({
  dateRange: "all",
  customDateStart: "",
  customDateEnd: "",
  mood: "all",
  tags: [] as string[],
  hasMedia: undefined,
}) as TimelineFilters;

export type TimelineView = "list" | "calendar";
export const DEFAULT_VIEW: TimelineView = "calendar";

/** Everything the Timeline shows that a bookmark should bring back. */
export interface TimelineState {
  view: TimelineView;
  search: string;
  filters: TimelineFilters;
  /** The calendar's month "YYYY-MM"; null means the current month. */
  month: string | null;
  /** The calendar day whose entries are listed under the calendar; null when none is open. */
  day: DayKey | null;
}

/** Whether the custom range is complete (both ends set); only then does it filter. */
export function customRangeComplete(f: Pick<TimelineFilters, "customDateStart" | "customDateEnd">): boolean {
  return isDayKey(f.customDateStart) && isDayKey(f.customDateEnd);
}

/** Number of filters that narrow the list (the badge on the Filters button). */
export function activeFilterCount(f: TimelineFilters): number {
  let n = 0;
  if (f.dateRange !== "all" && (f.dateRange !== "custom" || customRangeComplete(f))) n++;
  if (f.mood !== "all") n++;
  if (f.tags.length) n++;
  if (f.hasMedia !== undefined) n++;
  return n;
}

export function hasActiveQuery(search: string, f: TimelineFilters): boolean {
  return normalizeQuery(search) !== "" || activeFilterCount(f) > 0;
}

/** Query parameters of GET /api/entries for the client's search and filters. */
export interface EntryQueryParams {
  search?: string;
  date_from?: string;
  date_to?: string;
  mood?: MoodBand;
  tags?: string[];
  has_media?: boolean;
}

/**
 * The list API's query for a search and filters. Date ranges become ISO instants computed in the
 * person's zone by `dateRangeBounds`, so the server and the client agree on where a day starts.
 */
export function filtersToQuery(search: string, f: TimelineFilters, now: Date, tz: string): EntryQueryParams {
  const out: EntryQueryParams = {};
  const q = normalizeQuery(search);
  if (q) out.search = q;
  const bounds = dateRangeBounds(f.dateRange, now, tz, f.customDateStart, f.customDateEnd);
  if (bounds?.from) out.date_from = bounds.from.toISOString();
  if (bounds?.to) out.date_to = bounds.to.toISOString();
  if (f.mood !== "all") out.mood = f.mood;
  if (f.tags.length) out.tags = [...f.tags];
  if (f.hasMedia !== undefined) out.has_media = f.hasMedia;
  return out;
}

/** Filters that show exactly one local day: what a click on a calendar day opens. */
export function dayFilters(day: DayKey): TimelineFilters {
  return { ...DEFAULT_FILTERS, tags: [], dateRange: "custom", customDateStart: day, customDateEnd: day };
}

// ---------------------------------------------------------------------------------------------------
// Address bar: a filtered view can be bookmarked and the back button walks through changes.

/** Address-bar parameter names. */
export const URL_KEYS = {
  view: "view",
  search: "q",
  range: "range",
  start: "from",
  end: "to",
  mood: "mood",
  tag: "tag",
  media: "media",
  month: "month",
  day: "day",
} as const;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/u;
export const isMonthKey = (s: string | null | undefined): s is string => !!s && MONTH_RE.test(s);

interface ParamsLike {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** Reads the Timeline state from the address bar; unknown or malformed values fall back to defaults. */
export function parseTimelineParams(sp: ParamsLike): TimelineState {
  const view = sp.get(URL_KEYS.view);
  const range = sp.get(URL_KEYS.range) as DateRangePreset | null;
  const mood = sp.get(URL_KEYS.mood) as MoodBand | null;
  const media = sp.get(URL_KEYS.media);
  const start = sp.get(URL_KEYS.start) ?? "";
  const end = sp.get(URL_KEYS.end) ?? "";
  const month = sp.get(URL_KEYS.month);
  const day = sp.get(URL_KEYS.day);
  const dateRange = range && DATE_RANGE_PRESETS.includes(range) ? range : "all";
  return {
    view: view === "list" || view === "calendar" ? view : DEFAULT_VIEW,
    search: normalizeQuery(sp.get(URL_KEYS.search)),
    filters: {
      dateRange,
      customDateStart: dateRange === "custom" && isDayKey(start) ? start : "",
      customDateEnd: dateRange === "custom" && isDayKey(end) ? end : "",
      mood: mood && MOOD_BANDS.includes(mood) ? mood : "all",
      tags: normalizeTags(sp.getAll(URL_KEYS.tag)),
      hasMedia: media === "with" ? true : media === "without" ? false : undefined,
    },
    month: isMonthKey(month) ? month : null,
    day: isDayKey(day ?? "") ? day : null,
  };
}

/** The address-bar query for a Timeline state (defaults left out, stable order), without "?". */
export function timelineSearchParams(s: TimelineState): string {
  const sp = new URLSearchParams();
  if (s.view !== DEFAULT_VIEW) sp.set(URL_KEYS.view, s.view);
  const q = normalizeQuery(s.search);
  if (q) sp.set(URL_KEYS.search, q);
  const f = s.filters;
  if (f.dateRange !== "all") sp.set(URL_KEYS.range, f.dateRange);
  if (f.dateRange === "custom") {
    if (f.customDateStart) sp.set(URL_KEYS.start, f.customDateStart);
    if (f.customDateEnd) sp.set(URL_KEYS.end, f.customDateEnd);
  }
  if (f.mood !== "all") sp.set(URL_KEYS.mood, f.mood);
  for (const t of f.tags) sp.append(URL_KEYS.tag, t);
  if (f.hasMedia !== undefined) sp.set(URL_KEYS.media, f.hasMedia ? "with" : "without");
  if (s.month) sp.set(URL_KEYS.month, s.month);
  if (s.day) sp.set(URL_KEYS.day, s.day);
  return sp.toString();
}

// ---------------------------------------------------------------------------------------------------
// Calendar

function monthParts(month: string): [number, number] {
  const m = MONTH_RE.exec(month);
  if (!m) throw new RangeError(`Invalid month: ${month}`);
  return [Number(m[1]), Number(m[2])];
}

/** The month "YYYY-MM" `delta` months away. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = monthParts(month);
  const index = y * 12 + (m - 1) + delta;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((((index % 12) + 12) % 12) + 1).padStart(2, "0")}`;
}

export const monthOfDay = (day: DayKey): string => day.slice(0, 7);

/** "November 2026" in the locale's words. */
export function monthLabel(month: string, locale: string): string {
  monthParts(month);
  return monthYearLabel(month, locale);
}

/** "Saturday, 21 November 2026" (en-GB), "Saturday, November 21, 2026" (en-US) for a day key. */
export function dayLabel(day: DayKey, locale: string): string {
  return dayKeyFull(day, locale);
}

/** "21 Nov 2026" (en-GB), "Nov 21, 2026" (en-US) for a day key. */
export function shortDayLabel(day: DayKey, locale: string): string {
  return dayKeyShort(day, locale);
}

export interface CalendarCell {
  date: DayKey;
  day: number;
  inMonth: boolean;
}

/**
 * The weeks covering a month, each starting on `firstDay` (0 Sunday ... 6 Saturday, see firstDayOfWeek in
 * domain/dates), padded with the neighbouring months' days (4 to 6 rows).
 */
export function calendarWeeks(month: string, firstDay = 0): CalendarCell[][] {
  const [y, m] = monthParts(month);
  const first = `${month}-01`;
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() - firstDay + 7) % 7;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const rows = Math.ceil((lead + daysInMonth) / 7);
  const weeks: CalendarCell[][] = [];
  let cursor = addDaysToKey(first, -lead);
  for (let r = 0; r < rows; r++) {
    const week: CalendarCell[] = [];
    for (let c = 0; c < 7; c++) {
      week.push({ date: cursor, day: Number(cursor.slice(8, 10)), inMonth: monthOfDay(cursor) === month });
      cursor = addDaysToKey(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** One entry of a calendar day as the calendar reads it: when, its title and text, its first photo. */
export interface CalendarDayRow {
  created_at: string;
  title: string;
  content: string;
  /** The id of the entry's first photo that has a thumbnail, if any. */
  photo_id: string | null;
}

/** Longest cell title kept (the cell truncates further to one line). */
export const CELL_TITLE_LENGTH = 60;

/**
 * What a calendar cell shows of its day: the title of the day's first entry (its opening words when it
 * has no title) and the first photo of the day, both in the order the entries were written.
 */
export function calendarDayCover(rows: readonly CalendarDayRow[]): { title: string | null; photo_id: string | null } {
  const ordered = [...rows].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const first = ordered[0];
  let title: string | null = null;
  if (first) {
    const own = first.title.replace(/\s+/gu, " ").trim();
    const opening = stripMarkers(first.content).replace(/\s+/gu, " ").trim();
    title = preview(own || opening, CELL_TITLE_LENGTH) || null;
  }
  return { title, photo_id: ordered.find((r) => r.photo_id)?.photo_id ?? null };
}

/** What the panel under the calendar shows of one of the day's entries. */
export interface DayEntryView {
  id: string;
  href: string;
  title: string;
  time: string;
  mood: MoodStyle;
  preview: string;
}

/** Shorter than the card's preview: one line under the calendar. */
export const DAY_PREVIEW_LENGTH = 140;

export function dayEntryView(entry: TimelineEntry, tz: string, locale: string): DayEntryView {
  const text = stripMarkers(entry.content).replace(/\s+/gu, " ").trim();
  return {
    id: entry.id,
    href: `/entry/${encodeURIComponent(entry.id)}`,
    title: entry.title.trim() || "Untitled entry",
    time: clockTime(entry.created_at, tz, locale),
    mood: moodStyle(entry.mood_score),
    preview: preview(text, DAY_PREVIEW_LENGTH),
  };
}

/** "1 entry" or "{n} entries". */
export const entryCountText = (n: number) => (n === 1 ? "1 entry" : `${countFormat.format(n)} entries`);

// ---------------------------------------------------------------------------------------------------
// Texts

/** Spec section 5: the tips mention quotes, #tag and mood:positive, while only plain matching applies. */
export const SEARCH_TIPS =
  "Search looks for your exact text in titles, entries, tags and AI summaries, ignoring letter case. Quotes, #tag and mood:positive are matched as plain text too: use Filters to narrow by tag or mood.";

export const DATE_RANGE_LABELS: Record<DateRangePreset, string> = {
  all: "All time",
  today: "Today",
  week: "Past week",
  month: "Past month",
  year: "Past year",
  custom: "Custom",
};

export const MOOD_FILTER_LABELS: Record<MoodChoice, { label: string; hint: string }> = {
  all: { label: "All moods", hint: "" },
  positive: { label: "Positive", hint: "7 or higher" },
  neutral: { label: "Neutral", hint: "4 to below 7" },
  negative: { label: "Negative", hint: "below 4" },
};
