/**
 * Turning encryption on and off for a whole journal, crash-safely: the database, its media and
 * thumbnails, and every snapshot with its media. Plain Node: the server (Settings) and
 * `npm run journal:encrypt` share it. Every connection to the database must be closed meanwhile.
 *
 * How a kill at any moment is survived:
 * 1. A marker file `<db>.change.json` says "copy": new versions of every file are written BESIDE the
 *    old ones (temp names), each fsynced. The old journal is untouched and still opens as before.
 * 2. The marker is rewritten (atomic rename) to "commit" with the list of renames. This is the moment
 *    the change happens.
 * 3. The renames run (each atomic), then the marker is removed.
 * At start (`recoverInterruptedChange`), a "copy" marker means the change never happened: the temp files
 * are removed. A "commit" marker means it did: the remaining renames are finished. No key is needed
 * for either, so the journal then opens with the old passphrase (before the commit) or the new state.
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase, SQLITE_CIPHER } from "../db/keyed";
import {
  backupKeyFilePath,
  fsyncFile,
  isEncryptedJournal,
  KEY_BYTES,
  keyFilePath,
  readKeyFile,
  syncDir,
  unwrapKey,
  wrapKey,
  writeFileAtomic,
  writeKeyFile,
} from "../keys/keyfile";
import { decryptBuffer, encryptBuffer, isEncryptedMedia } from "../keys/media-cipher";
import { env } from "../env";
import { SEGMENT_BYTES, SEGMENTS_MAGIC, segmentsToAppend } from "../keys/sealed-file";

export interface JournalPaths {
  dbFile: string;
  uploadDir: string;
  backupDir: string;
}

/** Temp names: a suffix for databases and key files, a prefix for media (dot files are skipped by media sweeps and snapshots). */
const TMP_SUFFIX = ".change-tmp";
const MEDIA_PREFIX = ".change-";

interface Marker {
  phase: "copy" | "commit";
  direction: "encrypt" | "decrypt";
  /** [temp, target]: rename temp over target. [null, target]: remove target. */
  steps: [string | null, string][];
}

export const markerPath = (dbFile: string) => `${dbFile}.change.json`;

/** For the crash tests: `REVERIE_CHANGE_KILL_AT=<step>` kills the process (SIGKILL to itself) at that step. */
function checkpoint(step: string): void {
  const at = env().REVERIE_CHANGE_KILL_AT;
  if (at && at === step) process.kill(process.pid, "SIGKILL");
}

function listFiles(dir: string, filter: (name: string) => boolean): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => !n.startsWith(".") && filter(n))
      .map((n) => path.join(dir, n))
      .filter((f) => fs.statSync(f).isFile());
  } catch {
    return [];
  }
}

function mediaFiles(p: JournalPaths): string[] {
  return [
    ...listFiles(p.uploadDir, () => true),
    ...listFiles(path.join(/* turbopackIgnore: true */ p.backupDir, "media"), (n) => /^[0-9a-f]{64}$/u.test(n)),
  ];
}

/** Imports staged in parts (`.tmp-<uuid>.import` in the upload folder): dot files, so listed on their own. */
function stagedFiles(p: JournalPaths): string[] {
  try {
    return fs
      .readdirSync(p.uploadDir)
      .filter((n) => /^\.tmp-[0-9a-f-]{36}\.import$/u.test(n))
      .map((n) => path.join(p.uploadDir, n))
      .filter((f) => fs.statSync(f).isFile());
  } catch {
    return [];
  }
}

/**
 * Rewrites a staged import for the new state: plaintext (or segments under `fromKey`) read piece by
 * piece, written as segments under `toKey` (see sealed-file.ts) or as plaintext, fsynced. Later parts
 * append to it in the new state's form.
 */
function convertStaged(from: string, to: string, fromKey: Buffer | null, toKey: Buffer | null): void {
  const input = fs.openSync(from, "r");
  const output = fs.openSync(to, "w", 0o600);
  let written = 0;
  const write = (plain: Buffer) => {
    const out = toKey ? segmentsToAppend(toKey, written, plain) : plain;
    fs.writeSync(output, out);
    written += out.length;
  };
  try {
    const size = fs.fstatSync(input).size;
    const head = Buffer.alloc(8);
    const n = fs.readSync(input, head, 0, 8, 0);
    if (n === 8 && head.equals(SEGMENTS_MAGIC)) {
      if (!fromKey)
        throw new Error(`The staged import ${path.basename(from)} is encrypted and the journal key is not known.`);
      for (let pos = 8; pos < size;) {
        const len = Buffer.alloc(4);
        fs.readSync(input, len, 0, 4, pos);
        const blob = Buffer.alloc(len.readUInt32BE(0));
        if (fs.readSync(input, blob, 0, blob.length, pos + 4) !== blob.length)
          throw new Error(`The staged import ${path.basename(from)} is cut short.`);
        write(decryptBuffer(fromKey, blob));
        pos += 4 + blob.length;
      }
    } else {
      const piece = Buffer.alloc(SEGMENT_BYTES);
      for (let pos = 0; pos < size;) {
        const got = fs.readSync(input, piece, 0, piece.length, pos);
        if (got <= 0) break;
        write(Buffer.from(piece.subarray(0, got)));
        pos += got;
      }
    }
    fs.fsyncSync(output);
  } finally {
    fs.closeSync(input);
    fs.closeSync(output);
  }
}

function snapshotFiles(p: JournalPaths): string[] {
  return listFiles(p.backupDir, (n) => n.endsWith(".db"));
}

const mediaTemp = (file: string) => path.join(path.dirname(file), `${MEDIA_PREFIX}${path.basename(file)}`);

/** Writes a copy of database `from` (opened with `fromKey`) to `to` under `toKey` (null: plaintext), fsynced. */
function convertDatabase(from: string, to: string, fromKey: Buffer | null, toKey: Buffer | null, wal: boolean): void {
  fs.rmSync(to, { force: true });
  for (const s of ["-journal", "-wal", "-shm"]) fs.rmSync(`${to}${s}`, { force: true });
  // Everything in the WAL goes into the main file first, so that a file copy is the whole database.
  const src = openDatabase(from, fromKey, { fileMustExist: true });
  try {
    src.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    src.close();
  }
  fs.copyFileSync(from, to);
  const db = openDatabase(to, fromKey, { fileMustExist: true });
  try {
    // SQLite3 Multiple Ciphers rekeys only outside WAL mode; this is a private copy, so no one else sees it.
    db.pragma("journal_mode = DELETE");
    if (toKey) {
      db.pragma(`cipher = '${SQLITE_CIPHER}'`);
      db.pragma(`rekey = "x'${toKey.toString("hex")}'"`);
    } else {
      db.pragma(`rekey = ''`);
    }
    if (wal) db.pragma("journal_mode = WAL");
    const ok = db.pragma("quick_check", { simple: true });
    if (ok !== "ok") throw new Error(`The converted copy of ${path.basename(from)} failed its check: ${String(ok)}`);
  } finally {
    db.close();
  }
  fsyncFile(to);
}

function convertMedia(from: string, to: string, fromKey: Buffer | null, toKey: Buffer | null): void {
  const data = fs.readFileSync(from);
  const plain = fromKey && isEncryptedMedia(data) ? decryptBuffer(fromKey, data) : data;
  const out = toKey ? encryptBuffer(toKey, plain) : plain;
  const fd = fs.openSync(to, "w", 0o600);
  try {
    fs.writeSync(fd, out);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeMarker(dbFile: string, marker: Marker): void {
  writeFileAtomic(markerPath(dbFile), JSON.stringify(marker));
}

function applySteps(steps: Marker["steps"]): void {
  const dirs = new Set<string>();
  for (const [tmp, target] of steps) {
    dirs.add(path.dirname(target));
    if (tmp === null) {
      fs.rmSync(target, { force: true });
      continue;
    }
    if (!fs.existsSync(tmp)) continue; // renamed before the interruption
    if (target.endsWith(".db")) {
      // The old database's WAL was checkpointed into it and belongs to it: it must not meet the new file.
      for (const s of ["-wal", "-shm"]) fs.rmSync(`${target}${s}`, { force: true });
    }
    fs.renameSync(tmp, target);
    checkpoint(`rename:${path.basename(target)}`);
  }
  for (const d of dirs) syncDir(d);
}

function removeTemps(p: JournalPaths): number {
  let n = 0;
  const rm = (f: string) => {
    fs.rmSync(f, { force: true });
    n++;
  };
  for (const dir of [path.dirname(p.dbFile), p.backupDir]) {
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      if (name.includes(TMP_SUFFIX)) rm(path.join(dir, name));
  }
  for (const dir of [p.uploadDir, path.join(/* turbopackIgnore: true */ p.backupDir, "media")]) {
    for (const name of fs.existsSync(/* turbopackIgnore: true */ dir)
      ? fs.readdirSync(/* turbopackIgnore: true */ dir)
      : [])
      if (name.startsWith(MEDIA_PREFIX)) rm(path.join(/* turbopackIgnore: true */ dir, name));
  }
  return n;
}

/**
 * Finishes or undoes a change that a crash interrupted (see the top of this file). Needs no key.
 * Gives what it did.
 */
export function recoverInterruptedChange(p: JournalPaths): "none" | "undone" | "finished" {
  const file = markerPath(p.dbFile);
  if (!fs.existsSync(file)) return "none";
  let marker: Marker | null = null;
  try {
    marker = JSON.parse(fs.readFileSync(file, "utf8")) as Marker;
  } catch {
    marker = null; // a marker cut short was never the commit (that one is written by rename)
  }
  if (marker?.phase === "commit") {
    applySteps(marker.steps);
    fs.rmSync(file, { force: true });
    syncDir(path.dirname(file));
    return "finished";
  }
  removeTemps(p);
  fs.rmSync(file, { force: true });
  syncDir(path.dirname(file));
  return "undone";
}

/** Rewrites every file of the journal from `fromKey` to `toKey` (null: plaintext), then commits. */
function convert(p: JournalPaths, fromKey: Buffer | null, toKey: Buffer | null, keyFile: string | null): void {
  if (fs.existsSync(markerPath(p.dbFile))) recoverInterruptedChange(p);
  const direction = toKey ? "encrypt" : "decrypt";
  writeMarker(p.dbFile, { phase: "copy", direction, steps: [] });
  checkpoint("copy:start");
  const steps: Marker["steps"] = [];
  if (fs.existsSync(p.dbFile)) {
    const tmp = `${p.dbFile}${TMP_SUFFIX}`;
    convertDatabase(p.dbFile, tmp, fromKey, toKey, true);
    steps.push([tmp, p.dbFile]);
    checkpoint("copy:database");
  }
  // Snapshots: each database, and the size its record (and the manifest) keeps, which the restore checks.
  const sizes = new Map<string, number>();
  for (const snap of snapshotFiles(p)) {
    const tmp = `${snap}${TMP_SUFFIX}`;
    convertDatabase(snap, tmp, fromKey, toKey, false);
    steps.push([tmp, snap]);
    sizes.set(path.basename(snap, ".db"), fs.statSync(tmp).size);
  }
  const rewriteJson = (file: string, update: (value: Record<string, unknown>) => void) => {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch {
      return;
    }
    update(value);
    const tmp = `${file}${TMP_SUFFIX}`;
    writeFileAtomic(tmp, JSON.stringify(value, null, 1));
    steps.push([tmp, file]);
  };
  for (const [id, bytes] of sizes) rewriteJson(path.join(p.backupDir, `${id}.json`), (r) => void (r.bytes = bytes));
  if (sizes.size) {
    rewriteJson(path.join(p.backupDir, "manifest.json"), (m) => {
      for (const r of (m.snapshots as { id: string; bytes: number }[] | undefined) ?? [])
        if (sizes.has(r.id)) r.bytes = sizes.get(r.id)!;
    });
  }
  let i = 0;
  for (const file of mediaFiles(p)) {
    const tmp = mediaTemp(file);
    convertMedia(file, tmp, fromKey, toKey);
    steps.push([tmp, file]);
    if (++i === 1) checkpoint("copy:media");
  }
  // Imports staged in parts: a part received while the journal was plain must not stay plaintext.
  for (const file of stagedFiles(p)) {
    const tmp = mediaTemp(file);
    convertStaged(file, tmp, fromKey, toKey);
    steps.push([tmp, file]);
  }
  const liveKey = keyFilePath(p.dbFile);
  const backupKey = backupKeyFilePath(p.backupDir);
  if (keyFile) {
    for (const target of [liveKey, ...(fs.existsSync(p.backupDir) ? [backupKey] : [])]) {
      const tmp = `${target}${TMP_SUFFIX}`;
      writeFileAtomic(tmp, keyFile);
      steps.push([tmp, target]);
    }
  } else {
    steps.push([null, liveKey], [null, backupKey]);
  }
  for (const d of [
    path.dirname(p.dbFile),
    p.uploadDir,
    p.backupDir,
    path.join(/* turbopackIgnore: true */ p.backupDir, "media"),
  ])
    if (fs.existsSync(/* turbopackIgnore: true */ d)) syncDir(d);
  checkpoint("copy:done");
  writeMarker(p.dbFile, { phase: "commit", direction, steps });
  checkpoint("commit");
  applySteps(steps);
  fs.rmSync(markerPath(p.dbFile), { force: true });
  syncDir(path.dirname(p.dbFile));
}

/** Encrypts a plaintext journal under a new random journal key; gives the key. */
export function encryptJournal(p: JournalPaths, passphrase: string): Buffer {
  if (isEncryptedJournal(p.dbFile)) throw new Error("The journal is already encrypted.");
  const key = crypto.randomBytes(KEY_BYTES);
  convert(p, null, key, JSON.stringify(wrapKey(key, passphrase), null, 1));
  return key;
}

/** Decrypts an encrypted journal back to plaintext (the key file is removed last, in the commit). */
export function decryptJournal(p: JournalPaths, key: Buffer): void {
  if (!isEncryptedJournal(p.dbFile)) throw new Error("The journal is not encrypted.");
  convert(p, key, null, null);
}

/**
 * Changes the passphrase: the same journal key, wrapped under the new passphrase. One atomic rename
 * per key file, so a kill leaves the old or the new key file, each opening the same journal.
 */
export function changePassphrase(p: JournalPaths, oldPassphrase: string, newPassphrase: string): Buffer | null {
  const key = unwrapKey(readKeyFile(keyFilePath(p.dbFile)), oldPassphrase);
  if (!key) return null;
  const next = wrapKey(key, newPassphrase);
  writeKeyFile(keyFilePath(p.dbFile), next);
  checkpoint("rekey:live");
  if (fs.existsSync(p.backupDir)) writeKeyFile(backupKeyFilePath(p.backupDir), next);
  return key;
}

/** Keeps a copy of the key file with the snapshots (a journal restored from them after a lost disk needs it). */
export function copyKeyFileToBackups(p: JournalPaths): void {
  const live = keyFilePath(p.dbFile);
  if (!fs.existsSync(live)) return;
  const target = backupKeyFilePath(p.backupDir);
  const data = fs.readFileSync(live);
  if (fs.existsSync(target) && fs.readFileSync(target).equals(data)) return;
  fs.mkdirSync(p.backupDir, { recursive: true });
  writeFileAtomic(target, data);
}

/** At start, when the database and its key file are gone but the snapshots keep a key file: put it back. */
export function restoreKeyFileFromBackups(p: JournalPaths): boolean {
  const live = keyFilePath(p.dbFile);
  const saved = backupKeyFilePath(p.backupDir);
  if (fs.existsSync(live) || fs.existsSync(p.dbFile) || !fs.existsSync(saved)) return false;
  fs.mkdirSync(path.dirname(live), { recursive: true });
  writeFileAtomic(live, fs.readFileSync(saved));
  return true;
}

/**
 * Encrypts any plaintext media file left in the upload folder of an encrypted journal (an upload that
 * was still being received while encryption was turned on). Each file is replaced by an atomic rename
 * of its encrypted copy, so a kill leaves it plaintext or encrypted, never half. Gives the count.
 */
export function sealPlaintextMedia(uploadDir: string, key: Buffer): number {
  let sealed = 0;
  for (const file of listFiles(uploadDir, () => true)) {
    const fd = fs.openSync(file, "r");
    const head = Buffer.alloc(8);
    let n = 0;
    try {
      n = fs.readSync(fd, head, 0, 8, 0);
    } finally {
      fs.closeSync(fd);
    }
    if (n === 8 && (isEncryptedMedia(head) || head.toString("latin1") === "RVNSEGS1")) continue;
    const tmp = mediaTemp(file);
    convertMedia(file, tmp, null, key);
    fs.renameSync(tmp, file);
    sealed++;
  }
  if (sealed) syncDir(uploadDir);
  return sealed;
}
