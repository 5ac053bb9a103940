import "server-only";
import { rename, rm } from "node:fs/promises";
import sharp from "sharp";
import { newTempPath, storedPath } from "./paths";
import { readStoredWhole, writeStoredFile } from "./sealed";

export const THUMBNAIL_WIDTH = 320;
export const THUMBNAIL_MIME = "image/webp";
/** Larger pictures are not decoded for a thumbnail (a small file can still be a huge canvas). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Writes a small WebP preview of a stored image (oriented by its EXIF data, metadata such as GPS not
 * copied). Returns false when the image cannot be read: a missing thumbnail never fails an upload.
 */
export async function createThumbnail(sourceName: string, thumbName: string): Promise<boolean> {
  const temp = newTempPath(".webp");
  try {
    // Decoded from memory and written through the journal key: no plaintext file at any step.
    const source = await readStoredWhole(storedPath(sourceName));
    const webp = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .timeout({ seconds: 20 })
      .toBuffer();
    await writeStoredFile(temp, webp);
    await rename(temp, storedPath(thumbName));
    return true;
  } catch (err) {
    console.warn("[reverie] no thumbnail for", sourceName, err instanceof Error ? err.message : err);
    await rm(temp, { force: true }).catch(() => {});
    return false;
  }
}
