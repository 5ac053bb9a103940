import "server-only";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { uploadDir } from "@/server/storage/paths";

// Where a stored file lives, and removing stored files: below the records (entries purge them too).
export { removeStoredFiles, storedPath } from "@/server/storage/paths";

/** Files being received are written under this prefix, then renamed into place (or removed). */
export const TEMP_PREFIX = ".tmp-";
const TEMP_NAME_RE = /^\.tmp-[0-9a-f-]{36}(\.[a-z]+)?$/u;

/** A fresh temp file path inside the upload folder (same file system, so the final rename is atomic). */
export function newTempPath(suffix = ""): string {
  const name = `${TEMP_PREFIX}${uuidv7()}${suffix}`;
  if (!TEMP_NAME_RE.test(name)) throw new Error(`Refusing unsafe temp name: ${name}`);
  return path.join(uploadDir(), name);
}

export const isTempName = (name: string) => name.startsWith(TEMP_PREFIX);

/** A generated stored name: a UUIDv7 plus the extension of the sniffed type (never the client's name). */
export function newStoredName(ext: string): string {
  const clean = /^[a-z0-9]{1,10}$/u.test(ext) ? ext : "bin";
  return `${uuidv7()}.${clean}`;
}

/** The thumbnail's stored name, derived from the original's generated name. */
export function thumbnailNameFor(storedName: string): string {
  return `${storedName.replace(/\.[a-z0-9]+$/u, "")}.thumb.webp`;
}
