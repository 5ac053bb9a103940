"use client";
import { call } from "@/client/routes";
import { readPreferences } from "@/client/storage";
import type { EntryDto } from "@/contracts/entries";
import {
  filterOffline,
  newestFirst,
  OFFLINE_READ_LIMIT,
  OFFLINE_THUMB_BUDGET_BYTES,
  type OfflineFilter,
} from "@/domain/outbox";
import { clearReadingCopy, deviceDb, deviceDbExists, readingGeneration } from "./store";

/**
 * The reading copy: the most recent entries (about 200) and their thumbnails, kept on the device so
 * that they can be read and searched offline. Kept only when the journal has neither a passcode nor
 * encryption: then the device keeps nothing but what it must (entries waiting to be sent).
 */

/** Refreshed at most this often while nothing changed. */
const REFRESH_EVERY_MS = 5 * 60_000;

export async function readingAllowed(): Promise<boolean> {
  if (!readPreferences().offlineReading) return false; // turned off on this device in Settings
  const s = await call("GET /auth/status");
  return !s.locked_by_passcode && !s.journal_encrypted;
}

/** What the reading copy holds now, for Settings. */
export async function readingCopySize(): Promise<{ entries: number; thumbnails: number; bytes: number }> {
  if (!(await deviceDbExists())) return { entries: 0, thumbnails: 0, bytes: 0 }; // looking must not make the database
  const db = await deviceDb();
  const [entries, thumbs] = await Promise.all([db.getAll("reading"), db.getAll("thumbs")]);
  const bytes = entries.reduce((n, e) => n + JSON.stringify(e).length, 0) + thumbs.reduce((n, t) => n + t.blob.size, 0);
  return { entries: entries.length, thumbnails: thumbs.length, bytes };
}

let refreshing: Promise<void> | null = null;

/** Brings the reading copy up to date with the server (or removes it when the journal is locked or encrypted). */
export function refreshReadingCopy(force = false): Promise<void> {
  // A forced refresh (the copy was just turned on) runs with what holds now: one already under way may
  // have begun while the copy was off, and would only empty it.
  if (force && refreshing) return refreshing.then(() => refreshReadingCopy(true));
  refreshing ??= (async () => {
    const gen = readingGeneration();
    const stale = () => gen !== readingGeneration();
    try {
      const allowed = await readingAllowed();
      if (stale()) return;
      if (!allowed) {
        await clearReadingCopy();
        return;
      }
      const db = await deviceDb();
      const last = (await db.get("meta", "reading-refreshed-at")) as number | undefined;
      if (!force && last && Date.now() - last < REFRESH_EVERY_MS) return;
      const page = await call("GET /entries", { query: { limit: OFFLINE_READ_LIMIT, offset: 0 } });
      const keep = newestFirst(page.entries);
      if (stale()) return;
      const thumbs = await fetchThumbnails(keep, new Set(await db.getAllKeys("thumbs")));
      if (stale()) return;
      const tx = db.transaction(["reading", "thumbs", "meta"], "readwrite");
      const ids = new Set(keep.map((e) => e.id));
      const mediaIds = new Set(keep.flatMap((e) => e.media_files.map((m) => m.id)));
      const work: Promise<unknown>[] = [];
      for (const key of await tx.objectStore("reading").getAllKeys())
        if (!ids.has(key)) work.push(tx.objectStore("reading").delete(key));
      for (const key of await tx.objectStore("thumbs").getAllKeys())
        if (!mediaIds.has(key)) work.push(tx.objectStore("thumbs").delete(key));
      for (const e of keep) work.push(tx.objectStore("reading").put(e));
      for (const t of thumbs) work.push(tx.objectStore("thumbs").put(t));
      work.push(tx.objectStore("meta").put(Date.now(), "reading-refreshed-at"));
      await Promise.all([...work, tx.done]);
    } catch (err) {
      console.info("Reverie: the reading copy was not refreshed", err);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Image thumbnails of the kept entries not yet on the device, newest entries first, within the budget. */
async function fetchThumbnails(entries: EntryDto[], have: Set<string>): Promise<{ media_id: string; blob: Blob }[]> {
  const out: { media_id: string; blob: Blob }[] = [];
  let bytes = 0;
  for (const e of entries) {
    for (const m of e.media_files) {
      if (m.file_type !== "image" || !m.thumbnail_url || have.has(m.id)) continue;
      try {
        const res = await fetch(m.thumbnail_url, { credentials: "same-origin" });
        if (!res.ok) continue;
        const blob = await res.blob();
        if (bytes + blob.size > OFFLINE_THUMB_BUDGET_BYTES) return out;
        bytes += blob.size;
        out.push({ media_id: m.id, blob });
      } catch {
        return out; // offline again: keep what arrived
      }
    }
  }
  return out;
}

/** Kept entries matching a search and filters, newest first. */
export async function readOffline(filter: OfflineFilter = {}): Promise<EntryDto[]> {
  const db = await deviceDb();
  return filterOffline(await db.getAll("reading"), filter);
}

export async function readOfflineEntry(id: string): Promise<EntryDto | undefined> {
  return (await deviceDb()).get("reading", id);
}

/** A kept thumbnail, as an object URL the caller revokes. */
export async function thumbnailUrl(mediaId: string): Promise<string | null> {
  const t = await (await deviceDb()).get("thumbs", mediaId);
  return t ? URL.createObjectURL(t.blob) : null;
}
