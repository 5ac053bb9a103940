import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as mediaItem from "@/app/api/entries/[id]/media/[mediaId]/route";
import * as serve from "@/app/api/media/[id]/route";
import * as enable from "@/app/api/encryption/enable/route";
import { IDEMPOTENT_REPLAY_HEADER, type MediaFileDto } from "@/contracts/entries";
import { stopBackups } from "@/server/backup/service";
import { setKey } from "@/server/keys/state";
import { db } from "@/server/db/client";
import { testDataDir } from "../support/api-setup";
import { call, expectError } from "../support/http";

/**
 * Idempotent media uploads: a client-made media id (multipart field `id`, before or after the file)
 * makes an upload sent again answer the media already stored, with nothing stored twice.
 */

const uploads = path.join(testDataDir, "uploads");
const listUploads = () => (existsSync(uploads) ? readdirSync(uploads).sort() : []);
const BOUNDARY = "----reverie-sync-media-5e2";
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { name: string; filename?: string; type?: string; data: Buffer | string };

function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`;
    chunks.push(
      Buffer.from(head, "utf8"),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, "utf8"),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

let png: Buffer;
let otherPng: Buffer;

const filePart = (data = png, filename = "sea.png"): Part => ({ name: "file", filename, type: "image/png", data });
const idPart = (id: unknown): Part => ({ name: "id", data: String(id) });

function post(entryId: string, parts: Part[]) {
  return call(upload.POST, {
    method: "POST",
    path: `/api/entries/${entryId}/media`,
    rawBody: new Uint8Array(multipart(parts)),
    headers: { "content-type": MULTIPART_TYPE },
    params: { id: entryId },
  });
}

async function newEntry(): Promise<string> {
  const r = await call(entries.POST, {
    method: "POST",
    path: "/api/entries",
    body: { content: "A day with a picture." },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function mediaRows(entryId?: string) {
  const prisma = await db();
  return prisma.mediaFile.findMany({ where: entryId ? { entryId } : {}, orderBy: { createdAt: "asc" } });
}

async function served(id: string): Promise<Buffer> {
  const res = await serve.GET(new Request(`http://localhost/api/media/${id}`), { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The upload folder holds exactly the files of the recorded media (no second copy, no temp file). */
async function expectOnlyRecordedFiles() {
  const rows = await mediaRows();
  const expected = rows.flatMap((r) => [r.storedName, ...(r.thumbnailName ? [r.thumbnailName] : [])]).sort();
  expect(listUploads()).toEqual(expected);
}

beforeAll(async () => {
  stopBackups();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  otherPng = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 220, g: 20, b: 60 } } })
    .png()
    .toBuffer();
});

describe("POST /entries/{id}/media with a client-made id", () => {
  it("stores the media under that id (201); the stored file name stays the server's", async () => {
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    const r = await post(entryId, [idPart(id), filePart()]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.res.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect(r.body).toMatchObject({
      id,
      entry_id: entryId,
      file_type: "image",
      filename: "sea.png",
      url: `/api/media/${id}`,
      thumbnail_url: `/api/media/${id}?thumb=1`,
    });
    const [row] = await mediaRows(entryId);
    expect(row?.id).toBe(id);
    expect(row?.storedName).not.toContain(id);
    expect(row?.storedName).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/u);
    expect((await served(id)).equals(png)).toBe(true);
    await expectOnlyRecordedFiles();
  });

  it("answers a replay with the stored media (200, Idempotent-Replay: true), storing nothing twice", async () => {
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    const first = await post(entryId, [idPart(id), filePart()]);
    expect(first.status).toBe(201);
    const files = listUploads();
    const replay = await post(entryId, [idPart(id), filePart()]);
    expect(replay.status).toBe(200);
    expect(replay.res.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(listUploads()).toEqual(files);
    expect(await mediaRows(entryId)).toHaveLength(1);
    const entry = await call(one.GET, { path: `/api/entries/${entryId}`, params: { id: entryId } });
    expect((entry.body.media_files as MediaFileDto[]).map((m) => m.id)).toEqual([id]);
  });

  it("reads the id after the file as well as before it", async () => {
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    const first = await post(entryId, [filePart(), idPart(id)]);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    const files = listUploads();
    const replay = await post(entryId, [filePart(), idPart(id)]);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // Sent again with the parts the other way round, and the id in capitals: the same media.
    const flipped = await post(entryId, [idPart(id.toUpperCase()), filePart()]);
    expect(flipped.status).toBe(200);
    expect(flipped.body.id).toBe(id);
    expect(listUploads()).toEqual(files);
    await expectOnlyRecordedFiles();
  });

  it("keeps the first file when a replay carries other bytes under the same id", async () => {
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    expect((await post(entryId, [idPart(id), filePart(png, "first.png")])).status).toBe(201);
    const replay = await post(entryId, [idPart(id), filePart(otherPng, "second.png")]);
    expect(replay.status).toBe(200);
    expect(replay.body.filename).toBe("first.png");
    expect((await served(id)).equals(png)).toBe(true);
    await expectOnlyRecordedFiles();
  });

  it("answers 409 CONFLICT when the id is another entry's media, and stores nothing", async () => {
    const a = await newEntry();
    const b = await newEntry();
    const id = crypto.randomUUID();
    expect((await post(a, [idPart(id), filePart()])).status).toBe(201);
    const files = listUploads();
    expectError(await post(b, [filePart(), idPart(id)]), 409, "CONFLICT");
    expect(listUploads()).toEqual(files);
    expect(await mediaRows(b)).toHaveLength(0);
    expect((await mediaRows(a)).map((r) => r.id)).toEqual([id]);
  });

  it("five identical uploads at once: one row, one file, one 201 and four replays", async () => {
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    const before = listUploads();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(entryId, [idPart(id), filePart()])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const a of answers) expect(a.body).toEqual(answers.find((x) => x.status === 201)!.body);
    const rows = await mediaRows(entryId);
    expect(rows).toHaveLength(1);
    const added = listUploads().filter((n) => !before.includes(n));
    expect(added.sort()).toEqual([rows[0]!.storedName, rows[0]!.thumbnailName!].sort());
    await expectOnlyRecordedFiles();
  });

  it("without an id, every upload is a new media (as before)", async () => {
    const entryId = await newEntry();
    const a = await post(entryId, [filePart()]);
    const b = await post(entryId, [filePart()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await mediaRows(entryId)).toHaveLength(2);
  });

  it.each([
    ["a word", "not-a-uuid"],
    ["an empty value", ""],
    ["a number", 42],
    ["a path", "../../uploads/x"],
    ["a UUID with a stray letter", "3f2504e0-4f89-41d3-9a0c-0305e82c330g"],
  ])("refuses %s as the media id with a 400, leaving no file behind (before or after the file)", async (_what, bad) => {
    const entryId = await newEntry();
    const files = listUploads();
    for (const parts of [
      [idPart(bad), filePart()],
      [filePart(), idPart(bad)],
    ]) {
      const err = expectError(await post(entryId, parts), 400, "VALIDATION_FAILED");
      expect(err.message).toMatch(/id/u);
    }
    expect(listUploads()).toEqual(files);
    expect(await mediaRows(entryId)).toHaveLength(0);
  });

  it("refuses an id sent twice with a 400", async () => {
    const entryId = await newEntry();
    const files = listUploads();
    expectError(
      await post(entryId, [idPart(crypto.randomUUID()), filePart(), idPart(crypto.randomUUID())]),
      400,
      "BAD_REQUEST",
    );
    expect(listUploads()).toEqual(files);
  });

  it("answers 404 for an unknown entry even with a client id", async () => {
    expectError(await post(crypto.randomUUID(), [idPart(crypto.randomUUID()), filePart()]), 404, "NOT_FOUND");
  });

  it("a media deleted, then uploaded again under its id, is stored anew", async () => {
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    expect((await post(entryId, [idPart(id), filePart()])).status).toBe(201);
    const del = await call(mediaItem.DELETE, { method: "DELETE", params: { id: entryId, mediaId: id } });
    expect(del.status).toBe(200);
    expect((await post(entryId, [idPart(id), filePart()])).status).toBe(201);
    await expectOnlyRecordedFiles();
  });
});

describe("idempotent uploads on an encrypted journal", () => {
  const dbFile = path.join(testDataDir, "journal.db");
  afterAll(() => setKey(dbFile, null));

  it("stores the file sealed once, and answers a replay without a second file", async () => {
    const on = await call(enable.POST, {
      method: "POST",
      path: "/api/encryption/enable",
      body: { passphrase: "correct horse battery staple", understood: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const entryId = await newEntry();
    const id = crypto.randomUUID();
    const first = await post(entryId, [filePart(), idPart(id)]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const [row] = await mediaRows(entryId);
    // Sealed at rest: the stored bytes are not the picture's.
    expect(readFileSync(path.join(uploads, row!.storedName)).includes(png.subarray(16, 64))).toBe(false);
    const files = listUploads();
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(entryId, [idPart(id), filePart()])));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(first.body);
    expect(listUploads()).toEqual(files);
    expect((await served(id)).equals(png)).toBe(true);
    await expectOnlyRecordedFiles();
  });
});
