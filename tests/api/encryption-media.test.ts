import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as enable from "@/app/api/encryption/enable/route";
import * as unlock from "@/app/api/encryption/unlock/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as entries from "@/app/api/entries/route";
import * as serve from "@/app/api/media/[id]/route";
import { cachedFileKeys } from "@/server/keys/media-cipher";
import { setKey } from "@/server/keys/state";
import { closeDb, db } from "@/server/db/client";
import { stopBackups } from "@/server/backup/service";
import { testDataDir } from "../support/api-setup";
import { call, expectError } from "../support/http";

/**
 * Encrypted media through GET /api/media/:id: a file of several 64 KiB chunks, whole (streamed) and by
 * Range at every kind of edge, the bytes on disk never in the clear, and after sealing and unlocking
 * again (the cached file keys are forgotten and derived afresh).
 */
const PASS = "a passphrase for the media test";
const BOUNDARY = "----reverie-encrypted-media-test";
const dbFile = path.join(testDataDir, "journal.db");
const SIZE = 10 * 65_536 - 1000; // ten chunks, the last one partly filled

/** A WAV whose samples are random, so a chunk in the wrong place can never match. */
function wav(size: number): Buffer {
  const b = randomBytes(size);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(size - 8, 4);
  b.write("WAVEfmt ", 8, "ascii");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "ascii");
  b.writeUInt32LE(size - 44, 40);
  return b;
}

function allFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? allFiles(full) : d.isFile() ? [full] : [];
  });
}

const audio = wav(SIZE);
let mediaId = "";
const get = (range?: string) =>
  call(serve.GET, { path: `/api/media/${mediaId}`, params: { id: mediaId }, headers: range ? { range } : {} });
const head = (range?: string) =>
  call(serve.HEAD, {
    method: "HEAD",
    path: `/api/media/${mediaId}`,
    params: { id: mediaId },
    headers: range ? { range } : {},
  });

beforeAll(async () => {
  stopBackups();
  const on = await call(enable.POST, {
    method: "POST",
    path: "/api/encryption/enable",
    body: { passphrase: PASS, understood: true },
  });
  expect(on.status).toBe(200);
  const e = await call(entries.POST, {
    method: "POST",
    path: "/api/entries",
    body: { title: "A long voice note", content: "Recorded by the sea." },
  });
  expect(e.status).toBe(201);
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="note.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    audio,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const m = await call(upload.POST, {
    method: "POST",
    path: `/api/entries/${e.body.id}/media`,
    rawBody: new Uint8Array(body),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    params: { id: e.body.id },
  });
  expect(m.status).toBe(201);
  mediaId = m.body.id;
});

afterAll(async () => {
  setKey(dbFile, null);
  await closeDb();
});

describe("encrypted media over the media route", () => {
  it("is stored encrypted: no 64-byte run of the samples is on disk", () => {
    const stored = allFiles(path.join(testDataDir, "uploads")).filter((f) => statSync(f).size > SIZE);
    expect(stored).toHaveLength(1);
    const disk = readFileSync(stored[0]!);
    for (const at of [100, 65_536, 300_000, SIZE - 64]) expect(disk.includes(audio.subarray(at, at + 64))).toBe(false);
  });

  it("serves the whole file, streamed, byte for byte", async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.res.headers.get("content-length")).toBe(String(SIZE));
    expect(Buffer.from(await whole.res.arrayBuffer()).equals(audio)).toBe(true);
  });

  it.each([
    ["bytes=0-0", 0, 0], // the first byte
    [`bytes=${SIZE - 1}-`, SIZE - 1, SIZE - 1], // the last byte
    ["bytes=-1", SIZE - 1, SIZE - 1], // the last byte as a suffix
    ["bytes=65530-65545", 65_530, 65_545], // across the first chunk boundary
    ["bytes=131071-131072", 131_071, 131_072], // the last byte of one chunk and the first of the next
    ["bytes=65536-131071", 65_536, 131_071], // exactly one whole chunk
    ["bytes=1000-400000", 1000, 400_000], // streamed (over 256 KiB), several reads of several chunks
    ["bytes=-70000", SIZE - 70_000, SIZE - 1], // a suffix starting in the second-to-last chunk
    [`bytes=${SIZE - 10}-${SIZE + 500}`, SIZE - 10, SIZE - 1], // an end past the file is cut to it
    ["bytes=0-", 0, SIZE - 1], // an open range from the start
  ])("answers %s with 206 and exactly those bytes", async (range, a, b) => {
    const r = await get(range);
    expect(r.status).toBe(206);
    expect(r.res.headers.get("content-range")).toBe(`bytes ${a}-${b}/${SIZE}`);
    expect(r.res.headers.get("content-length")).toBe(String(b - a + 1));
    expect(Buffer.from(await r.res.arrayBuffer()).equals(audio.subarray(a, b + 1))).toBe(true);
    const h = await head(range);
    expect(h.status).toBe(206);
    expect(h.res.headers.get("content-range")).toBe(`bytes ${a}-${b}/${SIZE}`);
  });

  it("answers a range past the end with 416 and the plaintext size", async () => {
    const r = await get(`bytes=${SIZE}-`);
    expectError(r, 416, "RANGE_NOT_SATISFIABLE");
    expect(r.res.headers.get("content-range")).toBe(`bytes */${SIZE}`);
  });

  it("forgets the file keys when sealed, refuses the file, and serves it again once unlocked", async () => {
    expect((await get("bytes=0-9")).status).toBe(206);
    expect(cachedFileKeys()).toBeGreaterThan(0);
    await closeDb();
    setKey(dbFile, null); // as after a restart or a lock
    expect(cachedFileKeys()).toBe(0);
    expectError(await get("bytes=0-9"), 503, "SEALED");
    const ok = await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase: PASS } });
    expect(ok.status).toBe(200);
    const r = await get("bytes=65000-70000");
    expect(r.status).toBe(206);
    expect(Buffer.from(await r.res.arrayBuffer()).equals(audio.subarray(65_000, 70_001))).toBe(true);
  });

  it("refuses a plaintext file planted in the upload folder instead of serving it as the photo", async () => {
    const row = await (await db()).mediaFile.findUniqueOrThrow({ where: { id: mediaId } });
    const file = path.join(testDataDir, "uploads", row.storedName);
    const original = readFileSync(file);
    const planted = Buffer.from("RIFF planted plaintext, not written by the journal");
    writeFileSync(file, planted);
    try {
      const r = await get();
      expect(r.status).toBeGreaterThanOrEqual(500);
      expect(Buffer.from(await r.res.arrayBuffer()).includes(Buffer.from("planted plaintext"))).toBe(false);
      expect((await get("bytes=0-9")).status).toBeGreaterThanOrEqual(500);
    } finally {
      writeFileSync(file, original);
    }
    expect((await get("bytes=0-9")).status).toBe(206);
  });
});
