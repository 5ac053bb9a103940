import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as serve from "@/app/api/media/[id]/route";
import * as configRoute from "@/app/api/config/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as uploads from "@/app/api/data/import/uploads/route";
import * as uploadPart from "@/app/api/data/import/uploads/[id]/route";
import * as clearRoute from "@/app/api/data/clear/route";
import { EXPORT_ESTIMATE_HEADER, IMPORT_PART_BYTES, type JournalFile } from "@/contracts/data";
import { wordCount } from "@/domain/text";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { CheckInCreateSchema } from "@/contracts/checkins";
import { listActivities, updateActivity } from "@/server/checkins/activities";
import { createCheckInOnce } from "@/server/checkins/service";
import { importBody, MULTIPART_TYPE, readZip, wav } from "../support/data-fixtures";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";

const uploadsDir = path.join(testDataDir, "uploads");
const listUploads = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);

const BOUNDARY = "----reverie-media-7c1";
function mediaBody(filename: string, data: Buffer, type: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function createEntry(body: Record<string, unknown>): Promise<string> {
  const r = await call(entries.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function attach(entryId: string, filename: string, data: Buffer, type: string): Promise<string> {
  const r = await call(upload.POST, {
    method: "POST",
    path: `/api/entries/${entryId}/media`,
    rawBody: new Uint8Array(mediaBody(filename, data, type)),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    params: { id: entryId },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function exportZip(): Promise<{ zip: Buffer; res: Response }> {
  const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), { params: Promise.resolve({}) });
  return { zip: Buffer.from(await res.arrayBuffer()), res };
}

async function importZip(zip: Buffer, fields: Record<string, string> = {}) {
  return call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(zip, "export.zip", fields)),
    headers: { "content-type": MULTIPART_TYPE },
  });
}

async function clear() {
  return call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
}

async function mediaBytes(id: string): Promise<Buffer> {
  const res = await serve.GET(new Request(`http://localhost/api/media/${id}`), { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function counts() {
  const prisma = await db();
  const [e, t, et, m, c] = await Promise.all([
    prisma.entry.count(),
    prisma.tag.count(),
    prisma.entryTag.count(),
    prisma.mediaFile.count(),
    prisma.config.count(),
  ]);
  const fts = await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "entry_search_keys"`);
  return { entries: e, tags: t, entryTags: et, media: m, config: c, searchKeys: Number(fts[0]?.n ?? 0) };
}

const withoutTime = (j: JournalFile) => ({ ...j, exported_at: "" });

let png: Buffer;
let jpeg: Buffer;
const sound = wav(44 + 6000);
const ids: Record<string, string> = {};
const media: Record<string, string> = {};

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

  ids.full = await createEntry({
    title: "Harbour walk ☀️",
    content: "Walked along the harbour.\n\n**Bold** and *italic*, a • bullet, and ünïcödé.",
    mood: "positive",
    tags: ["travel", "Family", "sea"],
    created_at: "2025-03-14T09:26:53.589Z",
    ai_summary: "A calm walk by the sea.",
    ai_mood_score: 7.5,
    ai_themes: ["calm", "nature"],
    location_name: "Marseille",
    location_lat: 43.2965,
    location_lng: 5.3698,
  });
  ids.plain = await createEntry({ content: "Only words, nothing else.", created_at: "2024-12-31T23:59:59.000Z" });
  ids.sound = await createEntry({ title: "Voice note", content: "Recorded a thought.", tags: ["travel"] });
  media.png = await attach(ids.full, "Harbour.png", png, "image/png");
  media.jpeg = await attach(ids.full, "Boats at dusk.jpg", jpeg, "image/jpeg");
  media.wav = await attach(ids.sound, "recording.wav", sound, "audio/wav");
  // Edited after creation: updated_at differs from created_at and must survive the round trip.
  const r = await call(one.PUT, {
    method: "PUT",
    path: `/api/entries/${ids.plain}`,
    body: { content: "Only words, nothing else. Edited.", created_at: "2024-12-31T23:59:59.000Z" },
    params: { id: ids.plain },
  });
  expect(r.status).toBe(200);
  await call(configRoute.PUT, {
    method: "PUT",
    path: "/api/config",
    body: { key: "personal_info", value: "I like long walks." },
  });
  await setConfig({ openai_api_key: "sk-secret-never-exported", cultural_context: "Provence" });
  // Check-ins: one belongs to an entry (its stated mood), one stands alone with a chip of the person's own; one chip hidden.
  await createCheckInOnce(
    CheckInCreateSchema.parse({
      id: "0190c3f0-dddd-7000-8000-000000000001",
      mood: 9,
      activities: ["outdoors", "family"],
      note: "By the sea",
      at: "2025-03-14T09:30:00.000Z",
      entry_id: ids.full,
    }),
  );
  await createCheckInOnce(
    CheckInCreateSchema.parse({
      id: "0190c3f0-dddd-7000-8000-000000000002",
      mood: 4,
      activities: ["board games"],
      at: "2025-03-15T20:00:00.000Z",
    }),
  );
  const alcohol = (await listActivities()).find((a) => a.name === "alcohol")!;
  await updateActivity(alcohol.id, { hidden: true });
});

describe("export", () => {
  it("streams a zip download with journal.json, a Markdown file per entry and every media file byte for byte", async () => {
    const { zip, res } = await exportZip();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="reverie-export-\d{4}-\d{2}-\d{2}\.zip"$/u,
    );
    expect(res.headers.get("content-length")).toBeNull();
    const estimate = Number(res.headers.get(EXPORT_ESTIMATE_HEADER));
    expect(estimate).toBeGreaterThanOrEqual(zip.length);
    expect(estimate).toBeLessThan(zip.length * 3);

    const files = await readZip(zip);
    const journal = JSON.parse(files.get("journal.json")!.toString("utf8")) as JournalFile;
    expect(journal).toMatchObject({
      format: "reverie-journal",
      version: 1,
      app: { name: "Reverie", version: "0.1.0" },
    });
    expect(Date.parse(journal.exported_at)).not.toBeNaN();
    expect(journal.config).toEqual({ personal_info: "I like long walks.", cultural_context: "Provence" });
    expect(JSON.stringify(journal)).not.toContain("sk-secret");

    expect(journal.entries.map((e) => e.id)).toEqual([ids.plain, ids.full, ids.sound]);
    const full = journal.entries.find((e) => e.id === ids.full)!;
    expect(full.word_count).toBe(12);
    expect(full).toMatchObject({
      title: "Harbour walk ☀️",
      created_at: "2025-03-14T09:26:53.589Z",
      mood: "positive",
      ai_mood_score: 7.5,
      ai_summary: "A calm walk by the sea.",
      ai_themes: JSON.stringify(["calm", "nature"]),
      location_name: "Marseille",
      location_lat: 43.2965,
      location_lng: 5.3698,
      tags: ["family", "sea", "travel"],
      word_count: wordCount(full.content),
    });
    expect(full.media_files.map((m) => [m.id, m.filename, m.file_type, m.mime_type, m.size])).toEqual([
      [media.png, "Harbour.png", "image", "image/png", png.length],
      [media.jpeg, "Boats at dusk.jpg", "image", "image/jpeg", jpeg.length],
    ]);
    const plain = journal.entries.find((e) => e.id === ids.plain)!;
    expect(plain.content).toBe("Only words, nothing else. Edited.");
    expect(plain.updated_at).not.toBe(plain.created_at);

    expect(files.get(`media/${media.png}.png`)!.equals(png)).toBe(true);
    expect(files.get(`media/${media.jpeg}.jpg`)!.equals(jpeg)).toBe(true);
    expect(files.get(`media/${media.wav}.wav`)!.equals(sound)).toBe(true);

    const md = [...files.keys()].filter((n) => n.startsWith("entries/"));
    expect(md).toHaveLength(3);
    const fullMd = files.get(md.find((n) => n.includes(ids.full))!)!.toString("utf8");
    expect(md.find((n) => n.includes(ids.full))).toBe(`entries/2025-03-14-harbour-walk-${ids.full}.md`);
    expect(fullMd).toMatch(/^---\n[^]*\ntitle: Harbour walk ☀️\n[^]*\n---\n/u);
    expect(fullMd).toContain("Walked along the harbour.");
    expect(fullMd).toContain("tags:\n  - family\n  - sea\n  - travel\n");
    expect(fullMd).toContain(`![Harbour.png](../media/${media.png}.png)`);
    // Nothing else: no thumbnails, no database file.
    expect([...files.keys()].filter((n) => !n.startsWith("entries/") && !n.startsWith("media/"))).toEqual([
      "journal.json",
    ]);
  });
});

describe("clear", () => {
  it("refuses without an explicit confirmation and changes nothing", async () => {
    const before = await counts();
    for (const body of [undefined, {}, { confirm: "true" }, { confirm: false }]) {
      const r = await call(clearRoute.POST, {
        method: "POST",
        path: "/api/data/clear",
        ...(body === undefined ? {} : { body }),
      });
      expect(expectError(r, 400).message).toBe('To clear all data, send { "confirm": true }.');
    }
    expect(await counts()).toEqual(before);
  });
});

describe("round trip: export, clear, import, export", () => {
  it("gives back the same journal.json (apart from the export time) and byte-identical media", async () => {
    const first = await exportZip();
    const firstFiles = await readZip(first.zip);
    const firstJournal = JSON.parse(firstFiles.get("journal.json")!.toString("utf8")) as JournalFile;

    const cleared = await clear();
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({
      success: true,
      entries_deleted: 3,
      media_files_deleted: 3,
      tags_deleted: 3,
      config_keys_deleted: 3,
      trash_deleted: 0,
      checkins_deleted: 2,
      templates_deleted: 0,
      memory_deleted: 0,
    });
    const prisma = await db();
    expect(await prisma.checkIn.count()).toBe(0);
    expect(await prisma.checkInActivity.count()).toBe(0);
    expect(firstJournal.checkins?.map((c) => c.mood)).toEqual([9, 4]);
    expect(firstJournal.checkin_activities?.find((a) => a.name === "alcohol")?.hidden).toBe(true);
    expect(firstJournal.checkin_activities?.map((a) => a.name)).toContain("board games");
    expect(await counts()).toEqual({ entries: 0, tags: 0, entryTags: 0, media: 0, config: 0, searchKeys: 0 });
    expect(listUploads()).toEqual([]);

    const r = await importZip(first.zip);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      source: "reverie",
      imported: 3,
      skipped: 0,
      failed: 0,
      media_imported: 3,
      config_imported: 2,
      checkins_imported: 2,
      issues: [],
      issues_left_out: 0,
    });
    // The entry's stated mood comes back with its check-in.
    expect((await call(one.GET, { params: { id: ids.full } })).body.stated_mood).toBe(9);
    // Stored files: three media and two thumbnails, no temp file left.
    expect(listUploads()).toHaveLength(5);
    expect(listUploads().some((n) => n.startsWith(".tmp-"))).toBe(false);

    const second = await exportZip();
    const secondFiles = await readZip(second.zip);
    const secondJournal = JSON.parse(secondFiles.get("journal.json")!.toString("utf8")) as JournalFile;
    expect(withoutTime(secondJournal)).toEqual(withoutTime(firstJournal));
    expect([...secondFiles.keys()].sort()).toEqual([...firstFiles.keys()].sort());
    for (const [name, bytes] of firstFiles)
      if (name !== "journal.json") expect(secondFiles.get(name)!.equals(bytes), name).toBe(true);

    // The app serves the imported media under their old ids, and search finds imported text.
    expect((await mediaBytes(media.png)).equals(png)).toBe(true);
    expect((await mediaBytes(media.wav)).equals(sound)).toBe(true);
    const found = await call(entries.GET, { path: "/api/entries?search=harbour" });
    expect(found.body.map((e: { id: string }) => e.id)).toEqual([ids.full]);
    const tagged = await call(entries.GET, { path: "/api/entries?tags=travel" });
    expect(tagged.body.map((e: { id: string }) => e.id).sort()).toEqual([ids.full, ids.sound].sort());
  });

  it("skips every entry on a second import of the same file and writes no file", async () => {
    const { zip } = await exportZip();
    const before = listUploads();
    const countsBefore = await counts();
    const r = await importZip(zip);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      source: "reverie",
      imported: 0,
      skipped: 3,
      failed: 0,
      media_imported: 0,
      config_imported: 0,
    });
    expect(r.body.issues).toHaveLength(3);
    expect(
      r.body.issues.every(
        (i: { kind: string; reason: string }) => i.kind === "skipped" && /already in your journal/u.test(i.reason),
      ),
    ).toBe(true);
    // Each one is named by its title (or null when it has none) and its date, not only by its id.
    const exported = JSON.parse((await readZip(zip)).get("journal.json")!.toString("utf8")) as {
      entries: { id: string; title: string; created_at: string }[];
    };
    for (const issue of r.body.issues as { entry: string; title: string | null; date: string }[]) {
      const e = exported.entries.find((x) => x.id === issue.entry)!;
      expect(issue.title).toBe(e.title.trim() || null);
      expect(new Date(issue.date).toISOString()).toBe(new Date(e.created_at).toISOString());
    }
    expect(listUploads()).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
  });

  it("keeps settings the person has set here rather than overwriting them", async () => {
    const { zip } = await exportZip();
    await clear();
    await call(configRoute.PUT, {
      method: "PUT",
      path: "/api/config",
      body: { key: "personal_info", value: "Set on this device." },
    });
    const r = await importZip(zip);
    expect(r.body).toMatchObject({ imported: 3, config_imported: 1 });
    const cfg = await call(configRoute.GET, { path: "/api/config" });
    expect(cfg.body.config).toMatchObject({ personal_info: "Set on this device.", cultural_context: "Provence" });
  });

  it("imports a large file sent in parts through a staged upload", async () => {
    const { zip } = await exportZip();
    await clear();
    const started = await call(uploads.POST, { method: "POST", path: "/api/data/import/uploads" });
    expect(started.status).toBe(201);
    const id = started.body.upload_id as string;
    const half = Math.ceil(zip.length / 2);
    const put = (offset: number, part: Buffer) =>
      call(uploadPart.PUT, {
        method: "PUT",
        path: `/api/data/import/uploads/${id}?offset=${offset}`,
        rawBody: new Uint8Array(part),
        headers: { "content-type": "application/octet-stream" },
        params: { id },
      });
    expect((await put(0, zip.subarray(0, half))).body).toEqual({ upload_id: id, received: half });
    // A part sent twice (a retry after a lost answer) is refused, not appended again.
    const again = await put(0, zip.subarray(0, half));
    expect(expectError(again, 409, "CONFLICT").details).toEqual({ received: half });
    expect((await put(half, zip.subarray(half))).body).toEqual({ upload_id: id, received: zip.length });
    const tooBig = await put(zip.length, Buffer.alloc(IMPORT_PART_BYTES + 1));
    expectError(tooBig, 413, "PAYLOAD_TOO_LARGE");

    const r = await call(importRoute.POST, { method: "POST", path: "/api/data/import", body: { upload_id: id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 3, media_imported: 3 });
    expect(listUploads().some((n) => n.startsWith(".tmp-"))).toBe(false);
    // The staged file is gone once imported.
    expectError(
      await call(importRoute.POST, { method: "POST", path: "/api/data/import", body: { upload_id: id } }),
      404,
      "NOT_FOUND",
    );
  });
});
