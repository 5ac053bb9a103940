import "server-only";
import { openDatabase } from "@/server/db/keyed";
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { uploadDir } from "@/server/storage/paths";
import { isTempName } from "./paths";

/** A temp file untouched this long belongs to no upload in progress (a live one is written to constantly). */
const TEMP_STALE_MS = 5 * 60 * 1000;

/** The names the server gives stored media and their thumbnails (a UUID plus an extension, see paths.ts). */
const GENERATED_NAME_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.thumb\.webp|\.[a-z0-9]{1,10})$/u;

/** When this process started: files last written before it cannot belong to one of its uploads. */
export function processStartedAt(): number {
  return Date.now() - process.uptime() * 1000;
}

/**
 * Removes temp files left in the upload folder by uploads that never finished (a crash or a kill
 * mid-write). Only `.tmp-*` names are touched; stored media are never removed here. Returns the count.
 * At start, pass `{ staleMs: 0, now: processStartedAt() }`: every temp file older than the process is an orphan.
 */
export function sweepTempFiles(opts: { dir?: string; staleMs?: number; now?: number } = {}): number {
  const dir = opts.dir ?? uploadDir();
  const cutoff = (opts.now ?? Date.now()) - (opts.staleMs ?? TEMP_STALE_MS);
  let names: string[];
  try {
    names = readdirSync(/* turbopackIgnore: true */ dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!isTempName(name)) continue;
    const file = path.join(/* turbopackIgnore: true */ dir, name);
    try {
      const st = statSync(/* turbopackIgnore: true */ file);
      if (!st.isFile() || st.mtimeMs > cutoff) continue;
      rmSync(/* turbopackIgnore: true */ file, { force: true });
      removed++;
    } catch (err) {
      console.error("[reverie] could not remove temp file", name, err);
    }
  }
  return removed;
}

/**
 * Removes stored media files that no media row names: an upload cut off between moving its file into
 * place and recording it (never acknowledged), or a delete cut off between removing the row and the file.
 * Only names the server generates are touched, and only files last written before `before` (at start:
 * the process's start), so that an upload in progress is never removed. Returns the count.
 */
export function sweepOrphanFiles(opts: { dbFile: string; dir?: string; before: number; key?: Buffer | null }): number {
  const dir = opts.dir ?? uploadDir();
  let names: string[];
  try {
    names = readdirSync(/* turbopackIgnore: true */ dir).filter((n) => GENERATED_NAME_RE.test(n));
  } catch {
    return 0;
  }
  if (!names.length) return 0;
  const db = openDatabase(/* turbopackIgnore: true */ opts.dbFile, opts.key ?? null, {
    readonly: true,
    fileMustExist: true,
  });
  let known: Set<string>;
  try {
    // Files of entries in Recently deleted are kept until those entries are purged.
    const rows = db
      .prepare(
        `SELECT "stored_name" AS s, "thumbnail_name" AS t FROM "media_files"
         UNION ALL
         SELECT json_extract(m.value, '$.storedName'), json_extract(m.value, '$.thumbnailName')
         FROM "deleted_entries" d, json_each(d."snapshot", '$.media') m WHERE json_valid(d."snapshot")`,
      )
      .all() as { s: string | null; t: string | null }[];
    known = new Set(rows.flatMap((r) => [r.s, r.t].filter((n): n is string => typeof n === "string")));
  } finally {
    db.close();
  }
  let removed = 0;
  for (const name of names) {
    if (known.has(name)) continue;
    const file = path.join(/* turbopackIgnore: true */ dir, name);
    try {
      const st = statSync(/* turbopackIgnore: true */ file);
      if (!st.isFile() || st.mtimeMs >= opts.before) continue;
      rmSync(/* turbopackIgnore: true */ file, { force: true });
      removed++;
    } catch (err) {
      console.error("[reverie] could not remove orphan media file", name, err);
    }
  }
  return removed;
}
