/**
 * The media chunk cipher. Plain Node (no Next, no aliases): the server, snapshots and the command line
 * share it.
 *
 * An encrypted media file is a 32-byte header followed by chunks of up to 64 KiB of AES-256-GCM
 * ciphertext, each with its 16-byte tag:
 *   header = "RVNCRYP1" | salt (16 bytes) | chunk size (uint32 BE) | 4 zero bytes
 * - each file has its own key, HKDF-SHA256 of the journal key with the header's random salt;
 * - the nonce of a chunk is its index (uint64 BE), then 1 when it is the last chunk, else 0, then 3 zero bytes,
 *   so chunks cannot be reordered, and a truncated file fails (its new last chunk is not marked last);
 * - the header is the additional authenticated data of every chunk.
 * A byte range is served by decrypting only the chunks that hold it. The plaintext size follows from
 * the file's size, so nothing about the content is stored in the clear.
 */
import crypto from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { subKey } from "./keyfile.ts";

export const MAGIC = Buffer.from("RVNCRYP1");
export const HEADER_BYTES = 32;
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;

export class MediaAuthError extends Error {
  constructor(message = "The media file could not be decrypted: it was changed, cut short, or belongs to another key.") {
    super(message);
  }
}

export function isEncryptedMedia(head: Uint8Array): boolean {
  return head.length >= MAGIC.length && Buffer.from(head.buffer, head.byteOffset, MAGIC.length).equals(MAGIC);
}

function newHeader(): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(h, 0);
  crypto.randomBytes(16).copy(h, 8);
  h.writeUInt32BE(CHUNK_BYTES, 24);
  return h;
}

function parseHeader(h: Buffer): { salt: Buffer; chunk: number } {
  if (h.length < HEADER_BYTES || !isEncryptedMedia(h)) throw new MediaAuthError("This is not an encrypted media file.");
  const chunk = h.readUInt32BE(24);
  if (chunk < 1024 || chunk > 16 * 1024 * 1024) throw new MediaAuthError("The media file's header is damaged.");
  return { salt: h.subarray(8, 24), chunk };
}

function nonce(index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  n.writeBigUInt64BE(BigInt(index), 0);
  n[8] = last ? 1 : 0;
  return n;
}

function sealChunk(key: Buffer, header: Buffer, index: number, last: boolean, plain: Buffer): Buffer {
  const c = crypto.createCipheriv("aes-256-gcm", key, nonce(index, last));
  c.setAAD(header);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([body, c.getAuthTag()]);
}

function openChunk(key: Buffer, header: Buffer, index: number, last: boolean, sealed: Buffer): Buffer {
  if (sealed.length < TAG_BYTES) throw new MediaAuthError();
  try {
    const d = crypto.createDecipheriv("aes-256-gcm", key, nonce(index, last));
    d.setAAD(header);
    d.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = d.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    d.final(); // checks the tag (GCM gives no further bytes)
    return plain;
  } catch {
    throw new MediaAuthError();
  }
}

const fileKey = (journalKey: Buffer, salt: Buffer) => subKey(journalKey, "media file", salt);

/** Chunks in a file of `fileSize` bytes with chunks of `chunk` bytes (at least one: an empty file has one empty chunk). */
function chunkCount(fileSize: number, chunk: number): number {
  const body = fileSize - HEADER_BYTES;
  if (body < TAG_BYTES) throw new MediaAuthError();
  return Math.max(1, Math.ceil(body / (chunk + TAG_BYTES)));
}

/** The plaintext size of an encrypted file of `fileSize` bytes. */
export function plainSize(fileSize: number, chunk = CHUNK_BYTES): number {
  return fileSize - HEADER_BYTES - chunkCount(fileSize, chunk) * TAG_BYTES;
}

export function encryptedSize(plainBytes: number): number {
  return HEADER_BYTES + plainBytes + Math.max(1, Math.ceil(plainBytes / CHUNK_BYTES)) * TAG_BYTES;
}

export function encryptBuffer(journalKey: Buffer, plain: Uint8Array): Buffer {
  const header = newHeader();
  const key = fileKey(journalKey, header.subarray(8, 24));
  const parts = [header];
  const data = Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength);
  const n = Math.max(1, Math.ceil(data.length / CHUNK_BYTES));
  for (let i = 0; i < n; i++) parts.push(sealChunk(key, header, i, i === n - 1, data.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)));
  return Buffer.concat(parts);
}

export function decryptBuffer(journalKey: Buffer, data: Buffer): Buffer {
  const header = data.subarray(0, HEADER_BYTES);
  const { salt, chunk } = parseHeader(header);
  const key = fileKey(journalKey, salt);
  const n = chunkCount(data.length, chunk);
  const parts: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const from = HEADER_BYTES + i * (chunk + TAG_BYTES);
    parts.push(openChunk(key, header, i, i === n - 1, data.subarray(from, Math.min(data.length, from + chunk + TAG_BYTES))));
  }
  return Buffer.concat(parts);
}

/** A stream that encrypts what passes through it (holds back one chunk so that the last one is known). */
export function encryptStream(journalKey: Buffer): Transform {
  const header = newHeader();
  const key = fileKey(journalKey, header.subarray(8, 24));
  let pending = Buffer.alloc(0);
  let index = 0;
  let started = false;
  return new Transform({
    transform(data: Buffer, _enc, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(header);
      }
      pending = pending.length ? Buffer.concat([pending, data]) : Buffer.from(data);
      while (pending.length > CHUNK_BYTES) {
        this.push(sealChunk(key, header, index++, false, pending.subarray(0, CHUNK_BYTES)));
        pending = pending.subarray(CHUNK_BYTES);
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      this.push(sealChunk(key, header, index, true, pending));
      done();
    },
  });
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/**
 * An encrypted file (or one encrypted blob inside a file, from `base`, `length` bytes): its plaintext
 * size, and its plaintext bytes by range (only the chunks needed are read and decrypted).
 */
export async function openEncrypted(file: FileHandle, journalKey: Buffer, base = 0, length?: number) {
  const fileSize = length ?? (await file.stat()).size - base;
  const header = await readAt(file, base, HEADER_BYTES);
  const { salt, chunk } = parseHeader(header);
  const key = fileKey(journalKey, salt);
  const n = chunkCount(fileSize, chunk);
  const size = fileSize - HEADER_BYTES - n * TAG_BYTES;
  /** The plaintext of chunk `i`. */
  const readChunk = async (i: number): Promise<Buffer> => {
    const from = HEADER_BYTES + i * (chunk + TAG_BYTES);
    const sealed = await readAt(file, base + from, Math.min(chunk + TAG_BYTES, fileSize - from));
    return openChunk(key, header, i, i === n - 1, sealed);
  };
  /** Plaintext bytes start..end (inclusive), chunk by chunk. */
  async function* range(start: number, end: number): AsyncGenerator<Buffer> {
    end = Math.min(end, size - 1);
    if (size === 0 || end < start) return;
    for (let i = Math.floor(start / chunk); i <= Math.floor(end / chunk); i++) {
      const plain = await readChunk(i);
      const at = i * chunk;
      yield plain.subarray(Math.max(0, start - at), Math.min(plain.length, end - at + 1));
    }
  }
  return { size, range };
}

export { readAt };
