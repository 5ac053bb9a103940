/**
 * Files the server writes and reads back while the journal is encrypted, whatever their shape:
 * - a media file (one encrypted blob, see media-cipher.ts), read by range;
 * - a staged import (a file received in parts and appended to): a sequence of segments, each an
 *   encrypted blob of up to 1 MiB preceded by its length:
 *     "RVNSEGS1" | (uint32 BE length | blob)*
 *   so that a part is appended without rewriting what came before;
 * - a plaintext file (the journal is not encrypted, or the file was written before it was).
 * `openReader` reads any of them by plaintext position. Plain Node.
 */
import "server-only";
import { open, type FileHandle } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import {
  CHUNK_BYTES,
  HEADER_BYTES,
  encryptBuffer,
  isEncryptedMedia,
  openEncrypted,
  readAt,
  MAGIC as BLOB_MAGIC,
} from "./media-cipher";

export const SEGMENTS_MAGIC = Buffer.from("RVNSEGS1");
export const SEGMENT_BYTES = 1024 * 1024;

function record(key: Buffer, plain: Buffer): Buffer {
  const blob = encryptBuffer(key, plain);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(blob.length, 0);
  return Buffer.concat([len, blob]);
}

/** Encrypts a stream into the segments format (the whole file, magic included). */
export function segmentStream(key: Buffer): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let started = false;
  const emit = (t: Transform, all: boolean) => {
    let buf = Buffer.concat(pending);
    while (buf.length >= SEGMENT_BYTES || (all && buf.length > 0)) {
      t.push(record(key, buf.subarray(0, SEGMENT_BYTES)));
      buf = buf.subarray(Math.min(SEGMENT_BYTES, buf.length));
    }
    pending = buf.length ? [buf] : [];
    pendingBytes = buf.length;
  };
  return new Transform({
    transform(data: Buffer, _enc, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(SEGMENTS_MAGIC);
      }
      pending.push(data);
      pendingBytes += data.length;
      if (pendingBytes >= SEGMENT_BYTES) emit(this, false);
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(SEGMENTS_MAGIC);
      emit(this, true);
      done();
    },
  });
}

/** The bytes to append to a segments file of `fileSize` bytes so that it also holds `plain`. */
export function segmentsToAppend(key: Buffer, fileSize: number, plain: Buffer): Buffer {
  const parts: Buffer[] = fileSize === 0 ? [SEGMENTS_MAGIC] : [];
  for (let i = 0; i < plain.length; i += SEGMENT_BYTES) parts.push(record(key, plain.subarray(i, i + SEGMENT_BYTES)));
  return Buffer.concat(parts);
}

export interface RandomReader {
  /** Plaintext size. */
  size: number;
  /** Plaintext bytes start..end (inclusive), piece by piece. */
  range(start: number, end: number): AsyncGenerator<Buffer>;
  read(start: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

async function collect(gen: AsyncGenerator<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of gen) parts.push(p);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * Bytes read when a file is opened: an encrypted file's header and first chunk, in one call (the
 * first bytes are what is asked for most: a picture, the start of a video). A plaintext file's first
 * bytes are served from them too.
 */
const HEAD_BYTES = HEADER_BYTES + CHUNK_BYTES + 16;
/** A plaintext file is read from disk in pieces of this size. */
const PLAIN_PIECE_BYTES = 4 * CHUNK_BYTES;

/**
 * Opens any file written by the server for reading by plaintext position. `key` null: the file must be
 * plaintext (an encrypted file without the key is refused, never returned as bytes). With a key, the
 * file must be encrypted (a plaintext file is refused); an empty file reads as empty.
 */
export async function openReader(file: string, key: Buffer | null): Promise<RandomReader> {
  const fh = await open(file, "r");
  try {
    const reader = await readerOf(fh, key);
    return {
      read: (start, length) => collect(reader.range(start, start + length - 1)),
      ...reader,
      close: () => fh.close(),
    };
  } catch (err) {
    await fh.close().catch(() => {});
    throw err;
  }
}

async function readerOf(
  fh: FileHandle,
  key: Buffer | null,
): Promise<Pick<RandomReader, "size" | "range"> & Partial<Pick<RandomReader, "read">>> {
  const { size: fileSize } = await fh.stat();
  const head = await readAt(fh, 0, Math.min(fileSize, HEAD_BYTES));
  const magic = head.subarray(0, 8);
  const blob = magic.length === 8 && magic.equals(BLOB_MAGIC);
  const segmented = magic.length === 8 && magic.equals(SEGMENTS_MAGIC);
  if ((blob || segmented) && !key) throw new Error("This file is encrypted and the journal key is not known.");
  if (blob) return openEncrypted(fh, key!, 0, fileSize, head);
  if (segmented) return openSegments(fh, key!, fileSize);
  // Once the journal is encrypted every file it writes is encrypted: a plaintext one was put there by
  // something else (a file replaced on disk, a planted backup blob) and is never served as the person's.
  if (key && fileSize > 0)
    throw new Error(
      "This file is not encrypted though the journal is: it was not written by the journal and is refused.",
    );
  /** Plaintext bytes start..end (inclusive): the part within the first bytes from memory, the rest in pieces. */
  async function* range(start: number, end: number): AsyncGenerator<Buffer> {
    end = Math.min(end, fileSize - 1);
    let at = start;
    if (at < head.length && at <= end) {
      yield head.subarray(at, Math.min(end + 1, head.length));
      at = head.length;
    }
    for (; at <= end; at += PLAIN_PIECE_BYTES) yield readAt(fh, at, Math.min(PLAIN_PIECE_BYTES, end - at + 1));
  }
  return { size: fileSize, range };
}

async function openSegments(
  fh: FileHandle,
  key: Buffer,
  fileSize: number,
): Promise<Pick<RandomReader, "size" | "range">> {
  const segments: { plainStart: number; reader: Awaited<ReturnType<typeof openEncrypted>> }[] = [];
  let pos = SEGMENTS_MAGIC.length;
  let plain = 0;
  while (pos < fileSize) {
    const len = (await readAt(fh, pos, 4)).readUInt32BE(0);
    if (pos + 4 + len > fileSize) throw new Error("The staged file is cut short.");
    const reader = await openEncrypted(fh, key, pos + 4, len);
    segments.push({ plainStart: plain, reader });
    plain += reader.size;
    pos += 4 + len;
  }
  async function* range(start: number, end: number): AsyncGenerator<Buffer> {
    end = Math.min(end, plain - 1);
    for (const s of segments) {
      const sEnd = s.plainStart + s.reader.size - 1;
      if (sEnd < start || s.plainStart > end) continue;
      yield* s.reader.range(Math.max(0, start - s.plainStart), Math.min(s.reader.size - 1, end - s.plainStart));
    }
  }
  return { size: plain, range };
}

/** True when the bytes start like a file this module encrypts. */
export function isSealed(head: Uint8Array): boolean {
  return (
    isEncryptedMedia(head) || (head.length >= 8 && Buffer.from(head.buffer, head.byteOffset, 8).equals(SEGMENTS_MAGIC))
  );
}
