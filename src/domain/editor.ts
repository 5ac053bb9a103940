/**
 * Rules of the journal editor (spec sections 4 and 5) without I/O: when analysis runs, the batch
 * analysis rule, when the support modal may open, the save payload, dates and drafts.
 */
import { isDayKey } from "./dates";
import { ANALYSIS_MIN_CHARS } from "./constants";
import { CRISIS_SEVERITIES, shouldOfferSupport, type CrisisAssessment, type CrisisSeverity } from "./crisis/levels";
import { normalizeTags } from "./tags";
import { parseTemplateGuide, type TemplateGuide } from "./templates";

/** Analysis runs when the trimmed content is longer than 50 characters. */
export function shouldAnalyze(content: string): boolean {
  return content.trim().length > ANALYSIS_MIN_CHARS;
}

// ------------------------------------------------------------------ batch analysis

export type BatchKind = "text" | "image" | "audio";
export type BatchTask = BatchKind | "skip";

export interface BatchItem<F> {
  id: string;
  /** What the item claims to be (video and anything else are skipped). */
  kind: BatchKind | "video" | (string & {});
  data: string | F;
}

/**
 * The batch rule: text only when the data is a string; image or audio only when the data is a file;
 * anything else is skipped.
 */
export function batchTask<F>(item: BatchItem<F>, isFile: (v: unknown) => v is F): BatchTask {
  if (item.kind === "text") return typeof item.data === "string" ? "text" : "skip";
  if (item.kind === "image" || item.kind === "audio") {
    const kind: BatchKind = item.kind === "image" ? "image" : "audio";
    return typeof item.data !== "string" && isFile(item.data) ? kind : "skip";
  }
  return "skip";
}

export type BatchOutcome<R> =
  | { id: string; status: "done"; task: BatchKind; result: R }
  | { id: string; status: "failed"; task: BatchKind; error: unknown }
  | { id: string; status: "skipped" };

/**
 * Runs every analysable item; one item's failure is reported (and passed to `onError`, which logs it)
 * and never stops the others. Results come back in the order of the items.
 */
export async function runBatch<F, R>(
  items: readonly BatchItem<F>[],
  isFile: (v: unknown) => v is F,
  run: (task: BatchKind, item: BatchItem<F>) => Promise<R>,
  onError?: (item: BatchItem<F>, error: unknown) => void,
): Promise<BatchOutcome<R>[]> {
  return Promise.all(
    items.map(async (item): Promise<BatchOutcome<R>> => {
      const task = batchTask(item, isFile);
      if (task === "skip") return { id: item.id, status: "skipped" };
      try {
        return { id: item.id, status: "done", task, result: await run(task, item) };
      } catch (error) {
        onError?.(item, error);
        return { id: item.id, status: "failed", task, error };
      }
    }),
  );
}

// ------------------------------------------------------------------ support modal

/**
 * Support is offered by the spec's crisis rule, at most once per editing session unless the
 * severity rises above the one already offered for. `offered` is the severity last offered for.
 */
export function supportDecision(
  crisis: Partial<CrisisAssessment> | null | undefined,
  moodScore: number | null | undefined,
  offered: CrisisSeverity | null,
): boolean {
  if (!shouldOfferSupport(crisis, moodScore)) return false;
  if (offered === null) return true;
  const severity =
    crisis?.severity && CRISIS_SEVERITIES.includes(crisis.severity)
      ? crisis.severity
      : crisis?.crisis_detected
        ? "high"
        : "none";
  return CRISIS_SEVERITIES.indexOf(severity) > CRISIS_SEVERITIES.indexOf(offered);
}

/** The severity a support offer counts for (a detected crisis without a severity counts as high). */
export function offeredSeverity(crisis: Partial<CrisisAssessment>): CrisisSeverity {
  if (crisis.severity && CRISIS_SEVERITIES.includes(crisis.severity)) return crisis.severity;
  return crisis.crisis_detected ? "high" : "none";
}

// ------------------------------------------------------------------ text

/** Appends text (a transcription) after a blank line; nothing is added for blank text. */
export function appendParagraph(content: string, addition: string): string {
  const add = addition.trim();
  if (!add) return content;
  const base = content.replace(/\s+$/u, "");
  return base ? `${base}\n\n${add}` : add;
}

/**
 * Words dictated into the entry: the first phrase of a dictation starts a paragraph of its own (as a transcribed
 * recording does); the phrases after it continue that paragraph, one space apart.
 */
export function appendDictated(content: string, phrase: string, continuing: boolean): string {
  const add = phrase.trim().replace(/\s+/gu, " ");
  if (!add) return content;
  if (!continuing) return appendParagraph(content, add);
  const base = content.replace(/[ \t]+$/u, "");
  return base ? `${base}${/\s$/u.test(base) ? "" : " "}${add}` : add;
}

// ------------------------------------------------------------------ dates

/** Today's local calendar day as YYYY-MM-DD (the date input's value). */
export function localDateInputValue(d: Date): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, "0");
  const day = String(d.getDate()).padStart(2, "0");
  return `${y}-${m}-${day}`;
}

/**
 * The entry's instant for a chosen local day: that day at the time of `timeOf` (now for a new entry,
 * the original time when editing), so entries keep their order within a day. Invalid input gives `timeOf`.
 */
export function instantForDay(day: string, timeOf: Date): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(day);
  if (!m) return timeOf;
  const d = new Date(timeOf.getTime());
  d.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? timeOf : d;
}

// ------------------------------------------------------------------ form state

export interface EditorFields {
  title: string;
  content: string;
  tags: string[];
  /** YYYY-MM-DD */
  date: string;
  locationName: string;
  lat: number | null;
  lng: number | null;
}

/** The day a new entry was asked for in the address bar (`?date=YYYY-MM-DD`): a real day, not after today. */
export function askedEntryDay(params: { get(name: string): string | null }, today: string): string | null {
  const day = params.get("date");
  return day && isDayKey(day) && day <= today ? day : null;
}

export function emptyFields(today: string): EditorFields {
  return { title: "", content: "", tags: [], date: today, locationName: "", lat: null, lng: null };
}

/** Whether two sets of fields differ in anything the person would lose. */
export function fieldsDiffer(a: EditorFields, b: EditorFields): boolean {
  return (
    a.title !== b.title ||
    a.content !== b.content ||
    a.date !== b.date ||
    a.locationName.trim() !== b.locationName.trim() ||
    a.lat !== b.lat ||
    a.lng !== b.lng ||
    a.tags.length !== b.tags.length ||
    a.tags.some((t, i) => t !== b.tags[i])
  );
}

/** A stored draft of a new entry (localStorage), with the template it started from (its prompts are guides). */
export interface EditorDraft extends EditorFields {
  version: 1;
  saved_at: string;
  guide?: TemplateGuide | null;
}

/** Reads a stored draft defensively: anything malformed yields null, and fields are coerced. */
export function parseDraft(raw: unknown): EditorDraft | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  if (o.version !== 1) return null;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const draft: EditorDraft = {
    version: 1,
    saved_at: str(o.saved_at),
    title: str(o.title),
    content: str(o.content),
    tags: Array.isArray(o.tags) ? normalizeTags(o.tags.filter((t): t is string => typeof t === "string")) : [],
    date: /^\d{4}-\d{2}-\d{2}$/u.test(str(o.date)) ? str(o.date) : "",
    locationName: str(o.locationName),
    lat: num(o.lat),
    lng: num(o.lng),
  };
  const guide = parseTemplateGuide(o.guide);
  if (guide) draft.guide = guide;
  return draftHasContent(draft) ? draft : null;
}

export function draftHasContent(f: EditorFields): boolean {
  return !!(f.title.trim() || f.content.trim() || f.tags.length || f.locationName.trim() || f.lat !== null);
}

// ------------------------------------------------------------------ save payload

export interface AnalysisFields {
  mood_score: number;
  primary_emotion: string;
  themes: string[];
  summary: string;
  /** The model that produced it (the AI answer's `model`; "local/offline" is the built-in analyzer). */
  model?: string | null;
  /** The reflection questions offered with it (kept with the entry, to be answered on the entry page too). */
  follow_up_questions?: string[];
}

export interface SavePayload {
  title: string;
  content: string;
  mood: string | null;
  tags: string[];
  created_at: string;
  ai_summary: string | null;
  ai_mood_score: number | null;
  ai_themes: string | null;
  /** What produced the reading; left out by saves queued before it was kept (not known). */
  ai_model?: string | null;
  /** The reflection questions offered with the reading (JSON-encoded); left out by saves queued before they were kept. */
  ai_questions?: string | null;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
}

type ReadingFields = "mood" | "ai_summary" | "ai_mood_score" | "ai_themes" | "ai_model" | "ai_questions";

/**
 * An analysis as the entry stores it: mood is the primary emotion; ai_themes is the JSON-encoded list;
 * ai_model says what produced it.
 */
export function buildAnalysisFields(a: AnalysisFields): Required<Pick<SavePayload, ReadingFields>> {
  return {
    mood: a.primary_emotion || null,
    ai_summary: a.summary || null,
    ai_mood_score: a.mood_score,
    ai_themes: JSON.stringify(a.themes),
    ai_model: a.model ?? null,
    ai_questions: a.follow_up_questions?.length ? JSON.stringify(a.follow_up_questions) : null,
  };
}

/**
 * The save payload (spec section 3): mood is the primary emotion; ai_themes is the JSON-encoded list.
 * Without a fresh analysis the `previous` analysis fields (of the entry being edited) are kept.
 */
export function buildSavePayload(
  fields: EditorFields,
  createdAt: Date,
  analysis: AnalysisFields | null,
  previous?: {
    mood: string | null;
    ai_mood_score: number | null;
    ai_summary: string | null;
    ai_themes: string | null;
    ai_model?: string | null;
    ai_questions?: string | null;
  },
): SavePayload {
  const name = fields.locationName.trim();
  const ai = analysis
    ? buildAnalysisFields(analysis)
    : {
        mood: previous?.mood ?? null,
        ai_summary: previous?.ai_summary ?? null,
        ai_mood_score: previous?.ai_mood_score ?? null,
        ai_themes: previous?.ai_themes ?? null,
        ai_model: previous?.ai_model ?? null,
        ai_questions: previous?.ai_questions ?? null,
      };
  return {
    title: fields.title.trim(),
    content: fields.content,
    mood: ai.mood,
    tags: normalizeTags(fields.tags),
    created_at: createdAt.toISOString(),
    ai_summary: ai.ai_summary,
    ai_mood_score: ai.ai_mood_score,
    ai_themes: ai.ai_themes,
    ai_model: ai.ai_model,
    ai_questions: ai.ai_questions,
    location_name: name || null,
    location_lat: fields.lat,
    location_lng: fields.lng,
  };
}

/**
 * The save payload that keeps a stored entry as it is, with `content` as its text (an answer to a reflection
 * question added on the entry page). The place is left out, so the stored one stays.
 */
export function savePayloadOf(
  e: {
    title: string;
    mood: string | null;
    tags: { name: string }[];
    created_at: string;
    ai_summary: string | null;
    ai_mood_score: number | null;
    ai_themes: string | null;
    ai_model?: string | null;
    ai_questions?: string | null;
  },
  content: string,
): Omit<SavePayload, "location_name" | "location_lat" | "location_lng"> {
  return {
    title: e.title,
    content,
    mood: e.mood,
    tags: normalizeTags(e.tags.map((t) => t.name)),
    created_at: e.created_at,
    ai_summary: e.ai_summary,
    ai_mood_score: e.ai_mood_score,
    ai_themes: e.ai_themes,
    ai_model: e.ai_model ?? null,
    ai_questions: e.ai_questions ?? null,
  };
}

/** Themes stored as a JSON-encoded list, read back; anything else yields []. */
export function parseThemes(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

// ------------------------------------------------------------------ action bar

/** Below this many pixels, a gap under the visual viewport is browser chrome, not an on-screen keyboard. */
export const KEYBOARD_MIN_PX = 40;

/**
 * How far above the bottom of the layout viewport the editor's Cancel/Save bar sits: right above the
 * on-screen keyboard when one covers the page (visualViewport is shorter than the window), otherwise
 * right above the tab bar (0 where there is none).
 */
export function actionBarOffset(v: {
  innerHeight: number;
  viewportHeight: number | null;
  viewportOffsetTop: number;
  tabBarHeight: number;
}): number {
  const keyboard =
    v.viewportHeight === null ? 0 : Math.max(0, Math.round(v.innerHeight - v.viewportHeight - v.viewportOffsetTop));
  return keyboard > KEYBOARD_MIN_PX ? keyboard : Math.max(0, Math.round(v.tabBarHeight));
}
