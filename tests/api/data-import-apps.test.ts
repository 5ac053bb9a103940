import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { beforeEach, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as entriesRoute from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as checkinsRoute from "@/app/api/checkins/route";
import type { EntryDto } from "@/contracts/entries";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE, rawZip } from "../support/data-fixtures";
import { fixtureFile, fixtureZip, filesUnder, IMPORT_FIXTURES } from "../support/import-fixtures";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";

const uploadsDir = path.join(testDataDir, "uploads");
const listUploads = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
const TZ = "Europe/Paris";

async function importFile(file: Buffer | string, filename: string, fields: Record<string, string> = { tz: TZ }) {
  return call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(file, filename, fields)),
    headers: { "content-type": MULTIPART_TYPE },
  });
}

async function allEntries(): Promise<EntryDto[]> {
  const prisma = await db();
  const ids = (await prisma.entry.findMany({ orderBy: { createdAt: "asc" }, select: { id: true } })).map((r) => r.id);
  const out: EntryDto[] = [];
  for (const id of ids) {
    const r = await call(one.GET, { path: `/api/entries/${id}`, params: { id } });
    expect(r.status).toBe(200);
    out.push(r.body as EntryDto);
  }
  return out;
}

async function checkIns() {
  const prisma = await db();
  return prisma.checkIn.findMany({ orderBy: { at: "asc" } });
}

async function counts() {
  const prisma = await db();
  return {
    entries: await prisma.entry.count(),
    media: await prisma.mediaFile.count(),
    checkins: await prisma.checkIn.count(),
    tags: await prisma.tag.count(),
  };
}

async function nothingWritten() {
  expect(await counts()).toEqual({ entries: 0, media: 0, checkins: 0, tags: 0 });
  expect(listUploads().filter((n) => !n.startsWith("."))).toEqual([]);
  expect(listUploads().filter((n) => n.startsWith(".tmp-"))).toEqual([]);
}

const reasons = (body: { issues: { kind: string; reason: string; entry: string }[] }, kind: string) =>
  body.issues.filter((i) => i.kind === kind).map((i) => `${i.entry}: ${i.reason}`);

beforeEach(async () => {
  const r = await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
  expect(r.status).toBe(200);
});

describe("Journey (zip of JSON entries and photos)", () => {
  it("imports entries with their instant, text, tags, place, photo and mood, and says what it left out", async () => {
    const r = await importFile(fixtureZip("journey"), "journey-export.zip");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      source: "journey",
      imported: 2,
      skipped: 0,
      failed: 1,
      media_imported: 1,
      checkins_imported: 1,
    });
    expect(reasons(r.body, "failed")).toEqual([
      expect.stringMatching(/^1773608400000-0000000000000bad\.json: .*date_journal/u),
    ]);
    expect(reasons(r.body, "warning")).toEqual([
      expect.stringMatching(/photo "1773605400000-9b8c7d6e5f4a3b2c-missing\.jpg" was not in the export/u),
    ]);

    const [market, sunday] = await allEntries();
    expect(market).toMatchObject({
      title: "Market morning",
      created_at: "2026-03-14T08:30:00.000Z",
      location_name: "Marché d'Aligre, Paris, France",
      location_lat: 48.8493,
      stated_mood: 8,
    });
    expect(market!.content).not.toMatch(/<|alert/u);
    expect(market!.tags.map((t) => t.name).sort()).toEqual(["market", "paris"]);
    expect(market!.media_files).toEqual([
      expect.objectContaining({
        file_type: "image",
        mime_type: "image/jpeg",
        size: fixtureFile("journey/1773477000000-3f2a9c1d8e7b6a54-0.jpg").length,
      }),
    ]);
    expect(sunday).toMatchObject({ created_at: "2026-03-15T20:10:00.000Z", location_lat: null, stated_mood: null });
    expect(sunday!.tags.map((t) => t.name).sort()).toEqual(["reading", "starred"]);

    // The same export again: everything skipped, nothing doubled.
    const again = await importFile(fixtureZip("journey"), "journey-export.zip");
    expect(again.body).toMatchObject({ imported: 0, skipped: 2, failed: 1, media_imported: 0 });
    expect(again.body.checkins_imported).toBeUndefined();
    expect(await counts()).toMatchObject({ entries: 2, media: 1, checkins: 1 });
  });
});

describe("Diarium (JSON)", () => {
  it("imports day entries in the person's zone, sanitized, with their stars as a check-in", async () => {
    const r = await importFile(fixtureFile("diarium/Diarium_2026-03-16.json"), "diarium.json");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "diarium", imported: 2, failed: 1, checkins_imported: 1 });
    expect(reasons(r.body, "failed")).toEqual([expect.stringMatching(/^Diarium entry #3: .*could not be read/u)]);
    const [dinner, run] = await allEntries();
    expect(dinner).toMatchObject({
      title: "Dinner with Ana",
      content: "We cooked **risotto** together.\n\nShe told me about her new job.\nWalked home in the rain.",
      created_at: "2026-03-14T20:05:00.000Z",
      location_name: "Lyon, France",
      stated_mood: 10,
    });
    expect(dinner!.tags.map((t) => t.name).sort()).toEqual(["ana", "cooking", "friends"]);
    expect(run).toMatchObject({
      content: "1. Run by the river\n2. Call the bank",
      created_at: "2026-03-15T07:00:00.000Z",
    });
  });
});

describe("Daylio (CSV)", () => {
  it("makes moods and activities check-ins on the journal's scale, and notes entries with their stated mood", async () => {
    const r = await importFile(fixtureFile("daylio/daylio_export_2026_03_16.csv"), "daylio_export.csv");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "daylio", imported: 3, skipped: 0, failed: 2, checkins_imported: 4 });
    expect(reasons(r.body, "failed")).toEqual([
      expect.stringMatching(/^Daylio row 7: Its mood "stellar"/u),
      expect.stringMatching(/^Daylio row 8: Its date/u),
    ]);
    expect(reasons(r.body, "warning")).toEqual([
      expect.stringMatching(/"sleepy" is not one of Daylio's five default moods/u),
    ]);

    const list = await checkIns();
    expect(list.map((c) => [c.at.toISOString(), c.mood, JSON.parse(c.activities)])).toEqual([
      ["2026-03-15T11:00:00.000Z", 2, []],
      ["2026-03-15T20:40:00.000Z", 8, ["reading"]],
      ["2026-03-16T07:05:00.000Z", 6, ["work", "coffee"]],
      ["2026-03-16T20:15:00.000Z", 10, ["friends", "cooking", "sport"]],
    ]);
    const entries = await allEntries();
    expect(entries.map((e) => [e.created_at, e.title, e.stated_mood ?? null, e.mood])).toEqual([
      ["2026-03-14T18:30:00.000Z", "Tired", null, "sleepy"],
      ["2026-03-15T20:40:00.000Z", "", 8, null],
      ["2026-03-16T20:15:00.000Z", "Birthday dinner", 10, null],
    ]);
    // The check-in API lists them, each naming its entry.
    const api = await call(checkinsRoute.GET, { path: "/api/checkins?tz=Europe/Paris" });
    expect(api.status).toBe(200);
    const linked = (api.body.checkins ?? api.body).filter((c: { entry_id: string | null }) => c.entry_id !== null);
    expect(linked).toHaveLength(2);
    // New activity chips exist for the activities it named.
    const prisma = await db();
    const chips = (await prisma.checkInActivity.findMany()).map((a) => a.name);
    expect(chips).toEqual(expect.arrayContaining(["friends", "cooking", "sport", "work", "coffee", "reading"]));

    const again = await importFile(fixtureFile("daylio/daylio_export_2026_03_16.csv"), "daylio_export.csv");
    expect(again.body).toMatchObject({ imported: 0, skipped: 3 });
    expect(reasons(again.body, "skipped")).toContainEqual(
      expect.stringMatching(/^Check-ins: 4 check-ins were already in your journal/u),
    );
    expect(await counts()).toMatchObject({ entries: 3, checkins: 4 });
  });

  it("refuses a line longer than the cap and a broken CSV, writing nothing", async () => {
    const header = "full_date,date,weekday,time,mood,activities,note_title,note\n";
    const good = `2026-01-01,January 1,Thursday,10:00,good,"","","A first day."\n`;
    const huge = `${header}${good}2026-01-02,a,b,10:00,good,"","","${"y".repeat(1024 * 1024 + 100)}"\n`;
    expectError(await importFile(huge, "daylio.csv"), 413);
    await nothingWritten();
    const broken = `${header}${good}2026-01-02,a,b,10:00,good,"","","never closed\n`;
    expectError(await importFile(broken, "daylio.csv"), 400);
    await nothingWritten();
  });
});

describe("Apple Journal (HTML export)", () => {
  it("imports the entry pages of the zipped folder with their photo, never their HTML", async () => {
    const r = await importFile(fixtureZip("apple-journal"), "AppleJournalEntries.zip");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "apple-journal", imported: 2, skipped: 0, failed: 0, media_imported: 1 });
    const [walk, things] = await allEntries();
    expect(walk).toMatchObject({
      title: "A walk by the river",
      content:
        "[photo]\n\nThe herons were back on the island.\n\nI sat on the steps for an *hour* and did nothing at all.",
      created_at: "2026-03-14T11:00:00.000Z",
    });
    expect(walk!.media_files).toHaveLength(1);
    expect(things!.content).toBe(
      "Three good things:\n\n• coffee in the sun\n• a letter from Grandma\n• fixed the bike",
    );
    for (const e of [walk!, things!]) expect(e.content).not.toMatch(/<|script|evil|javascript/u);
  });

  it("imports one entry page sent alone, and refuses a web page that is not one", async () => {
    const page = fixtureFile("apple-journal/AppleJournalEntries/Entries/2026-03-15.html");
    const r = await importFile(page, "2026-03-15.html");
    expect(r.body).toMatchObject({ source: "apple-journal", imported: 1 });
    const other = await importFile("<!DOCTYPE html><html><body><p>A blog post</p></body></html>", "post.html");
    expectError(other, 400);
    expect(other.body.error.message).toMatch(/not an entry of an Apple Journal export/u);
  });
});

describe("a zip of Markdown notes (Reverie's Markdown export, Obsidian, Logseq)", () => {
  it("imports notes dated by front matter or file name, with tags, mood, place and pictures, skipping undated pages", async () => {
    const r = await importFile(fixtureZip("markdown"), "notes.zip");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      source: "markdown",
      imported: 3,
      skipped: 1,
      failed: 0,
      media_imported: 2,
      checkins_imported: 1,
    });
    expect(reasons(r.body, "skipped")).toEqual([expect.stringMatching(/^notes\/ideas\.md: It has no date/u)]);
    const [walk, monday, garden] = await allEntries();
    expect(walk).toMatchObject({
      title: "Walk by the river",
      created_at: "2026-03-14T08:30:00.000Z",
      location_name: "Quai de Saône, Lyon",
      location_lat: 45.7676,
      location_lng: 4.8272,
      stated_mood: 8,
    });
    expect(walk!.tags.map((t) => t.name).sort()).toEqual(["herons", "walks"]);
    expect(walk!.media_files).toEqual([
      expect.objectContaining({ filename: "2026-03-14-walk-by-the-river-1.jpg", mime_type: "image/jpeg" }),
    ]);
    expect(monday).toMatchObject({ title: "Monday", mood: "tired", created_at: "2026-03-16T11:00:00.000Z" });
    expect(monday!.media_files).toEqual([expect.objectContaining({ filename: "sunset.jpg" })]);
    expect(garden!.tags.map((t) => t.name).sort()).toEqual(["garden", "logseq"]);
  });

  it("round trip: entries written out in the Markdown export's format come back as they were", async () => {
    const created: EntryDto[] = [];
    for (const e of [
      {
        title: "Lighthouse",
        content: "Climbed at dawn with **Sam**.\n\n• salt\n• wind",
        tags: ["sea", "travel"],
        created_at: "2026-05-01T06:00:00.000Z",
        location_name: "Phare du Créac'h",
        location_lat: 48.459,
        location_lng: -5.126,
      },
      { title: "", content: "Rain all day; read *Middlemarch*.", tags: [], created_at: "2026-05-04T15:30:00.000Z" },
    ]) {
      const res = await call(entriesRoute.POST, { method: "POST", path: "/api/entries", body: e });
      expect(res.status).toBe(201);
      created.push(res.body as EntryDto);
    }
    // The documented layout: YYYY/MM/YYYY-MM-DD-title.md, YAML front matter (date, title, tags, mood, place).
    const files = created.map((e) => {
      const slug = e.title.toLowerCase().replace(/[^a-z0-9]+/gu, "-");
      const day = e.created_at.slice(0, 10);
      const front: Record<string, unknown> = {
        date: e.created_at,
        title: e.title,
        tags: e.tags.map((t) => t.name),
        mood: e.mood,
      };
      if (e.location_name) front.place = { name: e.location_name, lat: e.location_lat, lng: e.location_lng };
      return {
        name: `${day.slice(0, 4)}/${day.slice(5, 7)}/${day}${slug ? `-${slug}` : ""}.md`,
        data: `---\n${stringify(front)}---\n\n${e.content}\n`,
        method: 8 as const,
      };
    });
    const zip = rawZip(files);
    const r = await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    expect(r.status).toBe(200);
    const back = await importFile(zip, "reverie-markdown.zip");
    expect(back.body).toMatchObject({ source: "markdown", imported: 2, failed: 0, skipped: 0 });
    const pick = (e: EntryDto) => ({
      title: e.title,
      content: e.content,
      created_at: e.created_at,
      mood: e.mood,
      tags: e.tags.map((t) => t.name).sort(),
      location_name: e.location_name,
      location_lat: e.location_lat,
      location_lng: e.location_lng,
    });
    expect((await allEntries()).map(pick)).toEqual(created.map(pick));
  });
});

describe("what is not an export of these apps is refused, and nothing is half-written", () => {
  it("a file of no known kind is a 415 naming the formats", async () => {
    const r = await importFile(Buffer.from("just some words\nin a text file\n"), "notes.txt");
    expectError(r, 415);
    expect(r.body.error.message).toMatch(/Journey.*Diarium.*Daylio.*Apple Journal.*Markdown/u);
    expectError(await importFile("date,title,body\n2026-01-01,a,b\n", "other.csv"), 415);
    await nothingWritten();
  });

  it("a zip with nothing this journal reads (pictures only) is a 400", async () => {
    const r = await importFile(
      rawZip([{ name: "photo.jpg", data: fixtureFile("journey/1773477000000-3f2a9c1d8e7b6a54-0.jpg") }]),
      "photos.zip",
    );
    expectError(r, 400);
    expect(r.body.error.message).toMatch(/not an export this app can read/u);
    await nothingWritten();
  });

  it("a truncated zip is refused whole", async () => {
    const zip = fixtureZip("markdown");
    expectError(await importFile(zip.subarray(0, Math.floor(zip.length * 0.6)), "notes.zip"), 400);
    await nothingWritten();
  });

  it("a name that leaves the archive is refused before anything is read", async () => {
    for (const folder of ["markdown", "apple-journal", "journey"]) {
      const r = await importFile(
        fixtureZip(folder, [{ name: "../../outside.md", data: "---\ndate: 2026-01-01\n---\nx" }]),
        "x.zip",
      );
      expectError(r, 400);
      expect(r.body.error.message).toMatch(/unsafe file name.*outside\.md/u);
    }
    await nothingWritten();
  });

  it("a zip bomb among the notes is refused whole", async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 0x61);
    const r = await importFile(fixtureZip("markdown", [{ name: "2026-01-01.md", data: big, method: 8 }]), "notes.zip");
    expectError(r, 400);
    expect(r.body.error.message).toMatch(/zip bomb/u);
    await nothingWritten();
  });

  it("a note that is not text, or too large to be one, fails alone", async () => {
    const png = fixtureFile("markdown/attachments/sunset.jpg");
    const r = await importFile(
      rawZip([
        { name: "2026-01-01.md", data: png },
        { name: "2026-01-02.md", data: "A real note." },
        { name: "2026-01-03.md", data: Buffer.alloc(6 * 1024 * 1024, 0x62), method: 8, claimCompressed: undefined },
      ]),
      "notes.zip",
    );
    // The large one compresses more than 100 times: the whole archive is refused as a bomb.
    expectError(r, 400);
    await nothingWritten();
    const ok = await importFile(
      rawZip([
        { name: "2026-01-01.md", data: png },
        { name: "2026-01-02.md", data: "A real note." },
      ]),
      "notes.zip",
    );
    expect(ok.body).toMatchObject({ imported: 1, failed: 1 });
    expect(reasons(ok.body, "failed")).toEqual([expect.stringMatching(/^2026-01-01\.md: The file is not text/u)]);
  });

  it("every fixture folder is listed in the fixtures' README with its source", () => {
    const readme = fixtureFile("README.md").toString("utf8");
    for (const folder of readdirSync(IMPORT_FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()))
      expect(readme).toContain(`\`${folder.name}/\``);
    expect(filesUnder(IMPORT_FIXTURES).length).toBeGreaterThan(10);
  });
});

describe("exports shaped like the apps' real ones (see the fixtures' README for their sources)", () => {
  it("Journey: a real export's layout imports whole, photos beside the entry files", async () => {
    const r = await importFile(fixtureZip("journey-export"), "journey-export.zip");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      source: "journey",
      imported: 3,
      skipped: 0,
      failed: 0,
      media_imported: 2,
      checkins_imported: 1,
    });
    expect(r.body.issues).toEqual([]);
    const [bike, note, picnic] = await allEntries();
    expect(bike).toMatchObject({
      created_at: "2019-10-18T08:07:39.000Z",
      content: "Took the new bike out for the first time!\n\nThe frame looks great in *very dark grey*!",
      location_name: "Station road, Kingsbridge",
      stated_mood: 10,
    });
    expect(bike!.media_files).toHaveLength(1);
    expect(note).toMatchObject({
      created_at: "2021-06-27T14:09:03.000Z",
      content: "A short evening note",
      location_name: "12 Garden Row",
    });
    expect(picnic).toMatchObject({
      created_at: "2021-07-01T10:00:00.000Z",
      content: "Picnic by the lake\n\n**warm** *windy* ***happy***",
      location_lat: null,
      stated_mood: null,
    });
    expect(picnic!.media_files).toEqual([expect.objectContaining({ file_type: "image", mime_type: "image/jpeg" })]);
  });

  it("Diarium: places as coordinates, no stars, no check-ins", async () => {
    const r = await importFile(fixtureFile("diarium-export/diarium-json.json"), "diarium-json.json");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "diarium", imported: 2, skipped: 0, failed: 0 });
    expect(r.body.checkins_imported).toBeUndefined();
    const [frost, evening] = await allEntries();
    expect(frost).toMatchObject({
      title: "First frost",
      created_at: "2010-10-26T13:47:53.000Z",
      location_lat: 45.764,
      location_lng: 4.8357,
    });
    expect(frost!.tags.map((t) => t.name).sort()).toEqual(["autumn", "garden"]);
    expect(evening).toMatchObject({
      content: "Quiet evening, early to bed.",
      location_lat: 48.8566,
      location_name: null,
    });
  });

  it("Daylio: both header versions, the scales kept in the check-in's note, the row it could not take named", async () => {
    const r = await importFile(
      fixtureFile("daylio-versions/daylio_export_2026_04_12.csv"),
      "daylio_export_2026_04_12.csv",
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "daylio", imported: 3, skipped: 0, failed: 1, checkins_imported: 3 });
    expect(reasons(r.body, "failed")).toEqual([expect.stringMatching(/^Daylio row 5: Its mood "vaguely ok"/u)]);
    expect(reasons(r.body, "warning")).toEqual([
      expect.stringMatching(/"helpless" is not one of Daylio's five default moods/u),
    ]);
    const old = await importFile(
      fixtureFile("daylio-versions/daylio_export_2020_05_30.csv"),
      "daylio_export_2020_05_30.csv",
    );
    expect(old.body).toMatchObject({ source: "daylio", imported: 2, failed: 0, checkins_imported: 5 });
    const list = await checkIns();
    expect(list.map((c) => [c.at.toISOString(), c.mood, c.note])).toEqual([
      ["2020-05-24T22:15:00.000Z", 2, ""],
      ["2020-05-25T12:58:00.000Z", 6, ""],
      ["2020-05-29T10:38:00.000Z", 8, ""],
      ["2020-05-30T06:02:00.000Z", 10, ""],
      ["2020-05-30T16:50:00.000Z", 10, ""],
      ["2026-03-30T18:18:00.000Z", 6, ""],
      ["2026-04-12T10:00:00.000Z", 8, "Sleep Quality: 8/10 points | Sleep Time: 8:00 | Awake mid-sleep: 1:00"],
      ["2026-04-12T11:00:00.000Z", 10, ""],
    ]);
    expect((await allEntries()).map((e) => [e.created_at, e.title, e.content, e.mood])).toEqual([
      ["2020-05-25T12:58:00.000Z", "", "Could be better", null],
      ["2020-05-30T16:50:00.000Z", "", "Awesome evening", null],
      ["2026-03-30T18:18:00.000Z", "Long day", "Who knows.\n\nTomorrow is [[another]] day?", null],
      ["2026-04-12T10:00:00.000Z", "", "Slept well, **finally**.", null],
      ["2026-04-12T12:03:00.000Z", "", "Too tired to think.", "helpless"],
    ]);
  });

  it("Apple Journal (iOS 18): only the grid's photo is attached; mood, place and prompt kept; other cards named", async () => {
    const r = await importFile(fixtureZip("apple-journal-ios18"), "AppleJournalEntries.zip");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ source: "apple-journal", imported: 2, skipped: 0, failed: 0, media_imported: 1 });
    expect(reasons(r.body, "warning").sort()).toEqual([
      expect.stringMatching(/: Its contact card was not imported/u),
      expect.stringMatching(/: Its motion activity and third party media cards were not imported/u),
    ]);
    const [market, sunday] = await allEntries();
    expect(market).toMatchObject({
      title: "Market walk",
      content: "How was your day?\n\nBought apples and walked home by the river.",
      created_at: "2023-12-17T11:00:00.000Z",
      location_name: "Riverside Market",
      media_files: [],
    });
    expect(sunday).toMatchObject({
      title: "Sunday with Grandma",
      content: "[photo]\n\nWe baked bread in the morning.\n\nShe told me about the farm.",
      created_at: "2024-11-03T11:00:00.000Z",
      mood: "Calm, Grateful",
    });
    expect(sunday!.media_files).toEqual([expect.objectContaining({ file_type: "image", filename: "IMG2.heic" })]);
  });
});

describe("entries are written in batches, each entry still all or nothing", () => {
  it("an entry the database refuses costs only itself: the rest of its batch is written, its tag and check-in link are not", async () => {
    const prisma = await db();
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "test_refuse_poison" BEFORE INSERT ON "entries" WHEN new."title" = 'Poison' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    try {
      const day = (d: number, heading: string, tags: string[]) => ({
        date: `2026-02-0${d}T09:00:00`,
        heading,
        html: `<p>Words of day ${d}.</p>`,
        rating: 4,
        tags,
      });
      const file = JSON.stringify([
        day(1, "First", ["walks"]),
        day(2, "Poison", ["only-here"]),
        day(3, "Third", ["walks"]),
      ]);
      const r = await importFile(file, "diarium.json");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ source: "diarium", imported: 2, failed: 1, checkins_imported: 3 });
      expect(reasons(r.body, "failed")).toEqual([
        expect.stringMatching(/It could not be saved; nothing of it was kept/u),
      ]);
      const entries = await allEntries();
      expect(entries.map((e) => [e.title, e.tags.map((t) => t.name)])).toEqual([
        ["First", ["walks"]],
        ["Third", ["walks"]],
      ]);
      // The refused entry's tag was rolled back with it, and its check-in names no entry.
      expect((await prisma.tag.findMany()).map((t) => t.name)).toEqual(["walks"]);
      const list = await checkIns();
      expect(list.map((c) => c.entryId === null)).toEqual([false, true, false]);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "test_refuse_poison"`);
    }
  });
});
