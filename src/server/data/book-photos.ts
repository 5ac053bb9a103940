import "server-only";
import sharp from "sharp";
import type { MediaFileDto } from "@/contracts/entries";
import { storedPath } from "@/server/media/paths";
import { readStoredWhole } from "@/server/media/sealed";

/**
 * Photos for the printable book: decoded one at a time from memory (decrypted for an encrypted journal: no
 * file is ever written) and shrunk with sharp before they are embedded.
 */

/**
 * The photo's longest side in pixels: about 160 dpi across the text column. A phone's 4032-pixel JPEG is then
 * decoded at a quarter of its size (libjpeg's shrink-on-load), several times faster than at half.
 */
const PHOTO_PIXELS = 1000;
const MAX_INPUT_PIXELS = 100_000_000;

/** A photo shrunk for print (JPEG), or null when it cannot be read. */
export async function printablePhoto(m: MediaFileDto, storedName: string): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const source = await readStoredWhole(storedPath(storedName));
    const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_PIXELS, height: PHOTO_PIXELS, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: false })
      .timeout({ seconds: 30 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    console.warn("[reverie] book: photo not printable", m.id, err instanceof Error ? err.message : err);
    return null;
  }
}
