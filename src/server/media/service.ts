import "server-only";
import { v7 as uuidv7 } from "uuid";
import type { MediaFileDto } from "@/contracts/entries";
import { db } from "@/server/db/client";
import { isForeignKeyViolation, isUniqueViolation } from "@/server/db/errors";
import { entryExists } from "@/server/entries/service";
import { mediaIdInTrash } from "@/server/entries/trash";
import { toMediaDto, type MediaRow } from "@/server/entries/mapping";
import { bumpDataVersion } from "@/server/entries/version";
import { HttpError, notFound } from "@/server/http/errors";
import { removeStoredFiles } from "./paths";
import { adoptTempFile } from "./store";
import { discardUpload, receiveUpload } from "./upload";

const ENTRY_NOT_FOUND = "Entry not found";
const MEDIA_NOT_FOUND = "Media not found";
const MEDIA_ID_TAKEN = "This media id belongs to another entry.";
const MEDIA_ID_IN_TRASH = "This media id belongs to an entry in Recently deleted.";

/**
 * The media already recorded under a client-made id, when it belongs to this entry (an upload sent
 * again); 409 when the id is another entry's, also an entry's in Recently deleted (restoring it must
 * bring that photo back under its id); null when it is new. The media rows are looked at first: an
 * entry moved to Recently deleted meanwhile had the id in its rows until then.
 */
async function replayOf(mediaId: string, entryId: string): Promise<MediaFileDto | null> {
  const prisma = await db();
  const row = await prisma.mediaFile.findUnique({ where: { id: mediaId } });
  if (!row) {
    if (await mediaIdInTrash(mediaId)) throw new HttpError("CONFLICT", MEDIA_ID_IN_TRASH);
    return null;
  }
  if (row.entryId !== entryId) throw new HttpError("CONFLICT", MEDIA_ID_TAKEN);
  return toMediaDto(row);
}

/**
 * Receives the one file of a multipart request for an entry: streamed to a temp file under the size
 * limit, checked by its bytes, renamed into place under a generated name, thumbnailed when it is an
 * image (see `adoptTempFile`), then recorded.
 *
 * With a client-made media id (multipart field `id`) the upload is idempotent: when that id is already
 * this entry's media, the temp file is removed and the stored media comes back with `replayed: true`
 * (nothing is stored twice); when it is another entry's, 409. The row id is the client's; the file's
 * stored name is always the server's. Two identical uploads racing: the primary key keeps one row, and
 * the other's files are removed.
 */
export async function addMedia(entryId: string, req: Request): Promise<{ media: MediaFileDto; replayed: boolean }> {
  if (!(await entryExists(entryId))) throw notFound(ENTRY_NOT_FOUND);

  const upload = await receiveUpload(req);
  let kept: string[] = [];
  try {
    if (upload.clientId) {
      const existing = await replayOf(upload.clientId, entryId);
      if (existing) return { media: existing, replayed: true };
    }
    const stored = await adoptTempFile(upload.tempPath, upload);
    kept = [stored.storedName, ...(stored.thumbnailName ? [stored.thumbnailName] : [])];
    const { storedName, thumbnailName } = stored;

    const prisma = await db();
    let row: MediaRow;
    try {
      row = await prisma.mediaFile.create({
        data: {
          id: upload.clientId ?? uuidv7(),
          entryId,
          fileType: stored.kind,
          filename: upload.filename,
          storedName,
          mimeType: stored.mime,
          size: stored.size,
          thumbnailName,
          createdAt: new Date(),
        },
      });
    } catch (err) {
      // The entry was deleted while the file was arriving.
      if (isForeignKeyViolation(err)) throw notFound(ENTRY_NOT_FOUND);
      // The same upload, sent at the same time, was recorded first: this one's files go (see finally).
      if (upload.clientId && isUniqueViolation(err)) {
        const existing = await replayOf(upload.clientId, entryId);
        if (existing) return { media: existing, replayed: true };
      }
      throw err;
    }
    kept = [];
    bumpDataVersion();
    return { media: toMediaDto(row), replayed: false };
  } finally {
    await discardUpload(upload);
    if (kept.length) await removeStoredFiles(kept);
  }
}

/** Removes one media file of an entry: the record first, then its files. */
export async function deleteMedia(entryId: string, mediaId: string): Promise<void> {
  const prisma = await db();
  const row = await prisma.mediaFile.findFirst({ where: { id: mediaId, entryId } });
  if (!row) {
    if (!(await entryExists(entryId))) throw notFound(ENTRY_NOT_FOUND);
    throw notFound(MEDIA_NOT_FOUND);
  }
  const deleted = await prisma.mediaFile.deleteMany({ where: { id: row.id, entryId } });
  if (deleted.count === 0) throw notFound(MEDIA_NOT_FOUND);
  bumpDataVersion();
  await removeStoredFiles([row.storedName, row.thumbnailName]);
}

/** The record of a stored media file, or 404. */
export async function findMedia(mediaId: string): Promise<MediaRow> {
  const prisma = await db();
  const row = await prisma.mediaFile.findUnique({ where: { id: mediaId } });
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  return row;
}
