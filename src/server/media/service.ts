import "server-only";
import { v7 as uuidv7 } from "uuid";
import type { MediaFileDto } from "@/contracts/entries";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { entryExists } from "@/server/entries/service";
import { toMediaDto, type MediaRow } from "@/server/entries/mapping";
import { bumpDataVersion } from "@/server/entries/version";
import { notFound } from "@/server/http/errors";
import { removeStoredFiles } from "./paths";
import { adoptTempFile } from "./store";
import { discardUpload, receiveUpload } from "./upload";

const ENTRY_NOT_FOUND = "Entry not found";
const MEDIA_NOT_FOUND = "Media not found";

/**
 * Receives the one file of a multipart request for an entry: streamed to a temp file under the size
 * limit, checked by its bytes, renamed into place under a generated name, thumbnailed when it is an
 * image (see `adoptTempFile`), then recorded.
 */
export async function addMedia(entryId: string, req: Request): Promise<MediaFileDto> {
  if (!(await entryExists(entryId))) throw notFound(ENTRY_NOT_FOUND);

  const upload = await receiveUpload(req);
  let kept: string[] = [];
  try {
    const stored = await adoptTempFile(upload.tempPath, upload);
    kept = [stored.storedName, ...(stored.thumbnailName ? [stored.thumbnailName] : [])];
    const { storedName, thumbnailName } = stored;

    const prisma = await db();
    let row: MediaRow;
    try {
      row = await prisma.mediaFile.create({
        data: {
          id: uuidv7(),
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
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2003") throw notFound(ENTRY_NOT_FOUND);
      throw err;
    }
    kept = [];
    bumpDataVersion();
    return toMediaDto(row);
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
