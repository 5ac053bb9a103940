"use client";
import { v7 as uuidv7 } from "uuid";
import { analyzeText } from "@/client/ai";
import { ApiError } from "@/client/api";
import { call } from "@/client/routes";
import { uploadMedia } from "@/client/media";
import type { EntryDto, MediaFileDto } from "@/contracts/entries";
import {
  applySave,
  backoffMs,
  conflictCopyTitle,
  nextToSend,
  outcomeOf,
  problemOf,
  refusedBeforeSending,
  retarget,
  type CheckInOpBody,
  type DeviceEntry,
  type Outcome,
  type OutboxOp,
  type SaveOp,
} from "@/domain/outbox";
import { buildAnalysisFields } from "@/domain/editor";
import { announce, deviceRecord, refreshStatus, setSending, writeQueue } from "./queue";
import { addNotice, outboxStatus, setOutboxStatus } from "./status";
import type { IDBPDatabase } from "idb";
import { deviceDb, deviceGeneration, existingDeviceDb, type DeviceSchema } from "./store";

/**
 * The sync engine: sends the device's queue to the server, one operation at a time, in order.
 * One tab at a time (Web Locks), one run at a time in a tab. When the server cannot be reached the
 * run stops and the next try is planned with backoff; the `online` event, Background Sync, the app
 * being opened and a new save start a run at once.
 */

const LOCK_NAME = "reverie-outbox";
export const SYNC_TAG = "reverie-outbox";

let running: Promise<void> | null = null;
let again = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const toAnalyze = new Map<string, SaveOp["payload"]>();

export function syncNow(): Promise<void> {
  clearTimeout(timer);
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await withLock(drain);
      } while (again);
    } finally {
      running = null;
    }
    // After the queue, apart from it: a slow model never holds back what waits to be sent.
    analyzing ??= analyzeSynced().finally(() => {
      analyzing = null;
      if (toAnalyze.size) void syncNow();
    });
  })();
  return running;
}

let analyzing: Promise<void> | null = null;

/** Resolves when the analyses of entries sent so far are done (for tests and the benchmark). */
export async function analysesDone(): Promise<void> {
  while (analyzing) await analyzing;
}

/** Resolves when the queue is empty or the server cannot be reached (for Lock and for tests). */
export async function settle(): Promise<void> {
  while (running) await running;
}

async function withLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks?.request) await locks.request(LOCK_NAME, fn);
  else await fn();
}

function planRetry(reason: string) {
  attempt += 1;
  const delay = backoffMs(attempt);
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), delay);
  setOutboxStatus({ unreachable: true, nextTryAt: Date.now() + delay });
  void registerBackgroundSync();
  console.info(`Reverie: ${reason} Entries saved on this device will be sent again in ${Math.round(delay / 1000)} s.`);
}

/** Asks the browser to wake the app when the connection is back (Background Sync, where the browser has it). */
export async function registerBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)
      ?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    /* not supported, or not allowed: the other triggers remain */
  }
}

async function drain(): Promise<void> {
  setOutboxStatus({ syncing: true });
  const gen = deviceGeneration();
  try {
    for (;;) {
      if (gen !== deviceGeneration()) return; // the device's data was deleted meanwhile (Lock, Clear All Data)
      const db = await existingDeviceDb();
      if (!db) {
        setOutboxStatus({ unreachable: false, nextTryAt: null });
        return; // nothing was ever kept on this device
      }
      const next = await takeNext(db);
      if (!next) {
        attempt = 0;
        setOutboxStatus({ unreachable: false, nextTryAt: null });
        return;
      }
      const { op, device } = next;
      setSending(op.seq ?? null);
      let result: { outcome: Outcome; body?: unknown; error?: ApiError };
      try {
        const known = refusedBeforeSending(op);
        result = known ? { outcome: known } : await send(op, device);
      } finally {
        setSending(null);
      }
      if (result.outcome.kind === "retry") {
        planRetry(result.outcome.reason);
        return;
      }
      await apply(op, result.outcome, result.body, result.error);
      attempt = 0; // the server answered: the next failure starts the backoff again from its shortest wait
      await refreshStatus();
      setOutboxStatus({ changed: outboxStatus().changed + 1, unreachable: false });
      announce("synced");
    }
  } finally {
    setOutboxStatus({ syncing: false });
  }
}

/**
 * Takes the next operation to send and marks it `sent` in the same transaction, before it goes: from
 * then on no save of this tab or another folds into it, since the server may hold it whatever happens
 * to the answer (or to this page).
 */
async function takeNext(
  db: IDBPDatabase<DeviceSchema>,
): Promise<{ op: OutboxOp; device: DeviceEntry | undefined } | null> {
  const tx = db.transaction(["ops", "device"], "readwrite");
  const [ops, devices] = await Promise.all([tx.objectStore("ops").getAll(), tx.objectStore("device").getAll()]);
  const op = nextToSend(ops);
  const marked = op && !op.sent ? { ...op, sent: true } : op;
  if (marked && marked !== op) await tx.objectStore("ops").put(marked);
  await tx.done;
  return marked ? { op: marked, device: devices.find((d) => d.id === marked.entry_id) } : null;
}

async function request(op: OutboxOp, device: DeviceEntry | undefined): Promise<unknown> {
  switch (op.kind) {
    case "save":
      if (op.create)
        return call("POST /entries", {
          body: { ...op.payload, id: op.entry_id, conflict_of: op.conflict_of ?? null },
        });
      return call("PUT /entries/[id]", {
        params: { id: op.entry_id },
        body: {
          ...op.payload,
          id: op.entry_id,
          ...(device?.base_updated_at ? { base_updated_at: device.base_updated_at } : {}),
        },
      });
    case "upload": {
      const file = await (await deviceDb()).get("files", op.media_id);
      if (!file) return null; // nothing kept to send
      return uploadMedia(op.entry_id, file.blob, op.filename, { mediaId: op.media_id });
    }
    case "remove-media":
      return call("DELETE /entries/[id]/media/[mediaId]", { params: { id: op.entry_id, mediaId: op.media_id } });
    case "delete":
      return call("DELETE /entries/[id]", { params: { id: op.entry_id } });
    case "checkin": {
      const params = { id: op.entry_id };
      if (op.action === "create")
        // A create's body is whole (saveCheckIn makes it with its mood); later changes only fold into it.
        return call("POST /checkins", { body: { ...(op.body as CheckInOpBody & { mood: number }), id: op.entry_id } });
      if (op.action === "update") return call("PUT /checkins/[id]", { params, body: op.body ?? {} });
      return call("DELETE /checkins/[id]", { params });
    }
  }
}

async function send(
  op: OutboxOp,
  device: DeviceEntry | undefined,
): Promise<{ outcome: Outcome; body?: unknown; error?: ApiError }> {
  try {
    return { outcome: { kind: "done" }, body: await request(op, device) };
  } catch (err) {
    if (err instanceof ApiError) return { outcome: outcomeOf(op, err.status, err.code, err.message), error: err };
    return { outcome: { kind: "retry", reason: err instanceof Error ? err.message : "The request failed." } };
  }
}

const displayTitle = (e: { title: string } | undefined) => (e?.title.trim() ? `"${e.title.trim()}"` : "An entry");

async function apply(op: OutboxOp, outcome: Outcome, body: unknown, error: ApiError | undefined): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(["ops", "device", "files"], "readwrite");
  const opsStore = tx.objectStore("ops");
  const deviceStore = tx.objectStore("device");
  const filesStore = tx.objectStore("files");
  const [ops, device] = await Promise.all([opsStore.getAll(), deviceStore.get(op.entry_id)]);
  const others = ops.filter((o) => o.entry_id === op.entry_id && o.seq !== op.seq);
  const work: Promise<unknown>[] = [];
  const finishEntry = (d: DeviceEntry | undefined) => {
    if (!d || others.length === 0) work.push(deviceStore.delete(op.entry_id));
    else work.push(deviceStore.put(d));
  };

  switch (outcome.kind) {
    case "done": {
      work.push(opsStore.delete(op.seq!));
      if (op.kind === "save") {
        const saved = body as EntryDto;
        finishEntry(
          device && {
            ...device,
            on_server: true,
            base_updated_at: saved.updated_at,
            problem: problemOf(others, op.entry_id),
          },
        );
        // The entry is on the server now: a later save of it (queued behind this one, in this tab or
        // another) is an edit of the version just answered, never a second create.
        for (const o of others) if (o.kind === "save" && o.create) work.push(opsStore.put({ ...o, create: false }));
        const needsAnalysis = op.payload.ai_mood_score === null && !op.payload.ai_summary;
        if (needsAnalysis && !others.some((o) => o.kind === "save")) toAnalyze.set(saved.id, { ...op.payload });
        else toAnalyze.delete(saved.id);
      } else if (op.kind === "upload") {
        work.push(filesStore.delete(op.media_id));
        const media = body as MediaFileDto | null;
        finishEntry(
          device && {
            ...device,
            pending_media: device.pending_media.filter((m) => m.id !== op.media_id),
            entry: media
              ? { ...device.entry, media_files: [...device.entry.media_files.filter((m) => m.id !== media.id), media] }
              : device.entry,
          },
        );
      } else {
        finishEntry(device);
      }
      break;
    }
    case "conflict": {
      // The server's version stays; the device's is saved as a new entry that says where it came from.
      const save = op as SaveOp;
      const copyId = uuidv7();
      const payload = { ...save.payload, title: conflictCopyTitle(save.payload.title) };
      for (const o of ops) if (o.entry_id === op.entry_id) work.push(opsStore.delete(o.seq!));
      const moved = retarget(others, op.entry_id, copyId).map(({ seq: _seq, sent: _sent, ...o }) => o as OutboxOp);
      const fresh: OutboxOp[] = [
        {
          kind: "save",
          entry_id: copyId,
          create: true,
          payload,
          conflict_of: op.entry_id,
          queued_at: new Date().toISOString(),
        },
        ...moved,
      ];
      await writeQueue(tx, [], fresh);
      for (const o of moved) {
        if (o.kind !== "upload") continue;
        const f = await filesStore.get(o.media_id);
        if (f) work.push(filesStore.put({ ...f, entry_id: copyId }));
      }
      work.push(deviceStore.delete(op.entry_id));
      const copy = applySave(null, copyId, payload, new Date().toISOString(), op.entry_id);
      work.push(deviceStore.put(deviceRecord(copy, { pending_media: device?.pending_media ?? [] })));
      addNotice(
        "info",
        "Changed in two places",
        error?.status === 404
          ? `${displayTitle(device?.entry)} was deleted on another device. Your version from this device is kept as a copy.`
          : `${displayTitle(device?.entry)} was also changed on another device. Both versions are kept: yours is saved as a copy.`,
      );
      break;
    }
    case "gone": {
      for (const o of ops) if (o.entry_id === op.entry_id) work.push(opsStore.delete(o.seq!));
      for (const m of device?.pending_media ?? []) work.push(filesStore.delete(m.id));
      work.push(deviceStore.delete(op.entry_id));
      if (op.kind === "upload")
        addNotice(
          "error",
          "A file was not added",
          `"${op.filename}" could not be added: its entry was deleted on another device.`,
        );
      if (op.kind === "checkin" && op.action === "update")
        addNotice(
          "info",
          "A check-in was deleted",
          "A check-in you changed on this device had been deleted on another device, so the change was not kept.",
        );
      break;
    }
    case "refused": {
      if (op.kind === "save" || op.kind === "upload") {
        // Sending it again can never succeed: it stays on the device (the file too) with the server's
        // word, and waits for the person. It was answered (or never sent): it is not on the server.
        const problem =
          op.kind === "save"
            ? outcome.message
            : `${outcome.message} It is kept on this device and was not added to the entry.`;
        work.push(opsStore.put({ ...op, sent: false, refused: problem }));
        if (device) work.push(deviceStore.put({ ...device, problem }));
        if (op.kind === "save") {
          addNotice(
            "error",
            "An entry needs your attention",
            `${displayTitle(device?.entry)} could not be saved to your journal: ${outcome.message} Open it on the Timeline to change it.`,
          );
        } else {
          addNotice("error", "A file was not added", problem);
        }
      } else {
        work.push(opsStore.delete(op.seq!));
        finishEntry(device);
        addNotice("error", "A change was not made", outcome.message);
      }
      break;
    }
    case "retry":
      break;
  }
  await Promise.all([...work, tx.done]);
}

/**
 * Entries written on the device had no analysis (no server to ask): once they are saved, the
 * analysis runs as for any entry saved in the editor, and its result is saved with the entry.
 * Best effort, as in the editor: a failure leaves the entry as it is.
 */
async function analyzeSynced(): Promise<void> {
  for (const [id, payload] of [...toAnalyze]) {
    toAnalyze.delete(id);
    if (payload.content.trim().length <= 50) continue;
    try {
      const db = await deviceDb();
      if (await db.get("device", id)) continue; // changed on the device again: analysed after that save
      const current = await call("GET /entries/[id]", { params: { id } });
      if (current.ai_mood_score !== null || current.ai_summary) continue;
      const { analysis, model } = await analyzeText(current.content);
      const fields = buildAnalysisFields({ ...analysis, model });
      await call("PUT /entries/[id]", {
        params: { id },
        body: { content: current.content, ...fields, base_updated_at: current.updated_at },
      });
      setOutboxStatus({ changed: outboxStatus().changed + 1 });
    } catch (err) {
      console.warn("Analysis after sync failed", err);
    }
  }
}
