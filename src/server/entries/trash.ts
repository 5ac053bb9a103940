import "server-only";
import type { EntryDto } from "@/contracts/entries";
import type { RestoreResultDto, TrashedEntryDto, TrashListDto } from "@/contracts/trash";
import type { Prisma } from "@/generated/prisma/client";
import { readingModelName } from "@/domain/models";
import { purgeAt, TRASH_RETENTION_DAYS, trashExcerpt } from "@/domain/trash";
import { db, readDb } from "@/server/db/client";
import { HttpError, notFound } from "@/server/http/errors";
import { removeStoredFiles } from "@/server/storage/paths";
import { entryFields, entryInclude } from "./mapping";
import { readEntries } from "./read";
import { bumpDataVersion } from "./version";

/**
 * Recently deleted. A deleted entry leaves the "entries" table, so that every read (lists, search,
 * statistics, calendar, On this day, chat) stays right without a filter, and its full JSON form is kept
 * in "deleted_entries" for 30 days. Its media files stay on disk until it is purged. Restoring puts the
 * entry back under the same id, with its tags and media.
 */

/** A deleted entry's JSON form. Media rows keep their stored file names, so restoring finds the files. */
interface TrashSnapshot {
  entry: Omit<EntryDto, "tags" | "media_files">;
  tags: string[];
  media: {
    id: string;
    fileType: string;
    filename: string;
    storedName: string;
    mimeType: string;
    size: number;
    thumbnailName: string | null;
    createdAt: string;
  }[];
}

function readSnapshot(raw: string): TrashSnapshot | null {
  try {
    const s = JSON.parse(raw) as Partial<TrashSnapshot>;
    if (!s || typeof s !== "object" || !s.entry || typeof s.entry.content !== "string") return null;
    return { entry: s.entry, tags: Array.isArray(s.tags) ? s.tags : [], media: Array.isArray(s.media) ? s.media : [] };
  } catch {
    return null;
  }
}

type Tx = Prisma.TransactionClient;

/**
 * Leaves a tombstone for each id deleted for good (no words, only the id and when): a late create with
 * one of them is refused with 410 ENTRY_DELETED (see createEntryOnce). In the caller's transaction.
 */
export async function tombstone(tx: Tx, ids: readonly string[], now = new Date()): Promise<void> {
  for (const id of ids) {
    await tx.entryTombstone.upsert({ where: { id }, create: { id, deletedAt: now }, update: { deletedAt: now } });
  }
}

/**
 * True when a media id belongs to an entry in Recently deleted: it is not free, so that restoring that
 * entry brings its photo back under its id (an upload with it for another entry is refused, an import
 * gives its media a new id).
 */
export async function mediaIdInTrash(mediaId: string): Promise<boolean> {
  const prisma = await db();
  const rows = await prisma.$queryRawUnsafe<{ snapshot: string }[]>(
    `SELECT "snapshot" FROM "deleted_entries" WHERE instr("snapshot", ?) > 0`,
    mediaId,
  );
  return rows.some((r) => readSnapshot(r.snapshot)?.media.some((m) => m.id === mediaId) ?? false);
}

const filesOf = (s: TrashSnapshot | null): string[] =>
  s ? s.media.flatMap((m) => [m.storedName, m.thumbnailName]).filter((n): n is string => !!n) : [];

/**
 * Moves an entry to Recently deleted: one transaction writes its snapshot and deletes it (its tag links
 * and media rows go with it; tags no entry uses any more are removed). An older snapshot under the same
 * id (an entry deleted, imported again, deleted again) is replaced and its files removed.
 */
export async function trashEntry(id: string, now = new Date()): Promise<void> {
  const prisma = await db();
  const replaced = await prisma.$transaction(async (tx) => {
    const e = await tx.entry.findUnique({ where: { id }, include: entryInclude });
    if (!e) throw notFound("Entry not found");
    const snapshot: TrashSnapshot = {
      entry: entryFields(e),
      tags: e.tags.map((t) => t.tag.name),
      media: e.mediaFiles.map((m) => ({
        id: m.id,
        fileType: m.fileType,
        filename: m.filename,
        storedName: m.storedName,
        mimeType: m.mimeType,
        size: m.size,
        thumbnailName: m.thumbnailName,
        createdAt: m.createdAt.toISOString(),
      })),
    };
    const old = await tx.deletedEntry.findUnique({ where: { id }, select: { snapshot: true } });
    const row = { title: e.title, createdAt: e.createdAt, deletedAt: now, snapshot: JSON.stringify(snapshot) };
    await tx.deletedEntry.upsert({ where: { id }, create: { id, ...row }, update: row });
    await tx.entry.delete({ where: { id } });
    await tx.tag.deleteMany({ where: { entries: { none: {} } } });
    const kept = new Set(filesOf(snapshot));
    return old ? filesOf(readSnapshot(old.snapshot)).filter((n) => n && !kept.has(n)) : [];
  });
  bumpDataVersion();
  await removeStoredFiles(replaced);
}

/** Everything in Recently deleted, most recently deleted first (src/server/data/purge.ts purges expired entries first). */
export async function listTrashRecords(): Promise<TrashListDto> {
  const prisma = await db();
  const rows = await prisma.deletedEntry.findMany({ orderBy: [{ deletedAt: "desc" }, { id: "asc" }] });
  const entries: TrashedEntryDto[] = rows.map((r) => {
    const s = readSnapshot(r.snapshot);
    return {
      id: r.id,
      title: r.title,
      created_at: r.createdAt.toISOString(),
      deleted_at: r.deletedAt.toISOString(),
      purge_at: purgeAt(r.deletedAt).toISOString(),
      excerpt: s ? trashExcerpt(s.entry.content) : "",
      tags: s?.tags ?? [],
      media_count: s?.media.length ?? 0,
    };
  });
  return { entries, retention_days: TRASH_RETENTION_DAYS };
}

/**
 * Puts a deleted entry back under its own id, with its tags and media. 404 when it is not in Recently
 * deleted; 409 when an entry with that id is in the journal again (an import brought it back).
 */
export async function restoreEntry(id: string): Promise<RestoreResultDto> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const row = await tx.deletedEntry.findUnique({ where: { id } });
    if (!row) throw notFound("This entry is not in Recently deleted.");
    if ((await tx.entry.count({ where: { id } })) > 0) {
      throw new HttpError(
        "CONFLICT",
        "An entry with this id is already in your journal, so this copy cannot be restored. You can delete it for good.",
      );
    }
    const s = readSnapshot(row.snapshot);
    if (!s) throw new HttpError("CONFLICT", "This deleted entry cannot be read any more, so it cannot be restored.");
    const e = s.entry;
    await tx.entry.create({
      data: {
        id,
        title: e.title ?? "",
        content: e.content,
        createdAt: new Date(e.created_at),
        updatedAt: new Date(e.updated_at),
        mood: e.mood ?? null,
        aiMoodScore: e.ai_mood_score ?? null,
        aiSummary: e.ai_summary ?? null,
        aiThemes: e.ai_themes ?? null,
        aiModel: readingModelName(e.ai_model),
        aiQuestions: typeof e.ai_questions === "string" ? e.ai_questions : null,
        locationName: e.location_name ?? null,
        locationLat: e.location_lat ?? null,
        locationLng: e.location_lng ?? null,
        wordCount: e.word_count ?? 0,
        conflictOf: e.conflict_of ?? null,
        tags: { create: s.tags.map((name) => ({ tag: { connectOrCreate: { where: { name }, create: { name } } } })) },
      },
      select: { id: true },
    });
    for (const m of s.media) {
      // A media id or file taken meanwhile (never expected) is left out rather than failing the restore.
      const clash = await tx.mediaFile.count({ where: { OR: [{ id: m.id }, { storedName: m.storedName }] } });
      if (clash) continue;
      await tx.mediaFile.create({
        data: {
          id: m.id,
          entryId: id,
          fileType: m.fileType,
          filename: m.filename,
          storedName: m.storedName,
          mimeType: m.mimeType,
          size: m.size,
          thumbnailName: m.thumbnailName,
          createdAt: new Date(m.createdAt),
        },
      });
    }
    await tx.deletedEntry.delete({ where: { id } });
  });
  bumpDataVersion();
  const [entry] = readEntries(await readDb(), [id]);
  if (!entry) throw notFound("Entry not found");
  return { success: true, entry };
}

/** What a deletion for good removed: the ids (now tombstoned) and their stored files, already deleted. */
export interface Purged {
  ids: string[];
  files: string[];
  count: number;
}

/**
 * Deletes one entry of Recently deleted for good, with its files. The snapshots are rewritten by the
 * caller (src/server/data/purge.ts), the floor that knows them.
 */
export async function purgeEntryRecord(id: string): Promise<Purged> {
  const prisma = await db();
  const { row, count } = await prisma.$transaction(async (tx) => {
    const row = await tx.deletedEntry.findUnique({ where: { id }, select: { snapshot: true } });
    if (!row) throw notFound("This entry is not in Recently deleted.");
    const { count } = await tx.deletedEntry.deleteMany({ where: { id } });
    await tombstone(tx, [id]);
    return { row, count };
  });
  const files = filesOf(readSnapshot(row.snapshot));
  await removeStoredFiles(files);
  return { ids: [id], files, count };
}

/** Deletes for good what Recently deleted holds (all of it, or what was deleted before `before`), with its files. */
export async function purgeRecords(before?: Date): Promise<Purged> {
  const where = before ? { deletedAt: { lt: before } } : {};
  const prisma = await db();
  const { rows, count } = await prisma.$transaction(async (tx) => {
    const rows = await tx.deletedEntry.findMany({ where, select: { id: true, snapshot: true } });
    const { count } = await tx.deletedEntry.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    await tombstone(
      tx,
      rows.map((r) => r.id),
    );
    return { rows, count };
  });
  const files = rows.flatMap((r) => filesOf(readSnapshot(r.snapshot)));
  if (files.length) await removeStoredFiles(files);
  return { ids: rows.map((r) => r.id), files, count };
}
