import "server-only";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import yazl from "yazl";
import type { ExportedEntry, ExportedMedia, JournalFile } from "@/contracts/data";
import { JOURNAL_FILE, JOURNAL_FORMAT, JOURNAL_FORMAT_VERSION } from "@/contracts/data";
import { APP_NAME, APP_VERSION } from "@/domain/constants";
import { isReservedConfigKey } from "@/contracts/config";
import { isCrisisTallyKey } from "@/domain/crisis/tally";
import { isSecretKey } from "@/server/config/service";
import { exportableSafetyPlan } from "@/server/safety-plan/service";
import { exportableCheckIns } from "@/server/checkins/transfer";
import { exportableTemplates } from "@/server/templates/service";
import { db, readDb } from "@/server/db/client";
import { readAllIdsOldestFirst, readEntries, storedNamesOf } from "@/server/entries/read";
import { exportableMemory } from "@/server/memory/service";
import { entryFields, entryInclude, type EntryRow } from "@/server/entries/mapping";
import { storedPath } from "@/server/media/paths";
import { storedReadStream, storedSize } from "@/server/media/sealed";
import { serverTimeZone } from "@/domain/dates";
import { datedMarkdownPath, entryMarkdown, markdownPath } from "./markdown";

/** Per-file bytes a zip adds around the data (local header, descriptor, central record, time fields), rounded up. */
const ZIP_OVERHEAD_PER_FILE = 160;
const ZIP_END_BYTES = 100;

export interface JournalExport {
  /** The zip, produced as it is read. */
  body: ReadableStream<Uint8Array>;
  /** Close to the final size (an upper bound for text, exact for media): for a progress bar. */
  estimatedSize: number;
  filename: string;
}

const extOf = (storedName: string) => /\.([a-z0-9]{1,10})$/u.exec(storedName)?.[1] ?? "bin";

/** The plaintext size of a stored media file (null: missing). */
async function fileSize(file: string): Promise<number | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? await storedSize(file) : null;
  } catch {
    return null;
  }
}

/** The journal as it is written in journal.json (every field, tags by name, media metadata). */
export function toExportedEntry(e: EntryRow, mediaPath: (m: EntryRow["mediaFiles"][number]) => string | null): ExportedEntry {
  return {
    ...entryFields(e),
    tags: e.tags.map((t) => t.tag.name),
    media_files: e.mediaFiles.map(
      (m): ExportedMedia => ({
        id: m.id,
        file_type: m.fileType as ExportedMedia["file_type"],
        filename: m.filename,
        mime_type: m.mimeType,
        size: m.size,
        created_at: m.createdAt.toISOString(),
        path: mediaPath(m),
      }),
    ),
  };
}

/**
 * Settings the person stored (defaults are not), never anything secret-looking, nor consent to a cloud
 * model: that is given in this journal's own consent step, and an import never takes it.
 */
/** Settings the person stored (defaults are not), never anything secret-looking, nor the count of crisis support shown. */
export async function exportableConfig(): Promise<Record<string, string>> {
  const prisma = await db();
  const rows = await prisma.config.findMany({ orderBy: { key: "asc" } });
  return Object.fromEntries(
    rows
      .filter((r) => !isSecretKey(r.key) && !isReservedConfigKey(r.key) && !isCrisisTallyKey(r.key))
      .map((r) => [r.key, r.value]),
  );
}

/** Entries are read in pages (a query with thousands of ids in it would pass SQLite's parameter limit). */
const PAGE = 400;

/** Every entry with its tags and media, oldest first, one page at a time on (created_at, id). */
async function* entryPages(size = PAGE): AsyncGenerator<EntryRow[]> {
  const prisma = await db();
  let last: EntryRow | undefined;
  for (;;) {
    const page = await prisma.entry.findMany({
      include: entryInclude,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: size,
      ...(last ? { where: { OR: [{ createdAt: { gt: last.createdAt } }, { createdAt: last.createdAt, id: { gt: last.id } }] } } : {}),
    });
    if (page.length) yield page;
    if (page.length < size) return;
    last = page[page.length - 1];
  }
}

async function allEntries(): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  for await (const page of entryPages()) out.push(...page);
  return out;
}

/** journal.json and the list of media files to put beside it. */
export async function snapshotJournal(now = new Date()): Promise<{ journal: JournalFile; media: { path: string; file: string; size: number; mtime: Date }[] }> {
  const rows = await allEntries();
  const media: { path: string; file: string; size: number; mtime: Date }[] = [];
  const entries: ExportedEntry[] = [];
  for (const row of rows) {
    const present = new Map<string, string>();
    for (const m of row.mediaFiles) {
      const file = storedPath(m.storedName);
      const size = await fileSize(file);
      if (size === null) {
        console.warn("[reverie] export: media file missing on disk", m.id);
        continue;
      }
      const path = `media/${m.id}.${extOf(m.storedName)}`;
      present.set(m.id, path);
      media.push({ path, file, size, mtime: m.createdAt });
    }
    entries.push(toExportedEntry(row, (m) => present.get(m.id) ?? null));
  }
  const safetyPlan = await exportableSafetyPlan();
  const { checkins, activities } = await exportableCheckIns();
  const templates = await exportableTemplates();
  const memory = await exportableMemory();
  const journal: JournalFile = {
    format: JOURNAL_FORMAT,
    version: JOURNAL_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    exported_at: now.toISOString(),
    config: await exportableConfig(),
    ...(safetyPlan ? { safety_plan: safetyPlan } : {}),
    entries,
    ...(checkins.length || activities.length ? { checkins, checkin_activities: activities } : {}),
    ...(templates.length ? { templates } : {}),
    ...(memory.length ? { memory } : {}),
  };
  return { journal, media };
}

/**
 * The whole journal as one zip, streamed: journal.json first, a Markdown file per entry, then every
 * media file, added by path and stored as is (photos and videos do not shrink) so that nothing is
 * read into memory ahead of the download.
 */
export async function exportJournal(now = new Date()): Promise<JournalExport> {
  const { journal, media } = await snapshotJournal(now);
  const tz = serverTimeZone();
  const zip = new yazl.ZipFile();
  let estimate = ZIP_END_BYTES;

  const json = Buffer.from(JSON.stringify(journal, null, 2), "utf8");
  zip.addBuffer(json, JOURNAL_FILE, { mtime: now });
  estimate += json.length + ZIP_OVERHEAD_PER_FILE + JOURNAL_FILE.length * 2;

  for (const entry of journal.entries) {
    const md = Buffer.from(entryMarkdown(entry, { tz, mediaHref: (m) => (m.path ? `../${m.path}` : null) }), "utf8");
    const name = markdownPath(entry);
    // Stored, not deflated: compressing thousands of small files one by one costs far more time than it saves bytes.
    zip.addBuffer(md, name, { mtime: new Date(entry.updated_at), compress: false });
    estimate += md.length + ZIP_OVERHEAD_PER_FILE + name.length * 2;
  }
  for (const m of media) {
    // Read (and decrypted, for an encrypted journal) only when the zip reaches it: the person asked for their plaintext.
    zip.addReadStreamLazy(m.path, { compress: false, mtime: m.mtime, mode: 0o100644, size: m.size }, (cb) => cb(null, storedReadStream(m.file)));
    estimate += m.size + ZIP_OVERHEAD_PER_FILE + m.path.length * 2;
  }

  const out = zip.outputStream as unknown as Readable;
  // A file that disappears mid-export (deleted meanwhile) ends the download with an error, never a partial zip that looks whole.
  zip.on("error", (err: unknown) => {
    console.error("[reverie] export failed", err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  out.on("error", () => {});
  zip.end();

  const day = now.toISOString().slice(0, 10);
  return { body: Readable.toWeb(out) as ReadableStream<Uint8Array>, estimatedSize: estimate, filename: `reverie-export-${day}.zip` };
}

/** Entries per page of the Markdown export: one page is read while the one before it streams out. */
const MARKDOWN_PAGE = 200;

/**
 * The journal as a zip of Markdown files (GET /data/export/markdown): `YYYY/MM/YYYY-MM-DD-title.md` per
 * entry by its local day in `tz`, with YAML front matter, and its media beside it in `YYYY/MM/media/`,
 * linked relatively (Obsidian opens the folder as a vault). Streamed in bounded memory: entries are read a
 * page at a time, the next page only once the zip has reached the one before, and each file is handed to
 * the zip when it is written out (media read, and decrypted for an encrypted journal, only then).
 */
export function exportMarkdown(tz: string, now = new Date()): JournalExport {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as unknown as Readable;
  const fail = (err: unknown) => {
    console.error("[reverie] Markdown export failed", err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on("error", fail);
  out.on("error", () => {});
  const taken = new Set<string>();
  let estimate = ZIP_END_BYTES;
  let ids: string[] | null = null;
  let at = 0;

  const addPage = async (): Promise<void> => {
    // Plain SQL reads (the hot read path), a page of ids at a time; the list of ids is taken once.
    const conn = await readDb();
    ids ??= readAllIdsOldestFirst(conn);
    if (at >= ids.length) {
      zip.end();
      return;
    }
    const rows = readEntries(conn, ids.slice(at, at + MARKDOWN_PAGE));
    at += MARKDOWN_PAGE;
    const stored = storedNamesOf(
      conn,
      rows.flatMap((e) => e.media_files.map((m) => m.id)),
    );
    let first = true;
    for (const row of rows) {
      const mdPath = datedMarkdownPath(row, tz, taken);
      const dir = mdPath.slice(0, mdPath.lastIndexOf("/"));
      const media: { path: string; file: string; size: number; mtime: Date }[] = [];
      const files: ExportedMedia[] = [];
      for (const m of row.media_files) {
        const name = stored.get(m.id);
        const file = name ? storedPath(name) : null;
        const size = file ? await fileSize(file) : null;
        if (size === null || !file || !name) console.warn("[reverie] Markdown export: media file missing on disk", m.id);
        const rel = size !== null && name ? `media/${m.id}.${extOf(name)}` : null;
        if (rel && file && size !== null) media.push({ path: `${dir}/${rel}`, file, size, mtime: new Date(m.created_at) });
        files.push({ id: m.id, file_type: m.file_type, filename: m.filename, mime_type: m.mime_type, size: m.size, created_at: m.created_at, path: rel });
      }
      const entry = { ...row, tags: row.tags.map((t) => t.name), media_files: files };
      let md: Buffer | null = Buffer.from(entryMarkdown(entry, { tz, mediaHref: (m) => m.path }), "utf8");
      const triggers = first;
      first = false;
      estimate += md.length + ZIP_OVERHEAD_PER_FILE + mdPath.length * 2;
      zip.addReadStreamLazy(mdPath, { compress: false, mtime: new Date(row.updated_at), mode: 0o100644, size: md.length }, (cb) => {
        // The zip has reached this page: read the next one while this one streams out.
        if (triggers) schedule();
        const bytes = md!;
        md = null;
        cb(null, Readable.from([bytes]));
      });
      for (const m of media) {
        zip.addReadStreamLazy(m.path, { compress: false, mtime: m.mtime, mode: 0o100644, size: m.size }, (cb) => cb(null, storedReadStream(m.file)));
        estimate += m.size + ZIP_OVERHEAD_PER_FILE + m.path.length * 2;
      }
    }
  };
  // Pages are added one after another: the next starts once the one before is wholly in the zip.
  let chain = Promise.resolve();
  const schedule = () => {
    chain = chain.then(addPage);
    chain.catch(fail);
  };
  schedule();

  const day = now.toISOString().slice(0, 10);
  return { body: Readable.toWeb(out) as ReadableStream<Uint8Array>, estimatedSize: estimate, filename: `reverie-markdown-${day}.zip` };
}
