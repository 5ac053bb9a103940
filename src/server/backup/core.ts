/**
 * Snapshots on disk: take (in this thread or a worker), list, rotate, restore. Plain Node with explicit
 * paths, so that the server, `npm run backup` / `npm run restore` and the start-up restore share it.
 *
 * Layout of the backup folder:
 *   <id>.db        the verified copy of the database (VACUUM INTO)
 *   <id>.json      its record, with the media it needs (stored name -> SHA-256)
 *   media/<sha256> every media file once, named by its content
 *   manifest.json  the records of every snapshot, newest first (rebuilt from the <id>.json files if lost)
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { isSnapshotId, snapshotId, snapshotsToKeep } from "../../domain/backup";
import Database from "better-sqlite3";
import { openDatabase, SQLITE_CIPHER } from "../db/keyed";
import { migrate } from "../db/migrator";
import { runSnapshotJob, type SnapshotJobInput, type SnapshotRecord } from "./job";

export type { SnapshotRecord } from "./job";

export interface BackupPaths {
  dbFile: string;
  uploadDir: string;
  backupDir: string;
  /** The journal key when the journal is encrypted: snapshots are then encrypted with it, and restoring needs it. */
  key?: Buffer | null;
}

/** Thrown for a snapshot id that is not in the backup folder. */
export class UnknownSnapshotError extends Error {}
/** Thrown when a snapshot's file is no longer what was recorded (the journal is left as it was). */
export class DamagedSnapshotError extends Error {}

const MANIFEST = "manifest.json";

/** A fresh id for a snapshot taken now (never one already in the folder). */
function freshId(backupDir: string, now: Date): string {
  const base = snapshotId(now);
  let id = base;
  for (
    let i = 1;
    fs.existsSync(path.join(/* turbopackIgnore: true */ backupDir, `${id}.db`)) ||
    fs.existsSync(path.join(/* turbopackIgnore: true */ backupDir, `${id}.json`));
    i++
  )
    id = `${base}-${i}`;
  return id;
}

function jobInput(p: BackupPaths, reason: string, now: Date): SnapshotJobInput {
  fs.mkdirSync(p.backupDir, { recursive: true, mode: 0o700 });
  const { key, ...paths } = p;
  return {
    ...paths,
    id: freshId(p.backupDir, now),
    reason,
    createdAt: now.toISOString(),
    keyHex: key ? key.toString("hex") : null,
    cipher: SQLITE_CIPHER,
  };
}

/** Takes a snapshot in this thread (shutdown, command line, before a restore in a script). */
export function snapshotSync(p: BackupPaths, reason: string, now = new Date()): SnapshotRecord {
  const record = runSnapshotJob(jobInput(p, reason, now), { Database, fs, path, crypto });
  recordSnapshot(p.backupDir, record, now);
  return record;
}

/**
 * Takes a snapshot in a worker thread: the copy, its check and the media hashing run there, so the
 * server keeps answering (and writing) meanwhile. The worker loads the same function from its source.
 */
export async function snapshotInWorker(p: BackupPaths, reason: string, now = new Date()): Promise<SnapshotRecord> {
  const input = jobInput(p, reason, now);
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const deps = { Database: require("better-sqlite3"), fs: require("node:fs"), path: require("node:path"), crypto: require("node:crypto") };
    const run = (${runSnapshotJob.toString()});
    try { parentPort.postMessage({ ok: true, record: run(workerData, deps) }); }
    catch (err) { parentPort.postMessage({ ok: false, message: String((err && err.message) || err) }); }
  `;
  const record = await new Promise<SnapshotRecord>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: input });
    worker.once("message", (m: { ok: true; record: SnapshotRecord } | { ok: false; message: string }) => {
      if (m.ok) resolve(m.record);
      else reject(new Error(m.message));
    });
    worker.once("error", reject);
    worker.once("exit", (codeNo) => {
      if (codeNo !== 0) reject(new Error(`The snapshot worker stopped with code ${codeNo}.`));
    });
  });
  recordSnapshot(p.backupDir, record, now);
  return record;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function writeJsonAtomic(file: string, value: unknown): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 1), { mode: 0o600 });
  fs.chmodSync(`${file}.tmp`, 0o600);
  fs.renameSync(`${file}.tmp`, file);
}

const stripMedia = (r: SnapshotRecord & { media?: unknown }): SnapshotRecord => {
  const { media: _media, ...rest } = r;
  void _media;
  return rest;
};

/**
 * The snapshots in the folder, newest first: the manifest's records, plus any snapshot whose record
 * is on disk but not in the manifest (the process stopped right after taking it, or the manifest is lost).
 */
export function listSnapshots(backupDir: string): SnapshotRecord[] {
  if (!fs.existsSync(/* turbopackIgnore: true */ backupDir)) return [];
  const manifest = readJson<{ snapshots: SnapshotRecord[] }>(
    path.join(/* turbopackIgnore: true */ backupDir, MANIFEST),
  );
  const list = Array.isArray(manifest?.snapshots) ? [...manifest.snapshots] : [];
  const known = new Set(list.map((r) => r.id));
  for (const name of fs.readdirSync(/* turbopackIgnore: true */ backupDir)) {
    const m = /^(.+)\.json$/u.exec(name);
    if (!m || known.has(m[1]!) || !isSnapshotId(m[1]!)) continue;
    const r = readJson<SnapshotRecord>(path.join(/* turbopackIgnore: true */ backupDir, name));
    if (r?.id === m[1] && typeof r.created_at === "string") list.push(stripMedia(r));
  }
  return list
    .filter((r) => isSnapshotId(r.id) && fs.existsSync(path.join(/* turbopackIgnore: true */ backupDir, `${r.id}.db`)))
    .sort((a, b) => b.id.localeCompare(a.id));
}

/** Adds a record to the manifest, then applies the rotation (the new snapshot is always kept). */
function recordSnapshot(backupDir: string, record: SnapshotRecord, now: Date): void {
  const list = listSnapshots(backupDir).filter((r) => r.id !== record.id);
  list.unshift(stripMedia(record));
  list.sort((a, b) => b.id.localeCompare(a.id));
  rotate(backupDir, list, now);
}

/** Keeps what the rotation keeps, deletes the rest, and media no kept snapshot needs. */
export function rotate(
  backupDir: string,
  list = listSnapshots(backupDir),
  now = new Date(),
): { kept: number; removed: string[] } {
  const keep = snapshotsToKeep(list, now);
  const kept = list.filter((r) => keep.has(r.id));
  writeJsonAtomic(path.join(/* turbopackIgnore: true */ backupDir, MANIFEST), { snapshots: kept });
  const removed: string[] = [];
  for (const r of list) {
    if (keep.has(r.id)) continue;
    fs.rmSync(path.join(/* turbopackIgnore: true */ backupDir, `${r.id}.db`), { force: true });
    fs.rmSync(path.join(/* turbopackIgnore: true */ backupDir, `${r.id}.json`), { force: true });
    removed.push(r.id);
  }
  if (removed.length) {
    const needed = new Set<string>();
    for (const r of kept) {
      for (const hash of Object.values(mediaOf(backupDir, r.id))) needed.add(hash);
    }
    const mediaDir = path.join(/* turbopackIgnore: true */ backupDir, "media");
    for (const name of fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : []) {
      if (/^[0-9a-f]{64}$/u.test(name) && !needed.has(name))
        fs.rmSync(path.join(/* turbopackIgnore: true */ mediaDir, name), { force: true });
    }
  }
  return { kept: kept.length, removed };
}

function mediaOf(backupDir: string, id: string): Record<string, string> {
  return (
    readJson<{ media?: Record<string, string> }>(path.join(/* turbopackIgnore: true */ backupDir, `${id}.json`))
      ?.media ?? {}
  );
}

export function findSnapshot(backupDir: string, id: string): SnapshotRecord {
  const r = isSnapshotId(id) ? listSnapshots(backupDir).find((s) => s.id === id) : undefined;
  if (!r) throw new UnknownSnapshotError(`There is no snapshot ${id}.`);
  return r;
}

/**
 * Replaces the database and the media folder with a snapshot's. Every connection to the database
 * must be closed (the caller sees to it). The copy is checked before it replaces anything; the
 * database file is swapped by a rename, its old -wal and -shm files removed, and the schema brought
 * up to date (a snapshot may be older than the app).
 */
export function restoreSync(p: BackupPaths, id: string): SnapshotRecord {
  const record = findSnapshot(p.backupDir, id);
  // The file is derived from the checked id, never taken from the record (which anyone with the folder can edit).
  const file = `${record.id}.db`;
  if (record.file !== file)
    throw new DamagedSnapshotError(
      `Snapshot ${id} is damaged: its record names the file "${String(record.file)}" instead of ${file}. The journal was left as it was.`,
    );
  const source = path.join(/* turbopackIgnore: true */ p.backupDir, file);
  fs.mkdirSync(path.dirname(/* turbopackIgnore: true */ p.dbFile), { recursive: true, mode: 0o700 });
  const tmp = `${p.dbFile}.restore-tmp`;
  fs.copyFileSync(source, tmp);
  fs.chmodSync(tmp, 0o600); // the journal is the owner's alone (a snapshot from before this rule may be 0644)
  // The snapshot passed integrity_check when it was taken; here the copy must still be that file:
  // its size, and the row counts recorded then (a full check of a large journal takes seconds).
  let check: Database.Database;
  try {
    // Keyed: a snapshot of an encrypted journal is encrypted with the same journal key (a wrong key fails at the first read).
    const opened = openDatabase(tmp, p.key ?? null, { fileMustExist: true });
    try {
      opened.prepare("SELECT count(*) FROM sqlite_master").get();
    } catch (err) {
      opened.close();
      throw err;
    }
    check = opened;
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new DamagedSnapshotError(
      `Snapshot ${id} is damaged and cannot be opened (${err instanceof Error ? err.message : String(err)}). The journal was left as it was.`,
    );
  }
  try {
    const size = fs.statSync(tmp).size;
    if (size !== record.bytes)
      throw new DamagedSnapshotError(
        `Snapshot ${id} is damaged: the file has ${size} bytes where ${record.bytes} were recorded. The journal was left as it was.`,
      );
    const counts = check
      .prepare(
        `SELECT (SELECT count(*) FROM "entries") AS entries, (SELECT count(*) FROM "media_files") AS media_files`,
      )
      .get() as { entries: number; media_files: number };
    if (counts.entries !== record.entries || counts.media_files !== record.media_files) {
      throw new DamagedSnapshotError(
        `Snapshot ${id} is damaged: it holds ${counts.entries} entries where ${record.entries} were recorded. The journal was left as it was.`,
      );
    }
    check.pragma("journal_mode = WAL");
  } catch (err) {
    check.close();
    fs.rmSync(tmp, { force: true });
    if (err instanceof DamagedSnapshotError) throw err;
    throw new DamagedSnapshotError(
      `Snapshot ${id} is damaged (${err instanceof Error ? err.message : String(err)}). The journal was left as it was.`,
    );
  }
  check.close();
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${p.dbFile}${suffix}`, { force: true });
  fs.renameSync(tmp, p.dbFile);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${tmp}${suffix}`, { force: true });
  migrate(p.dbFile, undefined, p.key ?? null);

  // Media: exactly the snapshot's files (anything else was saved by the snapshot taken before).
  const media = mediaOf(p.backupDir, id);
  fs.mkdirSync(p.uploadDir, { recursive: true });
  for (const name of fs.readdirSync(p.uploadDir)) {
    if (name.startsWith(".") || media[name]) continue;
    const full = path.join(/* turbopackIgnore: true */ p.uploadDir, name);
    if (fs.statSync(full).isFile()) fs.rmSync(full, { force: true });
  }
  for (const [name, hash] of Object.entries(media)) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/u.test(name) || !/^[0-9a-f]{64}$/u.test(hash)) continue;
    const blob = path.join(/* turbopackIgnore: true */ p.backupDir, "media", hash);
    const target = path.join(/* turbopackIgnore: true */ p.uploadDir, name);
    const st = fs.statSync(target, { throwIfNoEntry: false });
    const blobSt = fs.statSync(blob, { throwIfNoEntry: false });
    if (!blobSt) continue;
    if (st && st.size === blobSt.size) continue;
    fs.copyFileSync(blob, `${target}.restore-tmp`);
    fs.chmodSync(`${target}.restore-tmp`, 0o600);
    fs.renameSync(`${target}.restore-tmp`, target);
  }
  return record;
}

/** At start: when the database file is missing and snapshots exist, restores the newest. */
export function restoreIfMissing(p: BackupPaths): SnapshotRecord | null {
  if (fs.existsSync(p.dbFile)) return null;
  const newest = listSnapshots(p.backupDir)[0];
  if (!newest) return null;
  return restoreSync(p, newest.id);
}

/**
 * Clear All Data: every snapshot goes, with its record, the manifest and every media blob (the person
 * asked for everything to go; snapshots kept it for up to a year). The key file copy stays (it holds no
 * words and later snapshots of an encrypted journal need it). Gives how many snapshots were removed.
 */
export function removeAllSnapshots(backupDir: string): number {
  if (!fs.existsSync(/* turbopackIgnore: true */ backupDir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(/* turbopackIgnore: true */ backupDir)) {
    const full = path.join(/* turbopackIgnore: true */ backupDir, name);
    if (name === "media") {
      fs.rmSync(full, { recursive: true, force: true });
      continue;
    }
    if (/\.db$/u.test(name)) removed++;
    if (/\.(db|json|tmp)$/u.test(name) || /\.db-(wal|shm|journal)$/u.test(name) || /\.json\.tmp$/u.test(name))
      fs.rmSync(full, { force: true });
  }
  return removed;
}

/** The stored file names an entry's JSON form in Recently deleted keeps. */
function trashedNames(snapshot: string): string[] {
  try {
    const s = JSON.parse(snapshot) as { media?: { storedName?: unknown; thumbnailName?: unknown }[] };
    return (s.media ?? [])
      .flatMap((m) => [m.storedName, m.thumbnailName])
      .filter((n): n is string => typeof n === "string");
  } catch {
    return [];
  }
}

/**
 * Delete for good, in the snapshots too: every snapshot that holds one of `ids` (in its journal or its
 * Recently deleted) is rewritten without them (secure_delete, then VACUUM, so no freed page keeps their
 * words), their media leave its record, and media blobs no snapshot names any more are removed. Each
 * snapshot's record (size, counts) is brought up to date so that it still restores. `files`: stored
 * names of the entries' media known to the caller. Gives how many snapshots were rewritten.
 */
export function scrubSnapshots(p: BackupPaths, ids: readonly string[], files: readonly string[] = []): number {
  if (!ids.length || !fs.existsSync(/* turbopackIgnore: true */ p.backupDir)) return 0;
  const list = listSnapshots(p.backupDir);
  const marks = ids.map(() => "?").join(", ");
  let rewritten = 0;
  const dropNames = new Set(files);
  const updated = new Map<string, Partial<SnapshotRecord>>();
  for (const r of list) {
    const file = path.join(/* turbopackIgnore: true */ p.backupDir, `${r.id}.db`);
    let conn: Database.Database;
    try {
      conn = openDatabase(file, p.key ?? null, { fileMustExist: true });
      conn.prepare("SELECT count(*) FROM sqlite_master").get();
    } catch (err) {
      console.error(
        `[reverie] snapshot ${r.id} could not be opened to remove entries deleted for good: ${err instanceof Error ? err.message : String(err)}`,
      );
      continue;
    }
    try {
      const has = (table: string) =>
        (
          conn.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) as {
            n: number;
          }
        ).n > 0;
      const live = conn.prepare(`SELECT count(*) AS n FROM "entries" WHERE "id" IN (${marks})`).get(...ids) as {
        n: number;
      };
      const trashed = has("deleted_entries")
        ? (conn.prepare(`SELECT "snapshot" FROM "deleted_entries" WHERE "id" IN (${marks})`).all(...ids) as {
            snapshot: string;
          }[])
        : [];
      if (live.n === 0 && trashed.length === 0) continue;
      const media = conn
        .prepare(`SELECT "stored_name" AS s, "thumbnail_name" AS t FROM "media_files" WHERE "entry_id" IN (${marks})`)
        .all(...ids) as { s: string; t: string | null }[];
      const names = [...media.flatMap((m) => [m.s, m.t]), ...trashed.flatMap((t) => trashedNames(t.snapshot))].filter(
        (n): n is string => !!n,
      );
      conn.pragma("secure_delete = ON");
      conn.pragma("foreign_keys = ON");
      conn.transaction(() => {
        conn.prepare(`DELETE FROM "entries" WHERE "id" IN (${marks})`).run(...ids);
        if (trashed.length) conn.prepare(`DELETE FROM "deleted_entries" WHERE "id" IN (${marks})`).run(...ids);
        conn.prepare(`DELETE FROM "tags" WHERE "id" NOT IN (SELECT "tag_id" FROM "entry_tags")`).run();
        if (has("entry_tombstones")) {
          const put = conn.prepare(`INSERT OR IGNORE INTO "entry_tombstones" ("id", "deleted_at") VALUES (?, ?)`);
          const at = new Date().toISOString().replace("Z", "+00:00");
          for (const id of ids) put.run(id, at);
        }
      })();
      // The search index keeps its own copy of the words: its segments are merged so none is left behind.
      if (has("entries_fts")) {
        try {
          conn.prepare(`INSERT INTO "entries_fts"("entries_fts") VALUES ('optimize')`).run();
        } catch {
          /* an index of another shape: VACUUM below still drops the freed pages */
        }
      }
      conn.exec("VACUUM");
      const counts = conn
        .prepare(
          `SELECT (SELECT count(*) FROM "entries") AS entries, (SELECT count(*) FROM "media_files") AS media_files, (SELECT count(*) FROM "tags") AS tags`,
        )
        .get() as { entries: number; media_files: number; tags: number };
      conn.close();
      for (const n of names) dropNames.add(n);
      updated.set(r.id, { ...counts, bytes: fs.statSync(file).size });
      rewritten++;
    } catch (err) {
      // The entry is gone from the journal already; a snapshot that cannot be rewritten is said in the log, the others still are.
      console.error(
        `[reverie] snapshot ${r.id} could not be rewritten without entries deleted for good: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      if (conn.open) conn.close();
    }
  }
  // Records: new sizes and counts, and the entries' media out of every snapshot's media list.
  const recordsDir = p.backupDir;
  for (const r of list) {
    const sidecar = path.join(/* turbopackIgnore: true */ recordsDir, `${r.id}.json`);
    const full = readJson<SnapshotRecord & { media?: Record<string, string> }>(sidecar);
    if (!full) continue;
    const media = { ...(full.media ?? {}) };
    let changed = false;
    for (const n of Object.keys(media)) {
      if (dropNames.has(n)) {
        delete media[n];
        changed = true;
      }
    }
    const u = updated.get(r.id);
    if (!u && !changed) continue;
    writeJsonAtomic(sidecar, { ...full, ...u, media });
  }
  if (updated.size) {
    const manifestFile = path.join(/* turbopackIgnore: true */ p.backupDir, MANIFEST);
    const manifest = readJson<{ snapshots: SnapshotRecord[] }>(manifestFile);
    if (manifest && Array.isArray(manifest.snapshots)) {
      writeJsonAtomic(manifestFile, {
        snapshots: manifest.snapshots.map((s) => (updated.has(s.id) ? { ...s, ...updated.get(s.id) } : s)),
      });
    }
  }
  removeUnnamedMedia(p.backupDir);
  return rewritten;
}

/** Removes the media blobs that no snapshot's record names. */
function removeUnnamedMedia(backupDir: string): void {
  const needed = new Set<string>();
  for (const r of listSnapshots(backupDir))
    for (const hash of Object.values(mediaOf(backupDir, r.id))) needed.add(hash);
  const mediaDir = path.join(/* turbopackIgnore: true */ backupDir, "media");
  for (const name of fs.existsSync(/* turbopackIgnore: true */ mediaDir)
    ? fs.readdirSync(/* turbopackIgnore: true */ mediaDir)
    : []) {
    if (/^[0-9a-f]{64}$/u.test(name) && !needed.has(name))
      fs.rmSync(path.join(/* turbopackIgnore: true */ mediaDir, name), { force: true });
  }
}
