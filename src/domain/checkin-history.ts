/**
 * The list of past check-ins: grouped by the person's local day, newest first, and the device's
 * waiting changes laid over the server's list (a change or delete made offline shows at once).
 */
import { localDayKey } from "./dates";

export interface HistoryCheckIn {
  id: string;
  mood: number;
  activities: string[];
  note: string;
  at: string;
  entry_id: string | null;
}

export interface CheckInDay<T extends HistoryCheckIn = HistoryCheckIn> {
  /** "YYYY-MM-DD", the local day in the person's zone. */
  day: string;
  checkins: T[];
  /** The average mood of the day's check-ins (1..10). */
  average: number;
}

/** Newest first by time, then by id (the server's order). */
export function newestCheckInFirst(a: HistoryCheckIn, b: HistoryCheckIn): number {
  return Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Check-ins grouped by local day: days newest first, and each day's check-ins newest first. */
export function groupCheckInsByDay<T extends HistoryCheckIn>(list: readonly T[], tz: string): CheckInDay<T>[] {
  const days = new Map<string, T[]>();
  for (const c of [...list].sort(newestCheckInFirst)) {
    const key = localDayKey(c.at, tz);
    const day = days.get(key);
    if (day) day.push(c);
    else days.set(key, [c]);
  }
  return [...days].map(([day, checkins]) => ({
    day,
    checkins,
    average: checkins.reduce((s, c) => s + c.mood, 0) / checkins.length,
  }));
}

/** A change waiting on the device for one check-in: its fields, or its delete. */
export type PendingCheckInChange =
  | { id: string; action: "create" | "update"; body: Partial<Omit<HistoryCheckIn, "id">> }
  | { id: string; action: "delete" };

/**
 * The list as the person should see it: the server's check-ins with the device's waiting changes
 * applied in order (a delete hides it, a change shows its new fields, a create not yet sent is
 * added when it has a mood and a time).
 */
export function withPendingChanges<T extends HistoryCheckIn>(
  list: readonly T[],
  pending: readonly PendingCheckInChange[],
  made: (id: string, body: Partial<Omit<HistoryCheckIn, "id">>) => T | null,
): T[] {
  const byId = new Map(list.map((c) => [c.id, c] as const));
  for (const p of pending) {
    const current = byId.get(p.id);
    if (p.action === "delete") byId.delete(p.id);
    else if (current) byId.set(p.id, { ...current, ...definedFields(p.body) });
    else if (p.action === "create") {
      const c = made(p.id, p.body);
      if (c) byId.set(p.id, c);
    }
  }
  return [...byId.values()].sort(newestCheckInFirst);
}

function definedFields(body: Partial<Omit<HistoryCheckIn, "id">>): Partial<HistoryCheckIn> {
  const out: Partial<HistoryCheckIn> = {};
  if (body.mood !== undefined) out.mood = body.mood;
  if (body.activities !== undefined) out.activities = body.activities;
  if (body.note !== undefined) out.note = body.note ?? "";
  if (body.at !== undefined) out.at = body.at;
  if (body.entry_id !== undefined) out.entry_id = body.entry_id;
  return out;
}
