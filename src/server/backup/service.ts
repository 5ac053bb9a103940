import "server-only";
import { existsSync } from "node:fs";
import { DAILY_MS, DEFAULT_SNAPSHOT_DELAY_MS, snapshotDueAt } from "@/domain/backup";
import { keyFor } from "@/server/keys/state";
import { onCommittedWrite, withDatabaseClosed } from "@/server/db/client";
import { withWritesStopped } from "@/server/db/write-gate";
import { bumpDataVersion } from "@/server/entries/version";
import { env } from "@/server/env";
import { storageLayout } from "@/server/storage/paths";
import { HttpError, notFound } from "@/server/http/errors";
import { accessMode } from "@/server/security/space";
import {
  DamagedSnapshotError,
  findSnapshot,
  listSnapshots,
  removeAllSnapshots,
  restoreSync,
  scrubSnapshots,
  snapshotInWorker,
  snapshotSync,
  UnknownSnapshotError,
  type BackupPaths,
  type SnapshotRecord,
} from "./core";
import { processSlots } from "@/server/runtime";

/**
 * The automatic snapshots of the running app and the services behind /api/backups.
 * - After a write: at most BACKUP_DELAY_SECONDS (60) after the first write not yet in a snapshot,
 *   sooner once writes pause for 10 s. Every committed write is seen in src/server/db (onCommittedWrite).
 * - Daily: when the newest snapshot is a day old.
 * - At SIGTERM / SIGINT: before the process exits, when anything was written since the last one.
 * Snapshots run one at a time; automatic ones in a worker thread so writes are not held up.
 */
interface State {
  started: boolean;
  firstUnsaved: number | null;
  lastWrite: number | null;
  timer?: NodeJS.Timeout;
  daily?: NodeJS.Timeout;
  firstDaily?: NodeJS.Timeout;
  running: Promise<unknown>;
  restoredAtStart: SnapshotRecord | null;
  lastError: string | null;
  unsubscribe?: () => void;
}
const g = processSlots<{ __reverieBackup?: State }>();
const state = (): State =>
  (g.__reverieBackup ??= {
    started: false,
    firstUnsaved: null,
    lastWrite: null,
    running: Promise.resolve(),
    restoredAtStart: null,
    lastError: null,
  });

/** The journal's paths and, when it is encrypted, its key (throws SealedError, a 503, while it is sealed). */
export function backupPaths(): BackupPaths {
  const { dbFile, uploadDir, backupDir } = storageLayout();
  return { dbFile, uploadDir, backupDir, key: keyFor(dbFile) };
}

/** The paths only, for listing (no key needed). */
function backupFolders(): BackupPaths {
  const { dbFile, uploadDir, backupDir } = storageLayout();
  return { dbFile, uploadDir, backupDir };
}

function maxDelayMs(): number | null {
  const v = env().BACKUP_DELAY_SECONDS;
  return v === "off" ? null : Math.round(v * 1000) || DEFAULT_SNAPSHOT_DELAY_MS;
}

/** Runs snapshots and restores one at a time, in the order asked. */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const s = state();
  const run = s.running.catch(() => undefined).then(fn);
  s.running = run;
  return run;
}

/** Queues a snapshot behind any running one. Writes that arrive meanwhile are left for the next. */
export function takeSnapshot(reason: string, opts: { inWorker?: boolean } = {}): Promise<SnapshotRecord> {
  const s = state();
  return serial(async () => {
    const p = backupPaths();
    if (!existsSync(p.dbFile)) throw new HttpError("CONFLICT", "There is no journal database to snapshot yet.");
    const firstUnsaved = s.firstUnsaved;
    s.firstUnsaved = null; // writes from now on belong to the next snapshot
    try {
      const record = opts.inWorker === false ? snapshotSync(p, reason) : await snapshotInWorker(p, reason);
      s.lastError = null;
      return record;
    } catch (err) {
      if (firstUnsaved !== null) s.firstUnsaved = Math.min(firstUnsaved, s.firstUnsaved ?? firstUnsaved);
      s.lastError = err instanceof Error ? err.message : String(err);
      console.error(`[reverie] snapshot failed: ${s.lastError}`);
      throw err;
    }
  });
}

function schedule(): void {
  const s = state();
  const max = maxDelayMs();
  if (!s.started || max === null) return;
  const due = snapshotDueAt(s.firstUnsaved, s.lastWrite, max);
  if (s.timer) clearTimeout(s.timer);
  s.timer = undefined;
  if (due === null) return;
  s.timer = setTimeout(
    () => {
      s.timer = undefined;
      const d = snapshotDueAt(s.firstUnsaved, s.lastWrite, max);
      if (d === null) return;
      if (d > Date.now() + 5) return schedule();
      void takeSnapshot("after writes").then(schedule, () => {
        // Tried again after a pause (the writes stay marked unsaved), not in a tight loop.
        const now = Date.now();
        s.firstUnsaved = now;
        s.lastWrite = now;
        schedule();
      });
    },
    Math.max(0, due - Date.now()),
  );
  s.timer.unref();
}

function noteWrite(): void {
  const s = state();
  const now = Date.now();
  s.firstUnsaved ??= now;
  s.lastWrite = now;
  if (!s.timer) schedule();
}

function dailyCheck(): void {
  const p = backupFolders();
  const newest = listSnapshots(p.backupDir)[0];
  if (!existsSync(p.dbFile)) return;
  if (!newest || Date.now() - Date.parse(newest.created_at) >= DAILY_MS) void takeSnapshot("daily").catch(() => {});
}

function onSignal(signal: string): void {
  const s = state();
  if (s.firstUnsaved === null) return;
  try {
    // Synchronous: the process exits right after the signal's handlers.
    const r = snapshotSync(backupPaths(), `shutdown (${signal})`);
    s.firstUnsaved = null;
    console.log(`[reverie] snapshot ${r.id} taken before exit (${r.entries} entries)`);
  } catch (err) {
    console.error(`[reverie] snapshot before exit failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Starts the automatic snapshots (once per process; called at server start). */
export function startBackups(opts: { restoredAtStart?: SnapshotRecord | null } = {}): void {
  const s = state();
  if (opts.restoredAtStart) s.restoredAtStart = opts.restoredAtStart;
  if (s.started) return;
  s.started = true;
  // A Space waiting for its passcode neither serves nor accepts anything: there is nothing to snapshot.
  if (maxDelayMs() === null || accessMode() === "setup-required") return;
  s.unsubscribe = onCommittedWrite(noteWrite);
  s.daily = setInterval(dailyCheck, 60 * 60 * 1000);
  s.daily.unref();
  s.firstDaily = setTimeout(dailyCheck, 5_000);
  s.firstDaily.unref();
  process.once("SIGTERM", () => onSignal("SIGTERM"));
  process.once("SIGINT", () => onSignal("SIGINT"));
}

/** Stops the automatic snapshots (tests). */
export function stopBackups(): void {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  if (s.daily) clearInterval(s.daily);
  if (s.firstDaily) clearTimeout(s.firstDaily);
  s.unsubscribe?.();
  g.__reverieBackup = undefined;
}

export interface BackupStatus {
  snapshots: SnapshotRecord[];
  backup_dir: string;
  automatic: boolean;
  delay_seconds: number | null;
  unsaved_since: string | null;
  last_error: string | null;
  restored_at_start: SnapshotRecord | null;
}

export function backupStatus(): BackupStatus {
  const s = state();
  const p = backupFolders();
  const max = maxDelayMs();
  return {
    snapshots: listSnapshots(p.backupDir),
    backup_dir: p.backupDir,
    automatic: s.started && max !== null,
    delay_seconds: max === null ? null : max / 1000,
    unsaved_since: s.firstUnsaved === null ? null : new Date(s.firstUnsaved).toISOString(),
    last_error: s.lastError,
    restored_at_start: s.restoredAtStart,
  };
}

/** What the start-up restore did, for the notice in the app (null when nothing was restored). */
export function restoredAtStart(): SnapshotRecord | null {
  return state().restoredAtStart;
}

/**
 * Delete for good reaches the snapshots: every snapshot holding one of these entries is rewritten
 * without them and their media (see scrubSnapshots), once no snapshot is running.
 */
export function forgetInSnapshots(
  ids: readonly string[],
  files: readonly (string | null | undefined)[] = [],
): Promise<number> {
  if (!ids.length) return Promise.resolve(0);
  return serial(async () => {
    const n = scrubSnapshots(
      backupPaths(),
      ids,
      files.filter((f): f is string => !!f),
    );
    if (n)
      console.log(
        `[reverie] removed ${ids.length} entr${ids.length === 1 ? "y" : "ies"} deleted for good from ${n} snapshot(s)`,
      );
    return n;
  });
}

/** Clear All Data reaches the snapshots: every one is removed with its media, once no snapshot is running. */
export function removeEverySnapshot(): Promise<number> {
  const s = state();
  return serial(async () => {
    const n = removeAllSnapshots(backupFolders().backupDir);
    s.firstUnsaved = null;
    if (n) console.log(`[reverie] Clear All Data: removed ${n} snapshot(s) and their media`);
    return n;
  });
}

/**
 * Runs `fn` with no write under way or starting (the write gate is closed: see src/server/db/write-gate.ts),
 * no snapshot running or starting and every connection to the database closed (the encryption changes
 * rewrite every file of the journal and its snapshots).
 */
export function withBackupsPaused<T>(
  fn: () => T | Promise<T>,
  reason = "The journal's encryption is being changed",
): Promise<T> {
  return withWritesStopped(reason, () => serial(() => withDatabaseClosed(fn)));
}

/**
 * Restores a snapshot while the app runs. First the write gate closes: writes that arrive wait (or are
 * answered 503 after a while), and the writes under way finish. Then, with no snapshot running and both
 * connections closed, the journal as it is is snapshotted (so the restore can be undone by restoring
 * that one), the files are swapped, and the gate opens again; the connections open afresh on the next
 * use. Every write acknowledged before is in the undo snapshot, every write after is in the restored
 * journal: none falls between.
 */
export async function restoreSnapshot(id: string): Promise<{ restored: SnapshotRecord; undo: SnapshotRecord | null }> {
  const p = backupPaths();
  try {
    findSnapshot(p.backupDir, id);
  } catch (err) {
    if (err instanceof UnknownSnapshotError) throw notFound(err.message);
    throw err;
  }
  const s = state();
  const { restored, undo } = await withBackupsPaused(async () => {
    let undo: SnapshotRecord | null = null;
    if (existsSync(p.dbFile)) {
      // In a worker (the event loop keeps answering reads of static files and the like), but with the gate closed.
      const firstUnsaved = s.firstUnsaved;
      s.firstUnsaved = null;
      try {
        undo = await snapshotInWorker(p, `before restoring ${id}`);
        s.lastError = null;
      } catch (err) {
        s.firstUnsaved = firstUnsaved;
        s.lastError = err instanceof Error ? err.message : String(err);
        throw new HttpError(
          "CONFLICT",
          `The journal as it is could not be snapshotted first, so nothing was restored (${s.lastError}).`,
        );
      }
    }
    try {
      const r = restoreSync(p, id);
      bumpDataVersion();
      s.firstUnsaved = null;
      return { restored: r, undo };
    } catch (err) {
      if (err instanceof DamagedSnapshotError)
        throw new HttpError("CONFLICT", err.message, undo ? { undo: undo.id } : undefined);
      throw err;
    }
  }, "The journal is being restored from a snapshot");
  console.log(
    `[reverie] restored snapshot ${id} (${restored.entries} entries)${undo ? `; the journal before it is snapshot ${undo.id}` : ""}`,
  );
  return { restored, undo };
}
