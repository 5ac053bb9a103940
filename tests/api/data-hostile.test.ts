import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/data/import/route";
import { MAX_ARCHIVE_FILES, MAX_IMPORT_BYTES } from "@/contracts/data";
import { MAX_MEDIA_BYTES } from "@/domain/constants";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE, rawZip, type RawZipFile } from "../support/data-fixtures";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";

const uploadsDir = path.join(testDataDir, "uploads");
const listUploads = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);

let png: Buffer;

/** A valid journal.json of ours with one entry and one photo at media/<id>.png. */
function journal(entries = [entry("e-1", "m-1")]) {
  return JSON.stringify({
    format: "reverie-journal",
    version: 1,
    app: { name: "Reverie", version: "0.1.0" },
    exported_at: "2025-01-01T00:00:00.000Z",
    config: {},
    entries,
  });
}
function entry(id: string, mediaId?: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Entry ${id}`,
    content: `Words of ${id}.`,
    created_at: "2025-01-01T10:00:00.000Z",
    updated_at: "2025-01-01T10:00:00.000Z",
    mood: null,
    ai_mood_score: null,
    ai_summary: null,
    ai_themes: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 3,
    tags: ["kept"],
    media_files: mediaId
      ? [
          {
            id: mediaId,
            file_type: "image",
            filename: "photo.png",
            mime_type: "image/png",
            size: 0,
            created_at: "2025-01-01T10:00:00.000Z",
            path: `media/${mediaId}.png`,
          },
        ]
      : [],
    ...extra,
  };
}

async function importFile(file: Buffer, filename = "export.zip") {
  return call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(file, filename)),
    headers: { "content-type": MULTIPART_TYPE },
  });
}

async function journalIsEmpty() {
  const prisma = await db();
  expect(await prisma.entry.count()).toBe(0);
  expect(await prisma.mediaFile.count()).toBe(0);
  expect(await prisma.tag.count()).toBe(0);
  expect(listUploads()).toEqual([]);
}

/** A hostile file beside an otherwise valid export: the whole archive must be refused before anything is written. */
async function expectRefused(extra: RawZipFile[], status: number, message: RegExp) {
  const zip = rawZip([{ name: "journal.json", data: journal() }, { name: "media/m-1.png", data: png }, ...extra]);
  const r = await importFile(zip);
  const err = expectError(r, status);
  expect(err.message).toMatch(message);
  await journalIsEmpty();
}

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
});

describe("hostile archives are refused whole", () => {
  it("path traversal", () =>
    expectRefused([{ name: "../../outside.txt", data: "x" }], 400, /unsafe file name|leaves the archive/u));
  it("traversal hidden in a folder", () =>
    expectRefused([{ name: "media/../../../etc/cron.d/x", data: "x" }], 400, /unsafe file name|leaves the archive/u));
  it("absolute paths", () =>
    expectRefused([{ name: "/etc/passwd", data: "x" }], 400, /unsafe file name|absolute path/u));
  it("drive letters", () =>
    expectRefused([{ name: "C:/Windows/evil.dll", data: "x" }], 400, /unsafe file name|absolute path/u));
  it("backslash tricks", () =>
    expectRefused([{ name: "media\\..\\..\\evil.png", data: "x" }], 400, /unsafe file name|backslash/u));
  it("NUL in a name", () =>
    expectRefused([{ name: "media/evil.png\u0000.txt", data: "x" }], 400, /control characters/u));
  it("symbolic links", () =>
    expectRefused([{ name: "media/link.png", data: "/etc/passwd", unixMode: 0o120777 }], 400, /symbolic link/u));
  it("encrypted entries", () =>
    expectRefused([{ name: "media/secret.png", data: png, method: 8, flags: 0x1 }], 400, /encrypted/u));
  it("the same name twice", () => expectRefused([{ name: "media/m-1.png", data: png }], 400, /twice/u));
  it("a file over the media limit", () =>
    expectRefused([{ name: "media/big.png", data: Buffer.alloc(MAX_MEDIA_BYTES + 1, 7) }], 413, /10MB media limit/u));
  it("a zip bomb (a large file compressed more than 100 times)", () =>
    expectRefused(
      [{ name: "media/zeros.bin", data: Buffer.alloc(5 * 1024 * 1024), method: 8 }],
      400,
      /expands more than 100 times/u,
    ));

  it("more uncompressed bytes in total than the cap (sizes as the listing claims them)", async () => {
    const claim = 9 * 1024 * 1024;
    const n = Math.ceil(MAX_IMPORT_BYTES / claim) + 1;
    const files: RawZipFile[] = Array.from({ length: n }, (_, i) => ({
      name: `media/f${i}.bin`,
      data: "x",
      method: 8,
      claimUncompressed: claim,
      claimCompressed: claim / 50,
    }));
    await expectRefused(files, 413, /more than 2 GB once unpacked/u);
  });

  it(`more than ${MAX_ARCHIVE_FILES} files`, async () => {
    const files: RawZipFile[] = Array.from({ length: MAX_ARCHIVE_FILES }, (_, i) => ({ name: `n/${i}.txt` }));
    await expectRefused(files, 400, /at most 10000 are accepted/u);
  });

  it("a file whose data is longer than its listing says", async () => {
    // The listing claims 10 bytes; the data inflates to far more: extraction stops, that entry fails, nothing is kept.
    const zip = rawZip([
      { name: "journal.json", data: journal() },
      { name: "media/m-1.png", data: png, method: 8, claimUncompressed: 10 },
    ]);
    const r = await importFile(zip);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 0, failed: 1 });
    await journalIsEmpty();
  });
});

describe("files that are not exports", () => {
  it("refuses a file that is neither a zip nor JSON (415)", async () => {
    expectError(await importFile(png, "photo.png"), 415, "UNSUPPORTED_MEDIA_TYPE");
    await journalIsEmpty();
  });
  it("refuses a damaged zip (400)", async () => {
    const bad = Buffer.concat([Buffer.from("PK\u0003\u0004"), randomBytes(200)]);
    expect(expectError(await importFile(bad), 400).message).toMatch(/could not be read as a zip archive/u);
    await journalIsEmpty();
  });
  it("refuses JSON that is no known export, and broken JSON (400)", async () => {
    expect(expectError(await importFile(Buffer.from('{"hello":"world"}'), "x.json"), 400).message).toMatch(
      /not an export this app can read/u,
    );
    expect(expectError(await importFile(Buffer.from('{"format":"reverie-journal",'), "x.json"), 400).message).toMatch(
      /not valid JSON/u,
    );
    await journalIsEmpty();
  });
  it("refuses a zip without a journal at its top", async () => {
    const zip = rawZip([{ name: "notes/journal.json", data: journal() }]);
    expect(expectError(await importFile(zip), 400).message).toMatch(/not an export this app can read/u);
  });
  it("refuses an export of a newer format version", async () => {
    const zip = rawZip([{ name: "journal.json", data: journal().replace('"version":1', '"version":99') }]);
    expect(expectError(await importFile(zip), 400).message).toMatch(/newer version/u);
  });
  it("refuses an empty body, a missing file field and a non-multipart body", async () => {
    expectError(
      await call(importRoute.POST, {
        method: "POST",
        path: "/api/data/import",
        rawBody: "hello",
        headers: { "content-type": "text/plain" },
      }),
      400,
    );
    expectError(await importFile(Buffer.alloc(0)), 400);
    const noFile = Buffer.from(
      `------reverie-data-test-41f\r\nContent-Disposition: form-data; name="tz"\r\n\r\nUTC\r\n------reverie-data-test-41f--\r\n`,
    );
    expect(
      expectError(
        await call(importRoute.POST, {
          method: "POST",
          path: "/api/data/import",
          rawBody: new Uint8Array(noFile),
          headers: { "content-type": MULTIPART_TYPE },
        }),
        400,
      ).message,
    ).toMatch(/No file was sent/u);
  });
  it("refuses an upload id that is not one", async () => {
    expectError(
      await call(importRoute.POST, {
        method: "POST",
        path: "/api/data/import",
        body: { upload_id: "../../journal.db" },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("entries that cannot be imported fail alone, leaving nothing behind", () => {
  it("refuses unsafe ids and reports each failure with its reason", async () => {
    const zip = rawZip([
      {
        name: "journal.json",
        data: journal([
          entry("../../etc", undefined),
          entry("good-1"),
          entry("x".repeat(65)),
          entry("bad-score", undefined, { ai_mood_score: 42 }),
          entry("empty", undefined, { content: "   " }),
        ]),
      },
    ]);
    const r = await importFile(zip);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 1, failed: 4, skipped: 0 });
    const reasons = Object.fromEntries(
      r.body.issues.map((i: { entry: string; reason: string }) => [i.entry, i.reason]),
    );
    expect(reasons["entry #1"]).toMatch(/id/u);
    expect(reasons["entry #3"]).toMatch(/id/u);
    expect(reasons["bad-score"]).toMatch(/ai_mood_score/u);
    expect(reasons["empty"]).toMatch(/Please add some content/u);
    const prisma = await db();
    expect((await prisma.entry.findMany({ select: { id: true } })).map((e) => e.id)).toEqual(["good-1"]);
    await prisma.entry.deleteMany({});
    await prisma.tag.deleteMany({});
  });

  it("removes an entry's extracted media when a later file of it is damaged", async () => {
    const broken = Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x13, 0x37, 0x42, 0x42, 0x42]);
    const e = entry("two-media", "m-ok");
    e.media_files.push({ ...e.media_files[0]!, id: "m-broken", path: "media/m-broken.png" });
    const zip = rawZip([
      { name: "journal.json", data: journal([e]) },
      { name: "media/m-ok.png", data: png },
      { name: "media/m-broken.png", data: png, method: 8, rawData: broken },
    ]);
    const r = await importFile(zip);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 0, failed: 1, media_imported: 0 });
    expect(r.body.issues[0]).toMatchObject({ entry: "two-media", kind: "failed" });
    await journalIsEmpty();
  });

  it("rolls back an entry whose database write fails, and removes its files", async () => {
    const prisma = await db();
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "test_refuse_boom" BEFORE INSERT ON "entries" WHEN new."title" = 'Entry boom' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`,
    );
    try {
      const zip = rawZip([
        { name: "journal.json", data: journal([entry("boom", "m-boom"), entry("fine")]) },
        { name: "media/m-boom.png", data: png },
      ]);
      const r = await importFile(zip);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ imported: 1, failed: 1, media_imported: 0 });
      expect(r.body.issues).toEqual([
        {
          entry: "boom",
          title: expect.anything(),
          date: expect.any(String),
          kind: "failed",
          reason: "It could not be saved; nothing of it was kept.",
        },
      ]);
      expect((await prisma.entry.findMany({ select: { id: true } })).map((x) => x.id)).toEqual(["fine"]);
      expect(await prisma.mediaFile.count()).toBe(0);
      expect(listUploads()).toEqual([]);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "test_refuse_boom"`);
      await prisma.entry.deleteMany({});
      await prisma.tag.deleteMany({});
    }
  });

  it("leaves out a media file the journal would refuse as an upload, and says so", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    const zip = rawZip([
      { name: "journal.json", data: journal([entry("with-svg", "m-svg")]) },
      { name: "media/m-svg.png", data: svg },
    ]);
    const r = await importFile(zip);
    expect(r.body).toMatchObject({ imported: 1, failed: 0, media_imported: 0 });
    expect(r.body.issues).toEqual([
      {
        entry: "with-svg",
        title: expect.anything(),
        date: expect.any(String),
        kind: "warning",
        reason: 'File "photo.png" is not a supported media type. It was left out.',
      },
    ]);
    expect(listUploads()).toEqual([]);
    const prisma = await db();
    await prisma.entry.deleteMany({});
    await prisma.tag.deleteMany({});
  });
});
