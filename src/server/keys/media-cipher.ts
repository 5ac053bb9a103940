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
import crypto, { type KeyObject } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { subKey } from "./keyfile";
import { processSlots } from "../runtime";

export const MAGIC = Buffer.from("RVNCRYP1");
export const HEADER_BYTES = 32;
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;

export class MediaAuthError extends Error {
  constructor(
    message = "The media file could not be decrypted: it was changed, cut short, or belongs to another key.",
  ) {
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

function sealChunk(key: KeyObject, header: Buffer, index: number, last: boolean, plain: Buffer): Buffer {
  const c = crypto.createCipheriv("aes-256-gcm", key, nonce(index, last));
  c.setAAD(header);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([body, c.getAuthTag()]);
}

function openChunk(key: KeyObject, header: Buffer, index: number, last: boolean, sealed: Buffer): Buffer {
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

const deriveFileKey = (journalKey: Buffer, salt: Buffer) =>
  crypto.createSecretKey(subKey(journalKey, "media file", salt));

/**
 * Per-file keys already derived, most recently used last: opening a file again (a video seeking, a
 * page of thumbnails) skips the HKDF. Bounded, keyed by the file's salt, and all derived from the one
 * journal key the cache holds: asked with any other journal key, the cache is emptied first, so a
 * cached key is only ever used for the journal key and the salt it was derived from (it is the key
 * HKDF would give). Emptied too when the journal is sealed or its key changes (see state.ts). A
 * KeyObject also makes each chunk's decipher cheap to set up (a raw key buffer is imported again on
 * every createDecipheriv). On globalThis so that every copy of this module in the server's bundles
 * shares one cache.
 */
export const FILE_KEY_CACHE_SIZE = 256;
interface KeyCache {
  /** A copy of the journal key every cached key was derived from. */
  journalKey: Buffer | null;
  keys: Map<string, KeyObject>;
}
const gk = processSlots<{ __reverieMediaKeys?: KeyCache }>();
const keyCache = (): KeyCache => (gk.__reverieMediaKeys ??= { journalKey: null, keys: new Map() });

function fileKey(journalKey: Buffer, salt: Buffer): KeyObject {
  const cache = keyCache();
  if (!cache.journalKey?.equals(journalKey)) {
    clearFileKeys();
    cache.journalKey = Buffer.from(journalKey);
  }
  const id = salt.toString("base64");
  const hit = cache.keys.get(id);
  if (hit) {
    cache.keys.delete(id); // most recently used goes last
    cache.keys.set(id, hit);
    return hit;
  }
  const key = deriveFileKey(journalKey, salt);
  cache.keys.set(id, key);
  if (cache.keys.size > FILE_KEY_CACHE_SIZE) cache.keys.delete(cache.keys.keys().next().value!);
  return key;
}

/** Forgets every derived file key and the journal key they came from (the journal was sealed, or its key changed). */
export function clearFileKeys(): void {
  const cache = keyCache();
  cache.journalKey?.fill(0);
  cache.journalKey = null;
  cache.keys.clear();
}

/** How many file keys are cached (for tests). */
export const cachedFileKeys = (): number => keyCache().keys.size;

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
  const key = deriveFileKey(journalKey, header.subarray(8, 24));
  const parts = [header];
  const data = Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength);
  const n = Math.max(1, Math.ceil(data.length / CHUNK_BYTES));
  for (let i = 0; i < n; i++)
    parts.push(sealChunk(key, header, i, i === n - 1, data.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)));
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
    parts.push(
      openChunk(key, header, i, i === n - 1, data.subarray(from, Math.min(data.length, from + chunk + TAG_BYTES))),
    );
  }
  return Buffer.concat(parts);
}

/** A stream that encrypts what passes through it (holds back one chunk so that the last one is known). */
export function encryptStream(journalKey: Buffer): Transform {
  const header = newHeader();
  const key = deriveFileKey(journalKey, header.subarray(8, 24));
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

/** Reads `length` bytes at `position` (fewer at the end of the file), into `into` when it is large enough. */
async function readAt(file: FileHandle, position: number, length: number, into?: Buffer): Promise<Buffer> {
  const buffer = into && into.length >= length ? into : Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Chunks read from disk in one go when a range spans several (256 KiB of plaintext). */
const READ_CHUNKS = 4;

/**
 * An encrypted file (or one encrypted blob inside a file, from `base`, `length` bytes): its plaintext
 * size, and its plaintext bytes by range (only the chunks needed are read and decrypted). `head`: the
 * blob's first bytes when the caller has read them already (at least the header; when they hold the
 * first chunk too, it is not read again).
 */
export async function openEncrypted(file: FileHandle, journalKey: Buffer, base = 0, length?: number, head?: Buffer) {
  const fileSize = length ?? (await file.stat()).size - base;
  const first = head && head.length >= HEADER_BYTES ? head : await readAt(file, base, HEADER_BYTES);
  const header = first.subarray(0, HEADER_BYTES);
  const { salt, chunk } = parseHeader(header);
  const key = fileKey(journalKey, salt);
  const n = chunkCount(fileSize, chunk);
  const size = fileSize - HEADER_BYTES - n * TAG_BYTES;
  /** Where chunk `i` starts in the blob, and where it ends (exclusive). */
  const from = (i: number) => HEADER_BYTES + i * (chunk + TAG_BYTES);
  const to = (i: number) => Math.min(from(i) + chunk + TAG_BYTES, fileSize);

  /**
   * The plaintext of chunks `a`..`b`, one chunk at a time; up to `batch` chunks are read from disk in
   * one call, into one buffer reused from read to read (what is yielded is the decrypted copy). Chunks
   * within `head` are not read again.
   */
  async function* chunks(a: number, b: number, batch: number): AsyncGenerator<Buffer> {
    let scratch: Buffer | undefined;
    for (let i = a; i <= b;) {
      let sealed: Buffer;
      let count: number;
      if (to(i) <= first.length) {
        count = 1;
        sealed = first.subarray(from(i), to(i));
      } else {
        count = Math.min(batch, b - i + 1);
        const length = to(i + count - 1) - from(i);
        if (!scratch || scratch.length < length) scratch = Buffer.allocUnsafe(length);
        sealed = await readAt(file, base + from(i), length, scratch);
      }
      const start = from(i);
      for (const end = i + count; i < end; i++) {
        yield openChunk(key, header, i, i === n - 1, sealed.subarray(from(i) - start, to(i) - start));
      }
    }
  }
  /** Plaintext bytes start..end (inclusive), chunk by chunk. */
  async function* pieces(start: number, end: number, batch: number): AsyncGenerator<Buffer> {
    end = Math.min(end, size - 1);
    if (size === 0 || end < start) return;
    let i = Math.floor(start / chunk);
    for await (const plain of chunks(i, Math.floor(end / chunk), batch)) {
      const at = i++ * chunk;
      yield plain.subarray(Math.max(0, start - at), Math.min(plain.length, end - at + 1));
    }
  }
  const range = (start: number, end: number) => pieces(start, end, READ_CHUNKS);
  /** `length` plaintext bytes from `start`, read from disk in one call. */
  async function read(start: number, length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const p of pieces(start, start + length - 1, Number.MAX_SAFE_INTEGER)) parts.push(p);
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }
  return { size, range, read };
}

export { readAt };
