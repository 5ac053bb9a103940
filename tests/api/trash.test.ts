import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as stats from "@/app/api/entries/statistics/route";
import * as calendar from "@/app/api/entries/calendar/route";
import * as tagsRoute from "@/app/api/entries/tags/route";
import * as clear from "@/app/api/data/clear/route";
import * as trash from "@/app/api/trash/route";
import * as trashOne from "@/app/api/trash/[id]/route";
import * as restore from "@/app/api/trash/[id]/restore/route";
import * as media from "@/app/api/media/[id]/route";
import * as uploadRoute from "@/app/api/entries/[id]/media/route";
import type { EntryDto } from "@/contracts/entries";
import type { TrashListDto } from "@/contracts/trash";
import { db } from "@/server/db/client";
import { purgeExpired } from "@/server/data/purge";
import { trashEntry } from "@/server/entries/trash";
import { bumpDataVersion } from "@/server/entries/version";
import { uploadDir } from "@/server/storage/paths";
import { sweepOrphanFiles } from "@/server/media/cleanup";
import { databasePath } from "@/server/storage/paths";
import { call, expectError } from "../support/http";
import { emptyJournal } from "../support/api-journal";

async function create(body: Record<string, unknown>): Promise<EntryDto> {
  const r = await call(list.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as EntryDto;
}

async function addMedia(entryId: string) {
  const prisma = await db();
  const id = crypto.randomUUID();
  const storedName = `${id}.png`;
  const thumbnailName = `${id}.thumb.webp`;
  mkdirSync(uploadDir(), { recursive: true });
  writeFileSync(path.join(uploadDir(), storedName), "png-bytes");
  writeFileSync(path.join(uploadDir(), thumbnailName), "webp-bytes");
  await prisma.mediaFile.create({
    data: {
      id,
      entryId,
      fileType: "image",
      filename: "sea.png",
      storedName,
      mimeType: "image/png",
      size: 9,
      thumbnailName,
      createdAt: new Date(),
    },
  });
  return {
    id,
    storedName,
    thumbnailName,
    file: path.join(uploadDir(), storedName),
    thumb: path.join(uploadDir(), thumbnailName),
  };
}

const del = (id: string) => call(one.DELETE, { method: "DELETE", params: { id } });
const trashList = async () => {
  const r = await call(trash.GET, { path: "/api/trash" });
  expect(r.status).toBe(200);
  return r.body as TrashListDto;
};
const search = async (q: string) =>
  ((await call(list.GET, { path: `/api/entries?search=${encodeURIComponent(q)}` })).body as EntryDto[]).map(
    (e) => e.id,
  );

beforeEach(emptyJournal);

describe("Recently deleted", () => {
  it("a deleted entry leaves lists, search, statistics, calendar and tags, and is listed in the trash", async () => {
    const keep = await create({ title: "Stays", content: "A calm walk by the river.", tags: ["walks"] });
    const e = await create({
      title: "Harbour day",
      content: "**Sunny** harbour with gulls and a ferry.",
      tags: ["sea", "walks"],
      ai_mood_score: 8,
      created_at: "2026-03-10T12:00:00Z",
    });
    const m = await addMedia(e.id);
    expect((await del(e.id)).body).toEqual({ success: true, id: e.id });

    expect(await search("harbour")).toEqual([]);
    expect(await search("river")).toEqual([keep.id]);
    const s = (await call(stats.GET, { path: "/api/entries/statistics" })).body;
    expect(s.total_entries).toBe(1);
    const cal = (await call(calendar.GET, { path: "/api/entries/calendar?month=2026-03&tz=UTC" })).body as {
      days: { date: string; count: number }[];
    };
    expect(cal.days.find((d) => d.date === "2026-03-10")?.count).toBe(0);
    const tags = (await call(tagsRoute.GET, { path: "/api/entries/tags" })).body.tags.map(
      (t: { name: string }) => t.name,
    );
    expect(tags).toEqual(["walks"]);
    // The media file is not served while its entry is deleted, but it is kept on disk.
    expect((await call(media.GET, { params: { id: m.id } })).status).toBe(404);
    expect(existsSync(m.file)).toBe(true);

    const t = await trashList();
    expect(t.retention_days).toBe(30);
    expect(t.entries).toHaveLength(1);
    const item = t.entries[0]!;
    expect(item).toMatchObject({
      id: e.id,
      title: "Harbour day",
      created_at: "2026-03-10T12:00:00.000Z",
      excerpt: "Sunny harbour with gulls and a ferry.",
      tags: ["sea", "walks"],
      media_count: 1,
    });
    expect(new Date(item.purge_at).getTime() - new Date(item.deleted_at).getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it("restore puts the entry back under the same id with its tags, media and analysis", async () => {
    const e = await create({
      title: "Back again",
      content: "Words worth keeping.",
      tags: ["keep"],
      ai_mood_score: 6.5,
      ai_summary: "Kept",
      mood: "calm",
      location_name: "Home",
      location_lat: 1.5,
      location_lng: 2.5,
    });
    const m = await addMedia(e.id);
    await del(e.id);
    const r = await call(restore.POST, { method: "POST", params: { id: e.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    const back = (await call(one.GET, { params: { id: e.id } })).body as EntryDto;
    expect(back).toMatchObject({
      id: e.id,
      title: "Back again",
      content: "Words worth keeping.",
      ai_mood_score: 6.5,
      ai_summary: "Kept",
      mood: "calm",
      location_name: "Home",
      location_lat: 1.5,
      created_at: e.created_at,
    });
    expect(back.tags.map((t) => t.name)).toEqual(["keep"]);
    expect(back.media_files.map((x) => x.id)).toEqual([m.id]);
    expect((await call(media.GET, { params: { id: m.id } })).status).toBe(200);
    expect(await search("worth keeping")).toEqual([e.id]);
    expect((await trashList()).entries).toEqual([]);
  });

  it("delete forever removes the entry and its files; emptying the trash needs a confirmation", async () => {
    const a = await create({ content: "first to go" });
    const b = await create({ content: "second to go" });
    const ma = await addMedia(a.id);
    const mb = await addMedia(b.id);
    await del(a.id);
    await del(b.id);
    const r = await call(trashOne.DELETE, { method: "DELETE", params: { id: a.id } });
    expect(r.body).toEqual({ success: true, purged: 1 });
    expect(existsSync(ma.file)).toBe(false);
    expect(existsSync(ma.thumb)).toBe(false);
    expectError(await call(restore.POST, { method: "POST", params: { id: a.id } }), 404, "NOT_FOUND");

    expectError(await call(trash.DELETE, { method: "DELETE", body: {} }), 400, "VALIDATION_FAILED");
    expectError(await call(trash.DELETE, { method: "DELETE" }), 400);
    expectError(
      await call(trash.DELETE, { method: "DELETE", rawBody: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "INVALID_JSON",
    );
    expect((await trashList()).entries).toHaveLength(1);
    const all = await call(trash.DELETE, { method: "DELETE", body: { confirm: true } });
    expect(all.body).toEqual({ success: true, purged: 1 });
    expect(existsSync(mb.file)).toBe(false);
    expect((await trashList()).entries).toEqual([]);
  });

  it("words deleted for good leave the database file: no trace in its pages, its search index or its log", async () => {
    const marker = "Quillfeatherwhistle";
    const words = `${marker} kept a secret about the lighthouse keeper ${marker.toLowerCase()}`;
    const gone = await create({ title: `Letter to ${marker}`, content: words, tags: ["letters"] });
    await create({ title: "Stays", content: "An ordinary note about the garden." });
    // The text reaches the file (and the write-ahead log) before it is deleted.
    const prisma = await db();
    await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    const onDisk = () =>
      [databasePath(), `${databasePath()}-wal`]
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString("latin1"))
        .join("");
    expect(onDisk()).toContain(marker);
    await del(gone.id);
    expect((await call(trashOne.DELETE, { method: "DELETE", params: { id: gone.id } })).body).toEqual({
      success: true,
      purged: 1,
    });
    const bytes = onDisk();
    expect(bytes).not.toContain(marker);
    expect(bytes.toLowerCase()).not.toContain(marker.toLowerCase());
    expect(bytes).not.toContain("lighthouse keeper");
    expect(await search("garden")).toHaveLength(1);
  });

  it("answers 404 for ids not in the trash and 400 for malformed ids, never 500", async () => {
    const e = await create({ content: "still here" });
    expectError(await call(restore.POST, { method: "POST", params: { id: e.id } }), 404, "NOT_FOUND");
    expectError(await call(trashOne.DELETE, { method: "DELETE", params: { id: e.id } }), 404, "NOT_FOUND");
    expectError(await call(restore.POST, { method: "POST", params: { id: "nope" } }), 404, "NOT_FOUND");
    for (const bad of ["%' OR '1'='1", "../etc/passwd", "", "x".repeat(65)]) {
      expectError(await call(restore.POST, { method: "POST", params: { id: bad } }), 400, "VALIDATION_FAILED");
      expectError(await call(trashOne.DELETE, { method: "DELETE", params: { id: bad } }), 400, "VALIDATION_FAILED");
    }
    expect((await call(one.GET, { params: { id: e.id } })).status).toBe(200);
  });

  it("restoring when the id is in the journal again answers 409 and keeps both", async () => {
    const e = await create({ content: "original words" });
    await del(e.id);
    await call(list.POST, { method: "POST", path: "/api/entries", body: { id: e.id, content: "imported again" } });
    const prisma = await db();
    // An import keeps ids: put it back as an import would.
    if ((await prisma.entry.count({ where: { id: e.id } })) === 0) {
      await prisma.entry.create({
        data: { id: e.id, content: "imported again", createdAt: new Date(), updatedAt: new Date() },
      });
      bumpDataVersion();
    }
    expectError(await call(restore.POST, { method: "POST", params: { id: e.id } }), 409, "CONFLICT");
    expect((await trashList()).entries.map((x) => x.id)).toEqual([e.id]);
    expect((await call(one.GET, { params: { id: e.id } })).body.content).toBe("imported again");
  });

  it("purges what was deleted more than 30 days ago, with its files, and keeps the rest", async () => {
    const old = await create({ content: "long ago" });
    const recent = await create({ content: "just now" });
    const m = await addMedia(old.id);
    const t0 = new Date("2026-01-01T00:00:00Z");
    await trashEntry(old.id, t0);
    await trashEntry(recent.id, new Date("2026-01-20T00:00:00Z"));
    expect((await purgeExpired(new Date("2026-01-30T23:59:59Z"))).purged).toBe(0);
    expect((await purgeExpired(new Date("2026-01-31T00:00:01Z"))).purged).toBe(1);
    expect(existsSync(m.file)).toBe(false);
    const prisma = await db();
    expect((await prisma.deletedEntry.findMany()).map((r) => r.id)).toEqual([recent.id]);
  });

  it("the start-up sweep keeps the files of trashed entries", async () => {
    const e = await create({ content: "with a photo" });
    const m = await addMedia(e.id);
    await del(e.id);
    sweepOrphanFiles({ dbFile: databasePath(), before: Date.now() + 60_000 });
    expect(existsSync(m.file)).toBe(true);
    expect(existsSync(m.thumb)).toBe(true);
  });

  it("Clear All Data empties the trash too, files included, and says how many", async () => {
    const e = await create({ content: "to the trash" });
    const m = await addMedia(e.id);
    await del(e.id);
    const r = await call(clear.POST, { method: "POST", body: { confirm: true } });
    expect(r.status).toBe(200);
    expect(r.body.trash_deleted).toBe(1);
    expect(existsSync(m.file)).toBe(false);
    expect((await trashList()).entries).toEqual([]);
  });
});

describe("export and import with Recently deleted", () => {
  it("the export leaves trashed entries out, and importing one that is in the trash skips it and says why", async () => {
    const { GET: exportGET } = await import("@/app/api/data/export/route");
    const { POST: importPOST } = await import("@/app/api/data/import/route");
    const { importBody, MULTIPART_TYPE, readZip } = await import("../support/data-fixtures");
    const kept = await create({ title: "Kept", content: "still in the journal" });
    const gone = await create({ title: "Gone for now", content: "in the trash", created_at: "2026-02-02T09:00:00Z" });
    // Export while both are in the journal, then delete one.
    const res = await call(exportGET, { path: "/api/data/export" });
    const zip = Buffer.from(await res.res.arrayBuffer());
    await del(gone.id);
    const later = await call(exportGET, { path: "/api/data/export" });
    const journal = JSON.parse(
      (await readZip(Buffer.from(await later.res.arrayBuffer()))).get("journal.json")!.toString("utf8"),
    ) as { entries: { id: string }[] };
    expect(journal.entries.map((e) => e.id)).toEqual([kept.id]);

    const body = importBody(zip, "export.zip");
    const r = await call(importPOST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(body),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 0, skipped: 2 });
    const issue = (r.body.issues as { entry: string; title: string; date: string; reason: string }[]).find(
      (i) => i.entry === gone.id,
    )!;
    expect(issue).toMatchObject({ title: "Gone for now", date: "2026-02-02T09:00:00.000Z" });
    expect(issue.reason).toMatch(/Recently deleted/u);
    expect((await trashList()).entries.map((e) => e.id)).toEqual([gone.id]);
  });
});

describe("deleted for good stays deleted (tombstones)", () => {
  const post = (id: string, content: string) =>
    call(list.POST, { method: "POST", path: "/api/entries", body: { id, content } });

  async function lateCreateRefused(id: string) {
    const r = await post(id, "the late create of a device whose answer was lost");
    expectError(r, 410, "ENTRY_DELETED");
    expect((await call(one.GET, { params: { id } })).status).toBe(404);
    expect(await search("late create")).toEqual([]);
  }

  it("after Delete for good, Empty, the 30-day purge and Clear All Data, a late create with the id answers 410", async () => {
    const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
    for (const id of ids) expect((await post(id, `words of ${id}`)).status).toBe(201);
    for (const id of ids.slice(0, 3)) await del(id);
    // Delete for good
    expect((await call(trashOne.DELETE, { method: "DELETE", params: { id: ids[0]! } })).status).toBe(200);
    await lateCreateRefused(ids[0]!);
    // The 30-day purge (ids[1] deleted long ago)
    const prisma = await db();
    await prisma.deletedEntry.update({ where: { id: ids[1]! }, data: { deletedAt: new Date("2020-01-01T00:00:00Z") } });
    expect((await purgeExpired()).purged).toBe(1);
    await lateCreateRefused(ids[1]!);
    // Empty
    expect((await call(trash.DELETE, { method: "DELETE", body: { confirm: true } })).body).toEqual({
      success: true,
      purged: 1,
    });
    await lateCreateRefused(ids[2]!);
    // Clear All Data: a live entry and one in Recently deleted alike
    const trashed = crypto.randomUUID();
    expect((await post(trashed, "to the trash, then cleared")).status).toBe(201);
    await del(trashed);
    expect((await call(clear.POST, { method: "POST", body: { confirm: true } })).status).toBe(200);
    await lateCreateRefused(ids[3]!);
    await lateCreateRefused(trashed);
    // A new id is still welcome.
    expect((await post(crypto.randomUUID(), "a new day")).status).toBe(201);
  });

  it("importing an export that holds an entry deleted for good brings it back (the person's choice)", async () => {
    const { GET: exportGET } = await import("@/app/api/data/export/route");
    const { POST: importPOST } = await import("@/app/api/data/import/route");
    const { importBody, MULTIPART_TYPE } = await import("../support/data-fixtures");
    const id = crypto.randomUUID();
    expect((await post(id, "kept in an export")).status).toBe(201);
    const zip = Buffer.from(await (await call(exportGET, { path: "/api/data/export" })).res.arrayBuffer());
    await del(id);
    expect((await call(trashOne.DELETE, { method: "DELETE", params: { id } })).status).toBe(200);
    await lateCreateRefused(id);
    const r = await call(importPOST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(zip, "export.zip")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 1 });
    expect((await call(one.GET, { params: { id } })).body.content).toBe("kept in an export");
    // The entry is live again: the same create sent again is a replay, not a 410.
    expect((await post(id, "kept in an export")).status).toBe(200);
  });
});

describe("a media id of an entry in Recently deleted is not free", () => {
  const BOUNDARY = "----reverie-trash-media";
  async function upload(entryId: string, mediaId: string) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${mediaId}\r\n`),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="red.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    return call(uploadRoute.POST, {
      method: "POST",
      path: `/api/entries/${entryId}/media`,
      rawBody: new Uint8Array(body),
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      params: { id: entryId },
    });
  }

  it("an upload for another entry with that id answers 409, and restoring the entry brings its photo back", async () => {
    const a = await create({ content: "the day with the red photo" });
    const b = await create({ content: "another day" });
    const mediaId = crypto.randomUUID();
    expect((await upload(a.id, mediaId)).status).toBe(201);
    await del(a.id);
    expectError(await upload(b.id, mediaId), 409, "CONFLICT");
    expect((await call(one.GET, { params: { id: b.id } })).body.media_files).toEqual([]);
    const back = await call(restore.POST, { method: "POST", params: { id: a.id } });
    expect(back.status).toBe(200);
    expect((back.body.entry as EntryDto).media_files.map((m) => m.id)).toEqual([mediaId]);
    expect((await call(media.GET, { params: { id: mediaId } })).status).toBe(200);
  });

  it("an import gives such media a new id, and restoring the entry still brings its photo back", async () => {
    const { GET: exportGET } = await import("@/app/api/data/export/route");
    const { POST: importPOST } = await import("@/app/api/data/import/route");
    const { importBody, MULTIPART_TYPE, rawZip, readZip } = await import("../support/data-fixtures");
    const a = await create({ content: "photo day" });
    const mediaId = crypto.randomUUID();
    expect((await upload(a.id, mediaId)).status).toBe(201);
    const files = await readZip(
      Buffer.from(await (await call(exportGET, { path: "/api/data/export" })).res.arrayBuffer()),
    );
    await del(a.id);
    // The same photo, under the same media id, in another entry of a file to import.
    const journal = JSON.parse(files.get("journal.json")!.toString("utf8")) as { entries: { id: string }[] };
    const otherId = crypto.randomUUID();
    journal.entries[0]!.id = otherId;
    files.set("journal.json", Buffer.from(JSON.stringify(journal)));
    const zip = rawZip([...files].map(([name, data]) => ({ name, data })));
    const r = await call(importPOST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(zip, "export.zip")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 1, media_imported: 1 });
    const imported = (await call(one.GET, { params: { id: otherId } })).body as EntryDto;
    expect(imported.media_files).toHaveLength(1);
    expect(imported.media_files[0]!.id).not.toBe(mediaId);
    const back = await call(restore.POST, { method: "POST", params: { id: a.id } });
    expect((back.body.entry as EntryDto).media_files.map((m) => m.id)).toEqual([mediaId]);
  });
});
