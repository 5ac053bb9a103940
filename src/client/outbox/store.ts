"use client";
import { openDB, deleteDB, type DBSchema, type IDBPDatabase } from "idb";
import type { EntryDto } from "@/contracts/entries";
import type { DeviceEntry, OutboxOp } from "@/domain/outbox";

/**
 * What this browser keeps of the journal, in IndexedDB:
 * - `ops`: operations waiting for the server, in order;
 * - `device`: the device's version of each entry that has operations waiting;
 * - `files`: photos and recordings chosen on the device, until they are uploaded;
 * - `reading`: the most recent entries, for reading offline (only without a passcode or encryption);
 * - `thumbs`: their thumbnails;
 * - `meta`: small facts (when the reading copy was last refreshed).
 */
export interface DeviceSchema extends DBSchema {
  ops: { key: number; value: OutboxOp & { seq?: number } };
  device: { key: string; value: DeviceEntry };
  files: { key: string; value: { media_id: string; entry_id: string; blob: Blob } };
  reading: { key: string; value: EntryDto; indexes: { created_at: string } };
  thumbs: { key: string; value: { media_id: string; blob: Blob } };
  meta: { key: string; value: unknown };
}

export const DEVICE_DB = "reverie-device";

let dbPromise: Promise<IDBPDatabase<DeviceSchema>> | null = null;
let generation = 0;

/**
 * Changes each time the device's data is deleted (Lock, Clear All Data): work that began before must not
 * write afterwards, which would make the database again with what was just removed.
 */
export const deviceGeneration = () => generation;

/** Changes each time the reading copy is removed (or everything is): a refresh begun before must not write it back. */
let readingGen = 0;
export const readingGeneration = () => readingGen;

export function deviceDb(): Promise<IDBPDatabase<DeviceSchema>> {
  dbPromise ??= openDB<DeviceSchema>(DEVICE_DB, 1, {
    upgrade(db) {
      db.createObjectStore("ops", { keyPath: "seq", autoIncrement: true });
      db.createObjectStore("device", { keyPath: "id" });
      db.createObjectStore("files", { keyPath: "media_id" });
      db.createObjectStore("reading", { keyPath: "id" }).createIndex("created_at", "created_at");
      db.createObjectStore("thumbs", { keyPath: "media_id" });
      db.createObjectStore("meta");
    },
    blocking() {
      // Another tab wants to delete or upgrade the store (Lock, Clear All Data): let it.
      void dbPromise?.then((db) => db.close());
      dbPromise = null;
    },
    terminated() {
      dbPromise = null;
    },
  });
  return dbPromise;
}

/** Removes everything this browser keeps in IndexedDB (Lock, Clear All Data). */
export async function deleteDeviceData(): Promise<void> {
  generation += 1;
  readingGen += 1;
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open.catch(() => null))?.close();
  await deleteDB(DEVICE_DB, {
    blocked() {
      /* other tabs are asked to close their connection (see `blocking`) */
    },
  });
}

/** Whether this browser has the device's database at all (opening it would make it). */
export async function deviceDbExists(): Promise<boolean> {
  if (dbPromise) return true;
  try {
    if (typeof indexedDB.databases !== "function") return true;
    return (await indexedDB.databases()).some((d) => d.name === DEVICE_DB);
  } catch {
    return true;
  }
}

/** The device's database when this browser has one; null, without making it, when it has none. */
export async function existingDeviceDb(): Promise<IDBPDatabase<DeviceSchema> | null> {
  return (await deviceDbExists()) ? deviceDb() : null;
}

/** Removes only the reading copy (recent entries and thumbnails); waiting operations stay. */
export async function clearReadingCopy(): Promise<void> {
  readingGen += 1;
  if (!(await deviceDbExists())) return; // nothing kept: the database is not made just to be emptied
  const db = await deviceDb();
  const tx = db.transaction(["reading", "thumbs", "meta"], "readwrite");
  await Promise.all([
    tx.objectStore("reading").clear(),
    tx.objectStore("thumbs").clear(),
    tx.objectStore("meta").delete("reading-refreshed-at"),
    tx.done,
  ]);
}
