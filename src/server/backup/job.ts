/**
 * The work of one snapshot, written as ONE self-contained function (no imports, no outside names) so
 * that it runs the same in the main thread (shutdown, command line) and, from its source text, in a
 * worker thread (automatic snapshots), where its seconds of disk work never hold up a request.
 *
 * It copies the database with `VACUUM INTO` from its own read-only connection (in WAL mode a reader
 * never blocks the writer), checks the copy (`integrity_check`, row counts), and copies every media
 * file not already in the store, named by the SHA-256 of its bytes, so each is copied once. Once the
 * database is encrypted, the connection is the keyed one and `VACUUM INTO` writes an encrypted copy;
 * media go through `copyMedia` below, the one place that would encrypt them.
 */
import "server-only";
import type BetterSqlite3 from "better-sqlite3";
import type { SnapshotDto } from "@/contracts/backups";

export interface SnapshotJobInput {
  dbFile: string;
  uploadDir: string;
  backupDir: string;
  id: string;
  reason: string;
  createdAt: string;
  /** The journal key in hex when the journal is encrypted (null: plaintext), and the SQLite cipher. */
  keyHex: string | null;
  cipher: string;
}

/** A snapshot's record (beside its file and in the manifest): the API's SnapshotDto, with the counts' two outcomes. */
export type SnapshotRecord = Omit<SnapshotDto, "verified"> & {
  verified: { integrity: string; counts: "matched live journal" | "read from copy" };
};

export interface SnapshotDeps {
  Database: typeof BetterSqlite3;
  fs: typeof import("node:fs");
  path: typeof import("node:path");
  crypto: typeof import("node:crypto");
}

export function runSnapshotJob(input: SnapshotJobInput, deps: SnapshotDeps): SnapshotRecord {
  const { Database, fs, path, crypto } = deps;
  const started = Date.now();
  const mediaDir = path.join(/* turbopackIgnore: true */ input.backupDir, "media");
  // Snapshots hold every word: their folders are the owner's alone (0700), every file 0600.
  fs.mkdirSync(mediaDir, { recursive: true, mode: 0o700 });
  const ownerOnly = (f: string) => {
    try {
      fs.chmodSync(f, 0o600);
    } catch {
      /* a file system without modes */
    }
  };
  const file = `${input.id}.db`;
  const target = path.join(/* turbopackIgnore: true */ input.backupDir, file);
  const tmp = `${target}.tmp`;
  fs.rmSync(tmp, { force: true });

  const countSql = `SELECT (SELECT count(*) FROM "entries") AS entries, (SELECT count(*) FROM "media_files") AS media_files, (SELECT count(*) FROM "tags") AS tags`;
  type Counts = { entries: number; media_files: number; tags: number };
  const version = (c: BetterSqlite3.Database) => Number(c.pragma("data_version", { simple: true }));

  // Keyed as src/server/db/keyed.ts keys every connection (this function cannot import it: it also runs from its source text).
  const openKeyed = (file: string, options: BetterSqlite3.Options): BetterSqlite3.Database => {
    const c = new Database(file, options);
    if (input.keyHex) {
      c.pragma(`cipher = '${input.cipher}'`);
      c.pragma(`key = "x'${input.keyHex}'"`);
    }
    c.pragma("temp_store = MEMORY");
    return c;
  };

  // 1. The consistent copy, from a connection of its own (over the keyed connection the copy is encrypted with the same key).
  const live = openKeyed(input.dbFile, { readonly: true, fileMustExist: true, timeout: 10_000 });
  let liveCounts: Counts;
  let unchanged: boolean;
  try {
    const before = version(live);
    // VACUUM INTO creates the file with the process's default mode: it is made the owner's before it holds anything.
    fs.closeSync(fs.openSync(tmp, "w", 0o600));
    ownerOnly(tmp);
    live.prepare(`VACUUM INTO ?`).run(tmp);
    liveCounts = live.prepare(countSql).get() as Counts;
    unchanged = version(live) === before;
  } finally {
    live.close();
  }

  const copied = Date.now();
  // 2. Verified before it counts as a snapshot.
  let counts: Counts;
  let integrity: string;
  const copy = openKeyed(tmp, { readonly: true, fileMustExist: true });
  try {
    // integrity_check of every table with its indexes, page by page, the search index's own tables
    // included. Left out: FTS5's check that the search index matches the entries (seconds at 100k
    // entries; the index is derived from the entries and can be rebuilt from them).
    const tables = copy
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'`)
      .all() as { name: string }[];
    const problems: string[] = [];
    for (const t of tables) {
      const rows = copy.pragma(`integrity_check("${t.name.replace(/"/gu, '""')}")`) as { integrity_check: string }[];
      for (const r of rows) if (r.integrity_check !== "ok") problems.push(`${t.name}: ${r.integrity_check}`);
    }
    integrity = problems.length ? problems.join("; ") : "ok";
    if (integrity !== "ok") throw new Error(`The snapshot copy failed its integrity check: ${integrity}`);
    counts = copy.prepare(countSql).get() as Counts;
  } finally {
    copy.close();
  }
  // No commit came between the copy and the count: the copy must hold exactly the live rows.
  if (
    unchanged &&
    (counts.entries !== liveCounts.entries ||
      counts.media_files !== liveCounts.media_files ||
      counts.tags !== liveCounts.tags)
  ) {
    fs.rmSync(tmp, { force: true });
    throw new Error(`The snapshot copy has ${counts.entries} entries where the journal has ${liveCounts.entries}.`);
  }
  const fd = fs.openSync(tmp, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }

  const verified = Date.now();
  // 3. Media: content-addressed, copied once.
  const indexFile = path.join(/* turbopackIgnore: true */ input.backupDir, "media-index.json");
  let index: Record<string, string> = {};
  try {
    index = JSON.parse(fs.readFileSync(indexFile, "utf8")) as Record<string, string>;
  } catch {
    index = {};
  }
  const nextIndex: Record<string, string> = {};
  const media: Record<string, string> = {};
  let mediaBytes = 0;
  let mediaNew = 0;
  // Media files of an encrypted journal are already encrypted in the upload folder: they are copied as they are.
  const copyMedia = (from: string, to: string) => {
    const part = `${to}.tmp`;
    fs.copyFileSync(from, part);
    ownerOnly(part);
    fs.renameSync(part, to);
  };
  let names: string[] = [];
  try {
    names = fs.readdirSync(input.uploadDir);
  } catch {
    names = [];
  }
  for (const name of names.sort()) {
    if (name.startsWith(".")) continue;
    const full = path.join(/* turbopackIgnore: true */ input.uploadDir, name);
    let st: import("node:fs").Stats;
    try {
      st = fs.statSync(full);
    } catch {
      continue;
    }
    if (!st.isFile()) continue;
    const key = `${name}:${st.size}:${st.mtimeMs}`;
    let hash = index[key];
    const blob = () => path.join(/* turbopackIgnore: true */ mediaDir, hash!);
    if (!hash || !fs.existsSync(blob())) {
      try {
        hash = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex");
      } catch {
        continue; // removed meanwhile
      }
      if (!fs.existsSync(blob())) {
        copyMedia(full, blob());
        mediaNew++;
      }
    }
    nextIndex[key] = hash;
    media[name] = hash;
    mediaBytes += st.size;
  }
  fs.writeFileSync(`${indexFile}.tmp`, JSON.stringify(nextIndex), { mode: 0o600 });
  ownerOnly(`${indexFile}.tmp`);
  fs.renameSync(`${indexFile}.tmp`, indexFile);

  // 4. In place, with its record beside it (the record lists the media it needs).
  fs.renameSync(tmp, target);
  const record: SnapshotRecord = {
    id: input.id,
    created_at: input.createdAt,
    reason: input.reason,
    file,
    bytes: fs.statSync(target).size,
    entries: counts.entries,
    media_files: counts.media_files,
    tags: counts.tags,
    media_bytes: mediaBytes,
    media_new: mediaNew,
    verified: { integrity, counts: unchanged ? "matched live journal" : "read from copy" },
    took_ms: Date.now() - started,
    copy_ms: copied - started,
    verify_ms: verified - copied,
    media_ms: Date.now() - verified,
  };
  const sidecar = path.join(/* turbopackIgnore: true */ input.backupDir, `${input.id}.json`);
  fs.writeFileSync(`${sidecar}.tmp`, JSON.stringify({ ...record, media }, null, 1), { mode: 0o600 });
  ownerOnly(`${sidecar}.tmp`);
  fs.renameSync(`${sidecar}.tmp`, sidecar);
  return record;
}
