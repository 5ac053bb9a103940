import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { sealPlaintextMedia } from "@/server/crypto/convert";
import { wrapKey, unwrapKey } from "@/server/keys/keyfile";
import {
  CHUNK_BYTES,
  decryptBuffer,
  encryptBuffer,
  encryptStream,
  encryptedSize,
  openEncrypted,
  plainSize,
  MediaAuthError,
} from "@/server/keys/media-cipher";
import { openReader, segmentsToAppend, segmentStream } from "@/server/keys/sealed-file";

const key = randomBytes(32);
const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-cipher-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function streamed(t: NodeJS.ReadWriteStream, data: Buffer, pieces = 7): Promise<Buffer> {
  const parts: Buffer[] = [];
  const step = Math.max(1, Math.ceil(data.length / pieces));
  const src = Readable.from(
    Array.from({ length: Math.ceil(data.length / step) }, (_, i) => data.subarray(i * step, (i + 1) * step)),
  );
  for await (const c of src.pipe(t)) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

describe("the media chunk cipher", () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 17])(
    "round-trips %i bytes, buffered and streamed, with the size known from the file",
    async (n) => {
      const plain = randomBytes(n);
      const sealed = encryptBuffer(key, plain);
      expect(sealed.length).toBe(encryptedSize(n));
      expect(plainSize(sealed.length)).toBe(n);
      expect(decryptBuffer(key, sealed).equals(plain)).toBe(true);
      const viaStream = await streamed(encryptStream(key), plain);
      expect(viaStream.length).toBe(encryptedSize(n));
      expect(decryptBuffer(key, viaStream).equals(plain)).toBe(true);
    },
  );

  it("uses a fresh file key each time: the same picture never gives the same bytes", () => {
    const plain = Buffer.from("the same bytes twice");
    expect(encryptBuffer(key, plain).equals(encryptBuffer(key, plain))).toBe(false);
  });

  it("refuses a changed byte, a cut-short file, swapped chunks and another key", () => {
    const plain = randomBytes(3 * CHUNK_BYTES);
    const sealed = encryptBuffer(key, plain);
    const flipped = Buffer.from(sealed);
    flipped[100] ^= 1;
    expect(() => decryptBuffer(key, flipped)).toThrow(MediaAuthError);
    const header = Buffer.from(sealed);
    header[12] ^= 1; // the salt is authenticated as part of the header
    expect(() => decryptBuffer(key, header)).toThrow(MediaAuthError);
    // Cut after two whole chunks: the new last chunk was not written as the last one.
    expect(() => decryptBuffer(key, sealed.subarray(0, 32 + 2 * (CHUNK_BYTES + 16)))).toThrow(MediaAuthError);
    const c = CHUNK_BYTES + 16;
    const swapped = Buffer.concat([
      sealed.subarray(0, 32),
      sealed.subarray(32 + c, 32 + 2 * c),
      sealed.subarray(32, 32 + c),
      sealed.subarray(32 + 2 * c),
    ]);
    expect(() => decryptBuffer(key, swapped)).toThrow(MediaAuthError);
    expect(() => decryptBuffer(randomBytes(32), sealed)).toThrow(MediaAuthError);
  });

  it("reads any byte range by decrypting only the chunks that hold it", async () => {
    const plain = randomBytes(5 * CHUNK_BYTES + 123);
    const file = path.join(dir, "media.bin");
    writeFileSync(file, encryptBuffer(key, plain));
    const fh = await open(file, "r");
    try {
      const r = await openEncrypted(fh, key);
      expect(r.size).toBe(plain.length);
      for (const [a, b] of [
        [0, 0],
        [0, 99],
        [CHUNK_BYTES - 5, CHUNK_BYTES + 5],
        [2 * CHUNK_BYTES, 4 * CHUNK_BYTES - 1],
        [plain.length - 10, plain.length - 1],
      ]) {
        const parts: Buffer[] = [];
        for await (const p of r.range(a!, b!)) parts.push(p);
        expect(Buffer.concat(parts).equals(plain.subarray(a, b! + 1))).toBe(true);
        // One chunk per 64 KiB touched, no more.
        expect(parts.length).toBe(Math.floor(b! / CHUNK_BYTES) - Math.floor(a! / CHUNK_BYTES) + 1);
      }
    } finally {
      await fh.close();
    }
  });
});

describe("staged files (segments, appended in parts)", () => {
  it("reads back what was streamed and appended, by any range", async () => {
    const first = randomBytes(1_500_000);
    const second = randomBytes(700_001);
    const file = path.join(dir, "staged.bin");
    const head = await streamed(segmentStream(key), first, 13);
    writeFileSync(file, Buffer.concat([head, segmentsToAppend(key, head.length, second)]));
    const r = await openReader(file, key);
    try {
      const all = Buffer.concat([first, second]);
      expect(r.size).toBe(all.length);
      expect((await r.read(0, r.size)).equals(all)).toBe(true);
      expect((await r.read(1_499_990, 30)).equals(all.subarray(1_499_990, 1_500_020))).toBe(true);
    } finally {
      await r.close();
    }
    await expect(openReader(file, null)).rejects.toThrow(/encrypted/u);
  });
});

describe("plaintext media left in an encrypted journal's upload folder", () => {
  it("is encrypted in place; encrypted and staged files are left as they are", () => {
    const uploads = path.join(dir, "uploads");
    mkdirSync(uploads, { recursive: true });
    const plain = Buffer.from("a picture that arrived while encryption was turned on");
    const already = encryptBuffer(key, Buffer.from("already encrypted"));
    writeFileSync(path.join(uploads, "late.png"), plain);
    writeFileSync(path.join(uploads, "done.png"), already);
    writeFileSync(path.join(uploads, ".tmp-in-progress"), plain);
    expect(sealPlaintextMedia(uploads, key)).toBe(1);
    expect(decryptBuffer(key, readFileSync(path.join(uploads, "late.png"))).equals(plain)).toBe(true);
    expect(readFileSync(path.join(uploads, "done.png")).equals(already)).toBe(true);
    expect(readFileSync(path.join(uploads, ".tmp-in-progress")).equals(plain)).toBe(true); // still being received
    expect(sealPlaintextMedia(uploads, key)).toBe(0);
  });
});

describe("the key file", () => {
  it("unwraps the journal key with the passphrase only", () => {
    const journalKey = randomBytes(32);
    const file = wrapKey(journalKey, "a passphrase of some length");
    expect(JSON.stringify(file)).not.toContain(journalKey.toString("hex"));
    expect(unwrapKey(file, "a passphrase of some length")!.equals(journalKey)).toBe(true);
    expect(unwrapKey(file, "a passphrase of some lengtH")).toBeNull();
    expect(unwrapKey(file, "")).toBeNull();
  });
});
