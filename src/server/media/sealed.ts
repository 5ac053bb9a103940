import "server-only";
import { open } from "node:fs/promises";
import { PassThrough, Readable, type Transform } from "node:stream";
import { encryptBuffer, encryptStream } from "@/server/keys/media-cipher";
import { openReader, segmentStream, type RandomReader } from "@/server/keys/sealed-file";
import { keyFor } from "@/server/keys/state";
import { databasePath } from "@/server/storage/paths";

/**
 * Media and staged files at rest: encrypted with the journal key when the journal is encrypted,
 * plaintext otherwise. Every file the server writes into the upload folder passes here, and every
 * read of one, so no plaintext copy is ever written (nothing goes to the system's temp folder either).
 */

/** The journal key for files (null: a plaintext journal). Throws SealedError (503) while sealed. */
export function fileKey(): Buffer | null {
  return keyFor(databasePath());
}

/** A stream to put between a source and a file: encrypts media when the journal is encrypted. */
export function sealingStream(): Transform {
  const key = fileKey();
  return key ? encryptStream(key) : new PassThrough();
}

/** The same for staged imports, which are appended to (see src/server/keys/sealed-file.ts). */
export function stagingStream(): Transform {
  const key = fileKey();
  return key ? segmentStream(key) : new PassThrough();
}

/** The bytes to write for a media file with this content. */
export function sealBytes(plain: Buffer): Buffer {
  const key = fileKey();
  return key ? encryptBuffer(key, plain) : plain;
}

/** Opens a stored or staged file for reading by plaintext position. */
export function openStored(file: string): Promise<RandomReader> {
  return openReader(file, fileKey());
}

export async function readStoredWhole(file: string): Promise<Buffer> {
  const r = await openStored(file);
  try {
    return await r.read(0, r.size);
  } finally {
    await r.close();
  }
}

export async function readStoredHead(file: string, bytes: number): Promise<Buffer> {
  const r = await openStored(file);
  try {
    return await r.read(0, Math.min(bytes, r.size));
  } finally {
    await r.close();
  }
}

/** The plaintext size of a stored file, or null when it is missing. */
export async function storedSize(file: string): Promise<number | null> {
  let r: RandomReader;
  try {
    r = await openStored(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  await r.close();
  return r.size;
}

/** A plaintext stream of a whole stored file, opened when first read and closed at its end. */
export function storedReadStream(file: string): Readable {
  async function* gen() {
    const r = await openStored(file);
    try {
      yield* r.range(0, r.size - 1);
    } finally {
      await r.close();
    }
  }
  return Readable.from(gen(), { objectMode: false });
}

/** Writes a new file (never replacing one), fsynced. */
export async function writeStoredFile(file: string, plain: Buffer): Promise<void> {
  const fh = await open(file, "wx", 0o600);
  try {
    await fh.writeFile(sealBytes(plain));
    await fh.sync();
  } finally {
    await fh.close();
  }
}
