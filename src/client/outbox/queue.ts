"use client";
import type { EntryDto, MediaFileDto } from "@/contracts/entries";
import {
  applySave,
  enqueue,
  problemOf,
  type CheckInOp,
  type DeviceEntry,
  type OutboxOp,
  type SavePayloadFields,
} from "@/domain/outbox";
import { outboxStatus, setOutboxStatus } from "./status";
import type { IDBPTransaction } from "idb";
import { deviceDb, existingDeviceDb, type DeviceSchema } from "./store";

/** The seq of the operation on its way to the server: never folded into (its answer may be written already). */
let sendingSeq: number | null = null;
export const setSending = (seq: number | null) => {
  sendingSeq = seq;
};

/** A file chosen on the device, with the media id it will keep on the server. */
export interface DeviceFile {
  id: string;
  blob: Blob;
  filename: string;
  type: string;
}

const nowIso = () => new Date().toISOString();

/** The other tabs of this browser hear of every change to the queue (one tab sends; all show). */
type Announcement = { kind: "queue" } | { kind: "synced" } | { kind: "forgotten" };
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("reverie-outbox") : null;
if (channel) {
  // In Node (the benchmark) the channel must not keep the process alive; browsers have no unref.
  (channel as unknown as { unref?: () => void }).unref?.();
  channel.onmessage = (e: MessageEvent<Announcement>) => {
    if (e.data?.kind === "forgotten") {
      setOutboxStatus({ entries: [], waiting: 0, unreachable: false, nextTryAt: null });
      return;
    }
    void readStatus().then(() => {
      if (e.data?.kind === "synced") setOutboxStatus({ changed: outboxStatus().changed + 1 });
    });
  };
}

export function announce(kind: Announcement["kind"]): void {
  try {
    channel?.postMessage({ kind });
  } catch {
    /* the channel is closed: nothing to tell */
  }
}

async function readStatus(): Promise<void> {
  // Looking must not make the database: a browser that never wrote offline (or was just locked) keeps none.
  const db = await existingDeviceDb();
  if (!db) {
    setOutboxStatus({ entries: [], waiting: 0, ready: true });
    return;
  }
  const [entries, waiting] = await Promise.all([db.getAll("device"), db.count("ops")]);
  entries.sort((a, b) => Date.parse(b.entry.created_at) - Date.parse(a.entry.created_at) || (a.id < b.id ? 1 : -1));
  setOutboxStatus({ entries, waiting, ready: true });
}

/** Reads the device's entries and the queue's length into the status every screen sees (in every tab). */
export async function refreshStatus(): Promise<void> {
  await readStatus();
  announce("queue");
}

/** Writes a new queue over the old one: removed operations go, changed ones are rewritten, new ones added. */
export async function writeQueue(
  tx: IDBPTransaction<DeviceSchema, ("ops" | "device" | "files")[], "readwrite">,
  before: readonly OutboxOp[],
  after: readonly OutboxOp[],
): Promise<void> {
  const ops = tx.objectStore("ops");
  const kept = new Set(after.map((o) => o.seq).filter((s): s is number => s !== undefined));
  const old = new Map(before.map((o) => [o.seq, o]));
  const work: Promise<unknown>[] = [];
  for (const o of before) if (o.seq !== undefined && !kept.has(o.seq)) work.push(ops.delete(o.seq));
  for (const o of after) {
    if (o.seq === undefined) work.push(ops.add(o));
    else if (old.get(o.seq) !== o) work.push(ops.put(o));
  }
  await Promise.all(work);
}

/** The device's record of an entry with operations waiting. */
export function deviceRecord(entry: EntryDto, fields: Partial<Omit<DeviceEntry, "id" | "entry">> = {}): DeviceEntry {
  return {
    id: entry.id,
    entry,
    pending_media: [],
    base_updated_at: null,
    on_server: false,
    deleted: false,
    problem: null,
    saved_on_device_at: nowIso(),
    ...fields,
  };
}

export interface QueueSaveInput {
  id: string;
  /** The server's version this edit started from (null for a new entry). */
  base: EntryDto | null;
  payload: SavePayloadFields;
  newMedia?: DeviceFile[];
  removedMediaIds?: string[];
  conflictOf?: string | null;
}

/**
 * Keeps a save on the device: the entry's fields, its new files and removed files, as operations
 * that will be sent in order. The device's version of the entry is what every screen shows until then.
 */
export async function queueSave(input: QueueSaveInput): Promise<DeviceEntry> {
  const db = await deviceDb();
  const tx = db.transaction(["ops", "device", "files"], "readwrite");
  const [before, existing] = await Promise.all([
    tx.objectStore("ops").getAll(),
    tx.objectStore("device").get(input.id),
  ]);
  const at = nowIso();
  const onServer = existing ? existing.on_server : input.base !== null;
  let queue: OutboxOp[] = before;
  const dropped: string[] = [];
  const add = (op: OutboxOp) => {
    const r = enqueue(queue, op, sendingSeq);
    queue = r.queue;
    dropped.push(...r.droppedMedia);
  };
  add({
    kind: "save",
    entry_id: input.id,
    create: !onServer,
    payload: input.payload,
    conflict_of: input.conflictOf ?? null,
    queued_at: at,
  });
  for (const mediaId of input.removedMediaIds ?? [])
    add({ kind: "remove-media", entry_id: input.id, media_id: mediaId, queued_at: at });
  for (const f of input.newMedia ?? [])
    add({
      kind: "upload",
      entry_id: input.id,
      media_id: f.id,
      filename: f.filename,
      type: f.type,
      size: f.blob.size,
      queued_at: at,
    });
  // The person changed the entry: a save the server refused is tried again (a refused file waits until it is removed).
  queue = queue.map((o) =>
    o.entry_id === input.id && o.kind === "save" && o.refused ? { ...o, refused: undefined } : o,
  );

  const baseEntry = existing?.entry ?? input.base;
  const removed = new Set(input.removedMediaIds ?? []);
  const entry = applySave(baseEntry ?? null, input.id, input.payload, at, input.conflictOf ?? null);
  entry.media_files = entry.media_files.filter((m) => !removed.has(m.id));
  const pending = [
    ...(existing?.pending_media ?? []).filter((m) => !removed.has(m.id)),
    ...(input.newMedia ?? []).map((f) => ({ id: f.id, filename: f.filename, type: f.type, size: f.blob.size })),
  ];
  const device = deviceRecord(entry, {
    pending_media: pending,
    base_updated_at: existing ? existing.base_updated_at : (input.base?.updated_at ?? null),
    on_server: onServer,
    problem: problemOf(queue, input.id),
  });
  await Promise.all([
    writeQueue(tx, before, queue),
    tx.objectStore("device").put(device),
    ...(input.newMedia ?? []).map((f) =>
      tx.objectStore("files").put({ media_id: f.id, entry_id: input.id, blob: f.blob }),
    ),
    ...dropped.map((id) => tx.objectStore("files").delete(id)),
    tx.done,
  ]);
  await refreshStatus();
  return device;
}

/** After a save that reached the server, files that did not make it are kept and sent later. */
export async function queueUploads(entry: EntryDto, files: DeviceFile[]): Promise<void> {
  if (!files.length) return;
  const db = await deviceDb();
  const tx = db.transaction(["ops", "device", "files"], "readwrite");
  const [before, existing] = await Promise.all([
    tx.objectStore("ops").getAll(),
    tx.objectStore("device").get(entry.id),
  ]);
  const at = nowIso();
  let queue: OutboxOp[] = before;
  for (const f of files)
    queue = enqueue(
      queue,
      {
        kind: "upload",
        entry_id: entry.id,
        media_id: f.id,
        filename: f.filename,
        type: f.type,
        size: f.blob.size,
        queued_at: at,
      },
      sendingSeq,
    ).queue;
  const device: DeviceEntry = existing
    ? {
        ...existing,
        pending_media: [
          ...existing.pending_media,
          ...files.map((f) => ({ id: f.id, filename: f.filename, type: f.type, size: f.blob.size })),
        ],
      }
    : deviceRecord(entry, {
        pending_media: files.map((f) => ({ id: f.id, filename: f.filename, type: f.type, size: f.blob.size })),
        base_updated_at: entry.updated_at,
        on_server: true,
      });
  await Promise.all([
    writeQueue(tx, before, queue),
    tx.objectStore("device").put(device),
    ...files.map((f) => tx.objectStore("files").put({ media_id: f.id, entry_id: entry.id, blob: f.blob })),
    tx.done,
  ]);
  await refreshStatus();
}

/**
 * Deletes an entry from the device's point of view: one that never reached the server is simply
 * forgotten; otherwise the delete waits in the queue and the entry leaves every list at once.
 */
export async function queueDelete(id: string, base: EntryDto | null): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(["ops", "device", "files"], "readwrite");
  const [before, existing] = await Promise.all([tx.objectStore("ops").getAll(), tx.objectStore("device").get(id)]);
  const { queue, droppedMedia } = enqueue(before, { kind: "delete", entry_id: id, queued_at: nowIso() }, sendingSeq);
  const stillQueued = queue.some((o) => o.entry_id === id);
  const work: Promise<unknown>[] = [
    writeQueue(tx, before, queue),
    ...droppedMedia.map((m) => tx.objectStore("files").delete(m)),
  ];
  if (!stillQueued) work.push(tx.objectStore("device").delete(id));
  else {
    // Never shown (it is deleted): only its id matters, to hide it from every list until the delete is sent.
    const entry =
      existing?.entry ??
      base ??
      applySave(
        null,
        id,
        {
          title: "",
          content: "",
          mood: null,
          tags: [],
          created_at: nowIso(),
          ai_summary: null,
          ai_mood_score: null,
          ai_themes: null,
        },
        nowIso(),
      );
    // A create that may have landed goes first (then this delete): until it is answered, the entry is not known to be on the server.
    work.push(
      tx.objectStore("device").put(
        deviceRecord(entry, {
          base_updated_at: existing?.base_updated_at ?? base?.updated_at ?? null,
          on_server: existing ? existing.on_server : true,
          deleted: true,
        }),
      ),
    );
  }
  await Promise.all([...work, tx.done]);
  await refreshStatus();
}

export async function deviceEntry(id: string): Promise<DeviceEntry | undefined> {
  return (await deviceDb()).get("device", id);
}

/** A file kept on the device for an entry, until it is uploaded. */
export async function deviceFile(mediaId: string): Promise<Blob | undefined> {
  return (await (await deviceDb()).get("files", mediaId))?.blob;
}

/** How many operations wait, in all. */
export async function waitingCount(): Promise<number> {
  return (await (await existingDeviceDb())?.count("ops")) ?? 0;
}

export type { MediaFileDto };

/**
 * Keeps a check-in's create, change or delete on the device, to be sent in order with the rest of the
 * queue (its id was made on the device: a create sent again is a replay on the server).
 */
export async function queueCheckIn(id: string, action: CheckInOp["action"], body?: CheckInOp["body"]): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(["ops", "device", "files"], "readwrite");
  const before = await tx.objectStore("ops").getAll();
  const op: CheckInOp = { kind: "checkin", entry_id: id, action, ...(body ? { body } : {}), queued_at: nowIso() };
  const { queue } = enqueue(before, op, sendingSeq);
  await Promise.all([writeQueue(tx, before, queue), tx.done]);
  await refreshStatus();
}

/** The check-in operations waiting on this device, in the order they will be sent (none when nothing was kept). */
export async function pendingCheckIns(): Promise<CheckInOp[]> {
  const db = await existingDeviceDb();
  if (!db) return [];
  const ops = await db.getAll("ops");
  return ops.filter((o): o is CheckInOp => o.kind === "checkin" && !o.refused);
}
