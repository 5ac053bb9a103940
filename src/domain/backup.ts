/**
 * Rules of the automatic snapshots, without I/O: which snapshots the rotation keeps, when the next
 * one is due, and the names they are stored under. Time is always passed in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every snapshot is kept this long; then one a day, then one a month. */
export const KEEP_ALL_DAYS = 2;
export const KEEP_DAILY_DAYS = 30;
export const KEEP_MONTHLY_DAYS = 365;

/** A snapshot is taken at most this long after the last acknowledged write (the default). */
export const DEFAULT_SNAPSHOT_DELAY_MS = 60_000;
/** Writes that keep coming do not put the snapshot off: after this quiet time it is taken earlier. */
export const QUIET_MS = 10_000;
/** A snapshot a day even when nothing was written. */
export const DAILY_MS = DAY_MS;

export interface Dated {
  id: string;
  /** ISO instant. */
  created_at: string;
}

/**
 * The ids to keep: every snapshot of the last 2 days, the newest of each UTC day for 30 days, the
 * newest of each UTC month for a year, and always the newest of all. The rest may be deleted.
 */
export function snapshotsToKeep(snapshots: readonly Dated[], now: Date): Set<string> {
  const sorted = [...snapshots].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const keep = new Set<string>();
  if (sorted[0]) keep.add(sorted[0].id);
  const days = new Set<string>();
  const months = new Set<string>();
  for (const s of sorted) {
    const t = Date.parse(s.created_at);
    if (!Number.isFinite(t)) continue;
    const age = now.getTime() - t;
    const iso = new Date(t).toISOString();
    const day = iso.slice(0, 10);
    const month = iso.slice(0, 7);
    if (age <= KEEP_ALL_DAYS * DAY_MS) keep.add(s.id);
    if (age <= KEEP_DAILY_DAYS * DAY_MS && !days.has(day)) {
      days.add(day);
      keep.add(s.id);
    }
    if (age <= KEEP_MONTHLY_DAYS * DAY_MS && !months.has(month)) {
      months.add(month);
      keep.add(s.id);
    }
  }
  return keep;
}

/**
 * When the next automatic snapshot is due after writes: QUIET_MS after the last write, but never later
 * than `maxDelayMs` after the first write not yet in a snapshot. Null when nothing is waiting.
 */
export function snapshotDueAt(
  firstUnsavedWrite: number | null,
  lastWrite: number | null,
  maxDelayMs: number,
): number | null {
  if (firstUnsavedWrite === null || lastWrite === null) return null;
  return Math.min(lastWrite + Math.min(QUIET_MS, maxDelayMs), firstUnsavedWrite + maxDelayMs);
}

/** A snapshot's id from its time: sortable, safe as a file name, e.g. 20261124T021500123Z. */
export function snapshotId(at: Date): string {
  return at.toISOString().replace(/[-:.]/gu, "");
}

const ID_RE = /^\d{8}T\d{9}Z(-\d+)?$/u;
export const isSnapshotId = (id: string): boolean => ID_RE.test(id);

/** The instant a snapshot id stands for. */
export function snapshotTime(id: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/u.exec(id);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7]));
  return Number.isNaN(d.getTime()) ? null : d;
}
