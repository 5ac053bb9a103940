import "server-only";
import { open, rename, rm } from "node:fs/promises";
import type { MediaKind } from "@/domain/media";
import { isMediaTooLarge, mediaTooLargeMessage, unsupportedMediaMessage } from "@/domain/media";
import { uploadDir } from "@/server/storage/paths";
import { tooLarge, unsupportedMedia } from "@/server/http/errors";
import { newStoredName, removeStoredFiles, storedPath, thumbnailNameFor } from "./paths";
import { sniffMedia } from "./sniff";
import { createThumbnail } from "./thumbnail";

/** A media file in place in the upload folder, not yet recorded. */
export interface StoredMedia {
  storedName: string;
  thumbnailName: string | null;
  kind: MediaKind;
  mime: string;
  size: number;
}

/** Makes a rename in the upload folder durable (best effort where directories cannot be synced). */
export async function syncUploadDir(): Promise<void> {
  try {
    const dir = await open(uploadDir(), "r");
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    /* not supported on this platform */
  }
}

/**
 * Takes a file already written to a temp path in the upload folder (see `newTempPath`) through the
 * same rules as an upload: the size limit, the type by its bytes, a generated name, a thumbnail for
 * images. On success the temp file has become the stored file; on refusal (413/415) it is removed.
 * The caller records the result, or removes `storedName` and `thumbnailName` if it cannot.
 */
export async function adoptTempFile(
  tempPath: string,
  meta: { filename: string; declaredType?: string; size: number },
): Promise<StoredMedia> {
  let adopted = false;
  try {
    if (isMediaTooLarge(meta.size)) throw tooLarge(mediaTooLargeMessage(meta.filename));
    const sniffed = await sniffMedia(tempPath, meta.declaredType);
    if (!sniffed) throw unsupportedMedia(unsupportedMediaMessage(meta.filename));
    const storedName = newStoredName(sniffed.ext);
    await rename(tempPath, storedPath(storedName));
    adopted = true;
    let thumbnailName: string | null = null;
    try {
      if (sniffed.kind === "image") {
        const name = thumbnailNameFor(storedName);
        if (await createThumbnail(storedName, name)) thumbnailName = name;
      }
      await syncUploadDir();
    } catch (err) {
      await removeStoredFiles([storedName, thumbnailName]);
      throw err;
    }
    return { storedName, thumbnailName, kind: sniffed.kind, mime: sniffed.mime, size: meta.size };
  } finally {
    if (!adopted) await rm(tempPath, { force: true }).catch(() => {});
  }
}
