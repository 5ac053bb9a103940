import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  CHUNK_BYTES,
  FILE_KEY_CACHE_SIZE,
  HEADER_BYTES,
  MediaAuthError,
  cachedFileKeys,
  clearFileKeys,
  decryptBuffer,
  encryptBuffer,
} from "@/server/keys/media-cipher";
import { openReader } from "@/server/keys/sealed-file";
import { setKey } from "@/server/keys/state";

const key = randomBytes(32);
const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-reads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => clearFileKeys());

let n = 0;
/** Writes `plain` encrypted (or as it is, key null) to a new file and returns its path. */
function stored(plain: Buffer, k: Buffer | null = key): string {
  const file = path.join(dir, `m${n++}.bin`);
  writeFileSync(file, k ? encryptBuffer(k, plain) : plain);
  return file;
}

async function readRange(
  file: string,
  k: Buffer | null,
  start: number,
  end: number,
): Promise<{ bytes: Buffer; pieces: number }> {
  const r = await openReader(file, k);
  try {
    const parts: Buffer[] = [];
    for await (const p of r.range(start, end)) parts.push(Buffer.from(p));
    return { bytes: Buffer.concat(parts), pieces: parts.length };
  } finally {
    await r.close();
  }
}

async function readAll(file: string, k: Buffer | null, start: number, length: number): Promise<Buffer> {
  const r = await openReader(file, k);
  try {
    return Buffer.from(await r.read(start, length));
  } finally {
    await r.close();
  }
}

const C = CHUNK_BYTES;

describe("reading media by range (the first chunk comes with the header, later ones several per read)", () => {
  const sizes = [1, 100, C - 1, C, C + 1, 2 * C, 10 * C + 5];
  for (const size of sizes) {
    it(`gives exactly the bytes asked for, encrypted and plain alike, in a file of ${size} bytes`, async () => {
      const plain = randomBytes(size);
      const files = { encrypted: stored(plain), plain: stored(plain, null) };
      const last = size - 1;
      const ranges = (
        [
          [0, 0], // the first byte
          [last, last], // the last byte
          [0, last], // everything
          [Math.max(0, size - 20), last], // a suffix
          [Math.max(0, C - 3), Math.min(last, C + 2)], // across the first chunk boundary
          [Math.min(last, C), Math.min(last, 6 * C + 9)], // from the second chunk, past one batch of reads
          [Math.min(last, 3 * C - 1), last], // from the last byte of a chunk to the end
        ] as [number, number][]
      ).filter(([a, b]) => a <= b);
      expect(ranges.length).toBeGreaterThanOrEqual(5);
      for (const [which, file] of Object.entries(files)) {
        const k = which === "encrypted" ? key : null;
        const r = await openReader(file, k);
        expect(r.size).toBe(size);
        await r.close();
        for (const [a, b] of ranges) {
          const expected = plain.subarray(a, b + 1);
          const viaRange = await readRange(file, k, a, b);
          expect(viaRange.bytes.equals(expected), `${which} range ${a}-${b}`).toBe(true);
          expect((await readAll(file, k, a, b - a + 1)).equals(expected), `${which} read ${a}-${b}`).toBe(true);
          if (which === "encrypted") {
            // One piece per chunk touched, no more and no fewer.
            expect(viaRange.pieces).toBe(Math.floor(b / C) - Math.floor(a / C) + 1);
          }
        }
        // Past the end: nothing more than the file holds.
        expect(
          (await readRange(file, k, Math.max(0, last - 1), last + 1000)).bytes.equals(
            plain.subarray(Math.max(0, last - 1)),
          ),
        ).toBe(true);
      }
    });
  }

  it("reads an empty file as empty", async () => {
    for (const k of [key, null]) {
      const file = stored(Buffer.alloc(0), k);
      const r = await openReader(file, k);
      expect(r.size).toBe(0);
      const parts: Buffer[] = [];
      for await (const p of r.range(0, 10)) parts.push(p);
      expect(parts).toEqual([]);
      await r.close();
    }
  });

  it("refuses a changed byte in the first chunk (read with the header) and in a later one", async () => {
    const plain = randomBytes(8 * C);
    const sealed = encryptBuffer(key, plain);
    const inFirst = Buffer.from(sealed);
    inFirst[HEADER_BYTES + 10] ^= 1;
    const f1 = path.join(dir, "flip-first.bin");
    writeFileSync(f1, inFirst);
    await expect(readAll(f1, key, 0, 1)).rejects.toThrow(MediaAuthError);
    await expect(readRange(f1, key, 0, 3 * C)).rejects.toThrow(MediaAuthError);
    // The other chunks are still readable: only what was changed fails.
    expect((await readAll(f1, key, C, C)).equals(plain.subarray(C, 2 * C))).toBe(true);

    const inSixth = Buffer.from(sealed);
    inSixth[HEADER_BYTES + 5 * (C + 16) + 7] ^= 1;
    const f6 = path.join(dir, "flip-sixth.bin");
    writeFileSync(f6, inSixth);
    await expect(readAll(f6, key, 2 * C, 5 * C)).rejects.toThrow(MediaAuthError); // within a batch of several chunks
    await expect(readRange(f6, key, 5 * C + 100, 5 * C + 200)).rejects.toThrow(MediaAuthError);
    expect((await readAll(f6, key, 0, 5 * C)).equals(plain.subarray(0, 5 * C))).toBe(true);
  });

  it("refuses a file cut short: by a byte, after whole chunks, and within the first chunk", async () => {
    const plain = randomBytes(5 * C + 300);
    const sealed = encryptBuffer(key, plain);
    const byOne = path.join(dir, "cut-one.bin");
    writeFileSync(byOne, sealed);
    truncateSync(byOne, sealed.length - 1);
    await expect(readAll(byOne, key, plain.length - 300, 10)).rejects.toThrow(MediaAuthError);

    // After three whole chunks: the new last chunk was not written as the last one.
    const whole = path.join(dir, "cut-chunks.bin");
    writeFileSync(whole, sealed.subarray(0, HEADER_BYTES + 3 * (C + 16)));
    await expect(readAll(whole, key, 2 * C, 10)).rejects.toThrow(MediaAuthError);
    await expect(readRange(whole, key, 0, 3 * C - 1)).rejects.toThrow(MediaAuthError);

    const inFirst = path.join(dir, "cut-first.bin");
    writeFileSync(inFirst, sealed.subarray(0, HEADER_BYTES + 1000));
    await expect(readAll(inFirst, key, 0, 10)).rejects.toThrow(MediaAuthError);

    const headerOnly = path.join(dir, "cut-header.bin");
    writeFileSync(headerOnly, sealed.subarray(0, HEADER_BYTES - 4));
    await expect(openReader(headerOnly, key)).rejects.toThrow(MediaAuthError);
  });

  it("never gives an encrypted file's bytes without the key", async () => {
    const file = stored(Buffer.from("a private picture"));
    await expect(openReader(file, null)).rejects.toThrow(/encrypted/u);
  });
});

describe("the cache of per-file keys", () => {
  it("never opens a file with a key derived from another journal key, even for the same file", async () => {
    const plain = randomBytes(C + 10);
    const file = stored(plain);
    expect((await readAll(file, key, 0, plain.length)).equals(plain)).toBe(true);
    expect(cachedFileKeys()).toBe(1);
    // Same file, same salt, another journal key: the cached key must not be used.
    const other = randomBytes(32);
    await expect(readAll(file, other, 0, 10)).rejects.toThrow(MediaAuthError);
    expect(cachedFileKeys()).toBe(1); // asked with another journal key, the cache was emptied first
    expect(() => decryptBuffer(other, encryptBuffer(key, plain))).toThrow(MediaAuthError);
    // And the right key still works afterwards (the wrong one did not replace it for good).
    expect((await readAll(file, key, C, 10)).equals(plain.subarray(C, C + 10))).toBe(true);
  });

  it("keeps one key per file, reuses it, and holds at most FILE_KEY_CACHE_SIZE keys", async () => {
    const a = stored(Buffer.from("one"));
    await readAll(a, key, 0, 3);
    await readAll(a, key, 0, 3);
    expect(cachedFileKeys()).toBe(1);
    const sealed = Array.from({ length: FILE_KEY_CACHE_SIZE + 20 }, (_, i) =>
      encryptBuffer(key, Buffer.from(`file ${i}`)),
    );
    sealed.forEach((s, i) => expect(decryptBuffer(key, s).toString()).toBe(`file ${i}`));
    expect(cachedFileKeys()).toBe(FILE_KEY_CACHE_SIZE);
    // The least recently used went first; the newest are all there and still correct.
    expect(decryptBuffer(key, sealed.at(-1)!).toString()).toBe(`file ${sealed.length - 1}`);
  });

  it("is emptied when the journal is sealed or its key changes", async () => {
    const file = stored(Buffer.from("a voice note"));
    await readAll(file, key, 0, 5);
    expect(cachedFileKeys()).toBe(1);
    setKey(path.join(dir, "journal.db"), null); // sealed
    expect(cachedFileKeys()).toBe(0);
    await readAll(file, key, 0, 5);
    setKey(path.join(dir, "journal.db"), randomBytes(32)); // another key
    expect(cachedFileKeys()).toBe(0);
    setKey(path.join(dir, "journal.db"), null);
  });
});
