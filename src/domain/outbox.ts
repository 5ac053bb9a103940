/**
 * Writing offline: the rules of the device's outbox, without any I/O.
 *
 * When the server cannot be reached, the editor's save becomes a queue of operations kept on the
 * device (IndexedDB): an entry's save (create or edit), a media upload, a media removal, a delete.
 * They are sent in order when the server is back. Every create carries an id made on the device, and
 * every upload a media id made on the device, so a retry after a lost answer never makes a second
 * entry or attaches a file twice. An edit carries the version it started from; when the server's copy
 * changed meanwhile, the server's version stays and the device's is saved as a flagged copy.
 *
 * An operation that was sent and got no answer may be on the server already: it is never changed
 * afterwards (`sent`), so that sending it again is an exact replay. A later save of the entry waits
 * behind it as an operation of its own, and once the entry's create has been answered every later
 * save of it goes as an edit from the version the server answered, never as a second create.
 */
import type { EntryDto } from "@/contracts/entries";
import { effectiveMood } from "./effective-mood";
import type { SavePayload } from "./editor";
import { matchesMoodFilter } from "./mood";
import { matchesSearch } from "./search";
import { wordCount } from "./text";
import { isUnreachable } from "./outbox-text";
import { isMediaTooLarge, mediaTooLargeMessage } from "./media";

export {
  conflictCopyTitle,
  isUnreachable,
  lockEntriesWarning,
  offlineText,
  waitingLabel,
  waitingNote,
} from "./outbox-text";

/** The fields an entry's save sends (the editor's save payload, spec section 3); a place left out is kept. */
export type SavePayloadFields = Omit<SavePayload, "location_name" | "location_lat" | "location_lng"> &
  Partial<Pick<SavePayload, "location_name" | "location_lat" | "location_lng">>;

interface OpBase {
  /** Order of arrival, given by the store. */
  seq?: number;
  entry_id: string;
  queued_at: string;
  /**
   * Sent to the server with no answer seen yet (set just before each send, cleared by an answer that
   * says it was not applied): it may be on the server, so it is never folded into or cancelled.
   */
  sent?: boolean;
  /**
   * The server refused it for good (or would: a file over the limit), with the words the person sees.
   * It is not sent again on its own: a refused save waits until the person saves the entry again (its
   * other operations wait behind it), a refused file until the person removes it (the rest of the entry
   * goes meanwhile).
   */
  refused?: string;
}

export interface SaveOp extends OpBase {
  kind: "save";
  /**
   * True while the entry has never reached the server: sent as a create with the device's id. Once a
   * create of the entry is answered, every later save of it is turned into an edit.
   */
  create: boolean;
  payload: SavePayloadFields;
  /** Set on a conflict copy: the entry this copy was made from. */
  conflict_of?: string | null;
}

export interface UploadOp extends OpBase {
  kind: "upload";
  /** The media id made on the device; the file itself is kept beside the queue under this id. */
  media_id: string;
  filename: string;
  type: string;
  size: number;
}

export interface RemoveMediaOp extends OpBase {
  kind: "remove-media";
  media_id: string;
}

export interface DeleteOp extends OpBase {
  kind: "delete";
}

/**
 * A check-in made, changed or deleted on this device. Its `entry_id` is the check-in's own id (made on
 * the device, so a create sent again is a replay, never a second check-in); the entry it belongs to,
 * if any, is in `body.entry_id`.
 */
export interface CheckInOp extends OpBase {
  kind: "checkin";
  action: "create" | "update" | "delete";
  /** The create's or the change's fields (none for a delete). */
  body?: CheckInOpBody;
}

export interface CheckInOpBody {
  mood?: number;
  activities?: string[];
  note?: string | null;
  at?: string;
  entry_id?: string | null;
}

export type OutboxOp = SaveOp | UploadOp | RemoveMediaOp | DeleteOp | CheckInOp;

/**
 * Adds an operation to the queue, folding it into what is already waiting where that keeps the
 * same result with fewer requests. An operation that may already be on the server (`sent`, or
 * `sending`: the seq of the operation on its way in this tab) is never changed or removed, since its
 * answer may already be written: what follows it is queued after it. Returns the new queue and the
 * media ids whose kept files are no longer needed.
 */
export function enqueue(
  queue: readonly OutboxOp[],
  op: OutboxOp,
  sending: number | null = null,
): { queue: OutboxOp[]; droppedMedia: string[] } {
  const gone = (o: OutboxOp) => o.sent === true || (sending !== null && o.seq === sending);
  const mine = (o: OutboxOp) => o.entry_id === op.entry_id && !gone(o);
  const droppedMedia: string[] = [];

  if (op.kind === "save") {
    const waiting = queue.find((o): o is SaveOp => mine(o) && o.kind === "save");
    // A later save of the same entry replaces the waiting one's fields, unless other operations of
    // this entry were queued after it (their order matters: keep both).
    const after = waiting ? queue.filter((o) => o.entry_id === op.entry_id && (o.seq ?? 0) > (waiting.seq ?? 0)) : [];
    if (waiting && after.length === 0) {
      return {
        queue: queue.map((o) =>
          o === waiting
            ? {
                ...waiting,
                payload: op.payload,
                queued_at: op.queued_at,
                conflict_of: op.conflict_of ?? waiting.conflict_of,
              }
            : o,
        ),
        droppedMedia,
      };
    }
    return { queue: [...queue, op], droppedMedia };
  }

  if (op.kind === "checkin") {
    const waiting = queue.find((o): o is CheckInOp => mine(o) && o.kind === "checkin");
    if (waiting && op.action === "update" && waiting.action !== "delete") {
      // A change of a check-in still waiting: one request with both (a create stays a create).
      return {
        queue: queue.map((o) =>
          o === waiting ? { ...waiting, body: { ...waiting.body, ...op.body }, queued_at: op.queued_at } : o,
        ),
        droppedMedia,
      };
    }
    if (op.action === "delete") {
      const neverSent =
        queue.some((o) => mine(o) && o.kind === "checkin" && o.action === "create") &&
        !queue.some((o) => o.entry_id === op.entry_id && gone(o));
      const rest = queue.filter((o) => !mine(o));
      // A check-in that never reached the server is simply forgotten; otherwise the delete is sent.
      return { queue: neverSent ? rest : [...rest, op], droppedMedia };
    }
    return { queue: [...queue, op], droppedMedia };
  }

  if (op.kind === "remove-media") {
    const upload = queue.find((o): o is UploadOp => mine(o) && o.kind === "upload" && o.media_id === op.media_id);
    if (upload) {
      // The file never reached the server: nothing to remove there.
      droppedMedia.push(upload.media_id);
      return { queue: queue.filter((o) => o !== upload), droppedMedia };
    }
    return { queue: [...queue, op], droppedMedia };
  }

  if (op.kind === "delete") {
    const waiting = queue.filter(mine);
    const maybeThere = queue.some((o) => o.entry_id === op.entry_id && gone(o));
    const neverSent = waiting.some((o) => o.kind === "save" && o.create) && !maybeThere;
    for (const o of waiting) if (o.kind === "upload") droppedMedia.push(o.media_id);
    const rest = queue.filter((o) => !mine(o));
    // An entry that never reached the server is simply forgotten; otherwise the delete is sent.
    return { queue: neverSent ? rest : [...rest, op], droppedMedia };
  }

  return { queue: [...queue, op], droppedMedia };
}

/** The next operation to send: refused ones wait for the person, and so does everything after a refused save of its entry. */
export function nextToSend(queue: readonly OutboxOp[]): OutboxOp | undefined {
  const blocked = new Set<string>();
  for (const o of queue) {
    if (o.refused) {
      if (o.kind === "save") blocked.add(o.entry_id);
      continue;
    }
    if (!blocked.has(o.entry_id)) return o;
  }
  return undefined;
}

/** What the person is told about an entry whose operations wait: the first refusal among them, or null. */
export function problemOf(queue: readonly OutboxOp[], entryId: string): string | null {
  return queue.find((o) => o.entry_id === entryId && o.refused)?.refused ?? null;
}

/** How the queue goes on after an answer (or no answer) to one operation. */
export type Outcome =
  /** Done: the next operation can go. */
  | { kind: "done" }
  /** The server could not be reached or could not answer now: stop and try again later. */
  | { kind: "retry"; reason: string }
  /** The edit met a newer version on the server (409), or the entry is gone there (404): save a copy. */
  | { kind: "conflict" }
  /**
   * The server refused this operation for good (a 4xx such as a too-long text or a file over the
   * limit): sending it again can never succeed, so it waits, kept on the device with the message, until
   * the person changes the entry.
   */
  | { kind: "refused"; message: string }
  /** Nothing left to do for this entry (it was deleted elsewhere): its other operations go too. */
  | { kind: "gone" };

/**
 * Answers after which a queued operation waits and is sent again: the server cannot answer now
 * (`isUnreachable`), or the journal is locked (401/403: it is sent after the person unlocks), or the
 * server asks to wait for the connection's early data (425).
 */
export function queueWaits(status: number | undefined): boolean {
  return isUnreachable(status) || status === 401 || status === 403 || status === 425;
}

/** What one answer means for the operation that was sent. */
export function outcomeOf(op: OutboxOp, status: number | undefined, code?: string, message?: string): Outcome {
  if (status !== undefined && status >= 200 && status < 300) return { kind: "done" };
  if (queueWaits(status))
    return { kind: "retry", reason: message || (status ? `HTTP ${status}` : "The server could not be reached.") };
  switch (op.kind) {
    case "save":
      if (!op.create && (status === 409 || status === 404)) return { kind: "conflict" };
      if (op.create && (status === 410 || code === "ENTRY_DELETED")) return { kind: "gone" };
      // The id holds an entry with other words (changed elsewhere since this create landed): both are kept.
      if (op.create && status === 409 && code === "CONFLICT") return { kind: "conflict" };
      return { kind: "refused", message: message || `HTTP ${status}` };
    case "delete":
      // Already gone: the person's wish is met.
      return status === 404 || status === 410
        ? { kind: "done" }
        : { kind: "refused", message: message || `HTTP ${status}` };
    case "remove-media":
      return status === 404 ? { kind: "done" } : { kind: "refused", message: message || `HTTP ${status}` };
    case "checkin":
      // Deleted (here or elsewhere: a tombstone answers 410 to a late create or change, and a delete
      // sent again meets 404): nothing left to do for it, and it never comes back.
      if (status === 410 || code === "CHECKIN_DELETED") return { kind: "gone" };
      if (op.action !== "create" && status === 404) return { kind: "gone" };
      // The id holds the check-in with other values: this create landed (its answer was lost) and it
      // was changed elsewhere since. Changes queued behind it still go.
      if (op.action === "create" && status === 409 && code === "CONFLICT") return { kind: "done" };
      return { kind: "refused", message: message || `HTTP ${status}` };
    case "upload":
      if (status === 404 || status === 410) return { kind: "gone" };
      // Too large can never change by sending again: the person hears the limit (spec's words).
      if (status === 413) return { kind: "refused", message: mediaTooLargeMessage(op.filename) };
      return { kind: "refused", message: message || `HTTP ${status}` };
  }
}

/**
 * An answer known before sending: a file over the upload limit is refused by the server whatever
 * happens (and a body that large may not even get its 413 back), so it is not sent at all.
 */
export function refusedBeforeSending(op: OutboxOp): Outcome | null {
  if (op.kind === "upload" && isMediaTooLarge(op.size))
    return { kind: "refused", message: mediaTooLargeMessage(op.filename) };
  return null;
}

/** Waiting time before the next try: 2 s, 4 s, 8 s ... up to 5 minutes, with up to 20 % jitter. */
export function backoffMs(attempt: number, random: number = Math.random()): number {
  const base = Math.min(300_000, 2_000 * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(base * (1 + 0.2 * Math.min(1, Math.max(0, random))));
}

/**
 * After a conflict, the waiting operations of the entry move to its copy: the copy's own save comes
 * first (made by the caller), then the uploads and later saves of the device's version. Media removals
 * and deletes belonged to the server's version and are dropped.
 */
export function retarget(queue: readonly OutboxOp[], fromId: string, toId: string): OutboxOp[] {
  const out: OutboxOp[] = [];
  for (const o of queue) {
    if (o.entry_id !== fromId) {
      out.push(o);
      continue;
    }
    if (o.kind === "remove-media" || o.kind === "delete") continue;
    if (o.kind === "save") out.push({ ...o, entry_id: toId, create: false, conflict_of: undefined });
    else out.push({ ...o, entry_id: toId });
  }
  return out;
}

/** The device's copy of an entry while it has operations waiting. */
export interface DeviceEntry {
  id: string;
  /** The entry as the person last saved it on this device (media of the server plus files kept here). */
  entry: EntryDto;
  /** Files chosen on this device, kept beside the queue until they are uploaded. */
  pending_media: { id: string; filename: string; type: string; size: number }[];
  /** The server's `updated_at` this device's version descends from (null while never on the server). */
  base_updated_at: string | null;
  on_server: boolean;
  /** A delete is waiting: hidden from every list. */
  deleted: boolean;
  /** Why the server refused an operation, for the person to see. */
  problem: string | null;
  saved_on_device_at: string;
}

/** The device's version of an entry after a save of these fields. */
export function applySave(
  base: EntryDto | null,
  id: string,
  p: SavePayloadFields,
  now: string,
  conflictOf: string | null = null,
): EntryDto {
  return {
    id,
    title: p.title,
    content: p.content,
    mood: p.mood,
    ai_mood_score: p.ai_mood_score,
    ai_summary: p.ai_summary,
    ai_themes: p.ai_themes,
    ai_model: p.ai_model ?? null,
    ai_questions: p.ai_questions ?? null,
    location_name: p.location_name === undefined ? (base?.location_name ?? null) : p.location_name,
    location_lat: p.location_lat === undefined ? (base?.location_lat ?? null) : p.location_lat,
    location_lng: p.location_lng === undefined ? (base?.location_lng ?? null) : p.location_lng,
    created_at: p.created_at,
    updated_at: now,
    word_count: wordCount(p.content),
    tags: p.tags.map((name) => ({ name })),
    media_files: base?.media_files ?? [],
    conflict_of: conflictOf ?? base?.conflict_of ?? null,
  };
}

// ------------------------------------------------------------------ reading offline

/** How many recent entries are kept on the device for reading offline. */
export const OFFLINE_READ_LIMIT = 200;
/** Thumbnails kept for reading offline: at most this many bytes in all. */
export const OFFLINE_THUMB_BUDGET_BYTES = 25 * 1024 * 1024;

export interface OfflineFilter {
  search?: string;
  mood?: "positive" | "neutral" | "negative";
  tags?: readonly string[];
  hasMedia?: boolean;
  from?: number;
  to?: number;
}

/** The Timeline's list query as a filter over the entries kept on the device. */
export function offlineFilterOf(p: {
  search?: string;
  date_from?: string;
  date_to?: string;
  mood?: "positive" | "neutral" | "negative";
  tags?: string[];
  has_media?: boolean;
}): OfflineFilter {
  const from = p.date_from ? Date.parse(p.date_from) : NaN;
  const to = p.date_to ? Date.parse(p.date_to) : NaN;
  return {
    ...(p.search ? { search: p.search } : {}),
    ...(p.mood ? { mood: p.mood } : {}),
    ...(p.tags?.length ? { tags: p.tags } : {}),
    ...(p.has_media !== undefined ? { hasMedia: p.has_media } : {}),
    ...(Number.isFinite(from) ? { from } : {}),
    ...(Number.isFinite(to) ? { to } : {}),
  };
}

/** Entries kept on the device that match a search and filters, newest first (the server's order). */
export function filterOffline(entries: readonly EntryDto[], f: OfflineFilter): EntryDto[] {
  const q = f.search?.trim() ?? "";
  return entries
    .filter((e) => {
      if (
        q &&
        !matchesSearch(
          { title: e.title, content: e.content, tags: e.tags.map((t) => t.name), ai_summary: e.ai_summary },
          q,
        )
      )
        return false;
      if (f.mood && !matchesMoodFilter(effectiveMood(e.stated_mood, e.ai_mood_score), f.mood)) return false;
      if (f.tags?.length && !f.tags.every((t) => e.tags.some((x) => x.name === t))) return false;
      if (f.hasMedia !== undefined && f.hasMedia !== e.media_files.length > 0) return false;
      const at = Date.parse(e.created_at);
      if (f.from !== undefined && at < f.from) return false;
      if (f.to !== undefined && at > f.to) return false;
      return true;
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1));
}

/** The newest `limit` entries of a list, for the device's reading copy. */
export function newestFirst(entries: readonly EntryDto[], limit = OFFLINE_READ_LIMIT): EntryDto[] {
  return [...entries]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1))
    .slice(0, limit);
}
