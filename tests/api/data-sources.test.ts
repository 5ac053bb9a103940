import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as serve from "@/app/api/media/[id]/route";
import * as one from "@/app/api/entries/[id]/route";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE, rawZip, wav, webm } from "../support/data-fixtures";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";

const uploadsDir = path.join(testDataDir, "uploads");
const listUploads = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");

async function importFile(file: Buffer | string, filename: string, fields: Record<string, string> = {}) {
  return call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(file, filename, fields)),
    headers: { "content-type": MULTIPART_TYPE },
  });
}
async function getEntry(id: string) {
  const r = await call(one.GET, { path: `/api/entries/${id}`, params: { id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function mediaBytes(id: string): Promise<Buffer> {
  const res = await serve.GET(new Request(`http://localhost/api/media/${id}`), { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

let photo: Buffer;
const voice = wav(44 + 3000);
const clip = webm();

const PHOTO_ID = "5F1C3A0E9B2D4C6E8A0B1C2D3E4F5A6B";
const AUDIO_ID = "0A1B2C3D4E5F60718293A4B5C6D7E8F9";
const VIDEO_ID = "ABCDEF0123456789ABCDEF0123456789";

function dayOneJournal() {
  return {
    metadata: { version: "1.0" },
    entries: [
      {
        uuid: "9A2F6C1B3D4E4F5A8B7C6D5E4F3A2B1C",
        creationDate: "2023-06-02T07:15:30Z",
        modifiedDate: "2023-06-03T08:00:00Z",
        timeZone: "Europe/Paris",
        starred: true,
        text: `# Morning at the market\n\nBought peaches\\. Ate one right away\\!\n\n![](dayone-moment://${PHOTO_ID})\n\nThen a voice memo: ![](dayone-moment:/audio/${AUDIO_ID}) and a clip ![](dayone-moment:/video/${VIDEO_ID})`,
        tags: ["Food", "market"],
        location: {
          placeName: "Marché d'Aligre",
          localityName: "Paris",
          country: "France",
          latitude: 48.849,
          longitude: 2.378,
        },
        photos: [{ identifier: PHOTO_ID, md5: "__PHOTO_MD5__", type: "jpeg", orderInEntry: 0 }],
        audios: [{ identifier: AUDIO_ID, md5: "__AUDIO_MD5__", format: "m4a" }],
        videos: [{ identifier: VIDEO_ID, md5: "__VIDEO_MD5__", type: "mov" }],
      },
      {
        uuid: "11111111222233334444555566667777",
        creationDate: "2023-06-04T21:00:00Z",
        text: "No title here, just a thought with an escaped \\# hash and \\*stars\\*.",
        location: { localityName: "Lyon", administrativeArea: "Rhône", country: "France" },
      },
      { uuid: "not-hex!", creationDate: "2023-06-05T21:00:00Z", text: "Bad uuid" },
      { uuid: "22222222333344445555666677778888", creationDate: "yesterday", text: "Bad date" },
    ],
  };
}

function dayOneZip(journal = dayOneJournal()) {
  const text = JSON.stringify(journal)
    .replace("__PHOTO_MD5__", md5(photo))
    .replace("__AUDIO_MD5__", md5(voice))
    .replace("__VIDEO_MD5__", md5(clip));
  return rawZip([
    { name: "Journal.json", data: text, method: 8 },
    { name: "photos/", data: "" },
    { name: `photos/${md5(photo)}.jpeg`, data: photo },
    { name: `audios/${md5(voice)}.m4a`, data: voice },
    { name: `videos/${md5(clip)}.mov`, data: clip },
  ]);
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 250, g: 200, b: 10 } } })
    .jpeg()
    .toBuffer();
});

beforeEach(async () => {
  const r = await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
  expect(r.status).toBe(200);
});

describe("Day One", () => {
  it("imports a zip export with its photos, audio and video, and stable ids", async () => {
    const r = await importFile(dayOneZip(), "Day One export.zip");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "dayone", imported: 2, skipped: 0, failed: 2, media_imported: 3 });
    expect(
      r.body.issues.filter((i: { kind: string }) => i.kind === "failed").map((i: { reason: string }) => i.reason),
    ).toEqual([expect.stringMatching(/uuid/u), expect.stringMatching(/creationDate/u)]);

    const e = await getEntry("dayone-9a2f6c1b3d4e4f5a8b7c6d5e4f3a2b1c");
    expect(e).toMatchObject({
      title: "Morning at the market",
      content: "Bought peaches. Ate one right away!\n\n[photo]\n\nThen a voice memo: [audio] and a clip [video]",
      created_at: "2023-06-02T07:15:30.000Z",
      updated_at: "2023-06-03T08:00:00.000Z",
      location_name: "Marché d'Aligre",
      location_lat: 48.849,
      location_lng: 2.378,
      mood: null,
      ai_mood_score: null,
    });
    expect(e.tags.map((t: { name: string }) => t.name)).toEqual(["food", "market", "starred"]);
    const byType = Object.fromEntries(e.media_files.map((m: { file_type: string }) => [m.file_type, m]));
    expect(byType.image).toMatchObject({
      id: `dayone-${PHOTO_ID.toLowerCase()}`,
      mime_type: "image/jpeg",
      size: photo.length,
    });
    expect(byType.audio).toMatchObject({
      id: `dayone-${AUDIO_ID.toLowerCase()}`,
      mime_type: "audio/wav",
      size: voice.length,
    });
    expect(byType.video).toMatchObject({ id: `dayone-${VIDEO_ID.toLowerCase()}`, mime_type: "video/webm" });
    expect(byType.image.thumbnail_url).not.toBeNull();
    expect((await mediaBytes(byType.image.id)).equals(photo)).toBe(true);
    expect((await mediaBytes(byType.audio.id)).equals(voice)).toBe(true);

    const plain = await getEntry("dayone-11111111222233334444555566667777");
    expect(plain).toMatchObject({
      title: "",
      content: "No title here, just a thought with an escaped # hash and *stars*.",
      location_name: "Lyon, Rhône, France",
      location_lat: null,
    });

    // Importing the same export again skips everything and writes no file.
    const files = listUploads();
    const again = await importFile(dayOneZip(), "Day One export.zip");
    expect(again.body).toMatchObject({ imported: 0, skipped: 2, failed: 2, media_imported: 0 });
    expect(listUploads()).toEqual(files);
  });

  it("imports the JSON alone, noting the media it could not include", async () => {
    const r = await importFile(JSON.stringify(dayOneJournal()), "Journal.json");
    expect(r.body).toMatchObject({ source: "dayone", imported: 2, media_imported: 0 });
    const warnings = r.body.issues.filter((i: { kind: string }) => i.kind === "warning");
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatchObject({
      entry: "dayone-9a2f6c1b3d4e4f5a8b7c6d5e4f3a2b1c",
      reason: expect.stringMatching(/photo .* was not in the export/u),
    });
    expect((await getEntry("dayone-9a2f6c1b3d4e4f5a8b7c6d5e4f3a2b1c")).content).toContain("[photo]");
    expect(listUploads()).toEqual([]);
  });

  it("keeps an entry with only a photo, its text being the marker", async () => {
    const journal = {
      entries: [
        {
          uuid: "33333333444455556666777788889999",
          creationDate: "2024-01-01T12:00:00Z",
          text: `![](dayone-moment://${PHOTO_ID})`,
          photos: [{ identifier: PHOTO_ID, md5: md5(photo), type: "jpeg" }],
        },
      ],
    };
    const zip = rawZip([
      { name: "Journal.json", data: JSON.stringify(journal) },
      { name: `photos/${md5(photo)}.jpeg`, data: photo },
    ]);
    const r = await importFile(zip, "export.zip");
    expect(r.body).toMatchObject({ imported: 1, media_imported: 1 });
    expect((await getEntry("dayone-33333333444455556666777788889999")).content).toBe("[photo]");
  });
});

describe("jrnl", () => {
  const jrnl = {
    tags: { "@work": 1, "@family": 1 },
    entries: [
      {
        title: "Started the new project.",
        body: "Long day with @work stuff.\nMore tomorrow.",
        date: "2024-03-10",
        time: "09:30",
        tags: ["@work"],
        starred: true,
      },
      { title: "Dinner with @family.", body: "", date: "2024-07-01", time: "19:05", tags: ["@family"], starred: false },
      { title: "Impossible day", body: "x", date: "2024-02-30", time: "10:00", tags: [], starred: false },
      { title: "Missing time", body: "x", date: "2024-02-01" },
    ],
  };
  const idOf = (e: { date: string; time: string; title: string; body: string }) =>
    `jrnl-${createHash("sha256").update(`${e.date}|${e.time}|${e.title}|${e.body}`).digest("hex").slice(0, 24)}`;

  it("reads local dates and times in the zone given, strips @ from tags and tags starred entries", async () => {
    const r = await importFile(JSON.stringify(jrnl), "journal.json", { tz: "America/New_York" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "jrnl", imported: 2, skipped: 0, failed: 2 });
    expect(r.body.issues.map((i: { reason: string }) => i.reason)).toEqual([
      expect.stringMatching(/not a valid date/u),
      expect.stringMatching(/time/u),
    ]);

    const first = await getEntry(idOf(jrnl.entries[0] as never));
    expect(first).toMatchObject({
      title: "Started the new project.",
      content: "Long day with @work stuff.\nMore tomorrow.",
      created_at: "2024-03-10T13:30:00.000Z",
    });
    expect(first.tags.map((t: { name: string }) => t.name)).toEqual(["starred", "work"]);
    const second = await getEntry(idOf(jrnl.entries[1] as never));
    // A one-line jrnl entry: its title is its text. July in New York is UTC-4.
    expect(second).toMatchObject({
      title: "",
      content: "Dinner with @family.",
      created_at: "2024-07-01T23:05:00.000Z",
    });

    const again = await importFile(JSON.stringify(jrnl), "journal.json", { tz: "America/New_York" });
    expect(again.body).toMatchObject({ imported: 0, skipped: 2 });
  });

  it("uses the server's zone without tz, and refuses a zone that does not exist", async () => {
    const prisma = await db();
    const r = await importFile(JSON.stringify({ entries: [jrnl.entries[0]] }), "journal.json");
    expect(r.body).toMatchObject({ imported: 1 });
    const row = await prisma.entry.findFirstOrThrow();
    expect(row.createdAt.toISOString()).toBe("2024-03-10T09:30:00.000Z"); // the test server runs in UTC
    expectError(await importFile(JSON.stringify(jrnl), "journal.json", { tz: "Mars/Olympus" }), 400);
  });
});
