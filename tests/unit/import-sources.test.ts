import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ExportedCheckInSchema } from "@/contracts/checkins";
import type { EntryCandidate, SourceItem } from "@/server/data/candidate";
import { htmlToText, looksLikeHtml } from "@/server/data/html-text";
import { appleJournalItem, headerDay, isAppleEntryFile } from "@/server/data/sources/apple-journal";
import { dayFromName, resolveInArchive, stableUuid } from "@/server/data/sources/common";
import { DAYLIO_MOODS, daylioTime, isDaylioHeader, readDaylioCsv } from "@/server/data/sources/daylio";
import { dayOneItems } from "@/server/data/sources/dayone";
import { diariumInstant, diariumItems, isDiariumJournal } from "@/server/data/sources/diarium";
import { isJourneyEntry, journeyItem, journeyMood } from "@/server/data/sources/journey";
import {
  withoutLogseqMachinery,
  frontMatterInstant,
  isNoteFile,
  markdownNoteItem,
  splitFrontMatter,
  tagsOf,
} from "@/server/data/sources/markdown-notes";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/imports");
const fixture = (p: string) => readFileSync(path.join(FIXTURES, p), "utf8");
const json = (p: string) => JSON.parse(fixture(p)) as unknown;
const TZ = "Europe/Paris";

function entryOf(item: SourceItem): EntryCandidate {
  if (!item.ok) throw new Error(`expected an entry, got: ${item.reason}`);
  return item.entry;
}
/** No tag of any kind is left in text made from HTML. */
const noHtml = (s: string) => expect(s).not.toMatch(/<\/?[a-z][^>]*>/iu);

describe("HTML becomes the journal's own text", () => {
  it("keeps paragraphs, line breaks, bold, italic and lists as the editor's markers", () => {
    const { text } = htmlToText(
      "<h2>Title</h2><p>One <b>bold</b> and <em>soft</em> word.<br>Next line.</p><ul><li>a</li><li>b</li></ul><ol><li>x</li><li>y</li></ol>",
    );
    expect(text).toBe("**Title**\n\nOne **bold** and *soft* word.\nNext line.\n\n• a\n• b\n\n1. x\n2. y");
  });
  it("drops scripts, styles, frames, handlers and javascript: links, and decodes entities", () => {
    const { text } = htmlToText(
      `<p onclick="x()">Hi &amp; bye &lt;3</p><script>alert(1)</script><style>p{}</style><iframe src="https://e.example"></iframe><a href="javascript:alert(1)">link</a><svg><text>no</text></svg>`,
    );
    expect(text).toBe("Hi & bye <3\n\nlink");
    expect(text).not.toMatch(/alert|onclick|iframe|javascript|no$/u);
  });
  it("hands back pictures it may attach, drops the others and survives deep nesting", () => {
    const got = htmlToText(`<p>a<img src="x.jpg"><img src="https://t.example/p.gif"></p>`, {
      acceptImage: (s) => !s.startsWith("http"),
    });
    expect(got).toMatchObject({ text: "a [photo]", images: ["x.jpg"] });
    const deep = "<div>".repeat(5000) + "deep" + "</div>".repeat(5000);
    expect(htmlToText(deep).text).toBe("deep");
  });
  it("tells HTML from Markdown", () => {
    expect(looksLikeHtml("<p>hi</p>")).toBe(true);
    expect(looksLikeHtml("I <3 you, a < b")).toBe(false);
  });
});

describe("shared rules", () => {
  it("makes stable, distinct UUIDs the check-ins can name", () => {
    const a = stableUuid("daylio", "row 1");
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
    expect(stableUuid("daylio", "row 1")).toBe(a);
    expect(stableUuid("daylio", "row 2")).not.toBe(a);
    expect(stableUuid("journey", "row 1")).not.toBe(a);
  });
  it("reads days from file names and keeps paths inside the archive", () => {
    expect(dayFromName("2026/03/2026-03-14-walk-by-the-river.md")).toEqual({
      day: "2026-03-14",
      rest: "walk-by-the-river",
    });
    expect(dayFromName("journals/2026_03_17.md")).toEqual({ day: "2026-03-17", rest: "" });
    expect(dayFromName("notes/ideas.md")).toBeNull();
    expect(resolveInArchive("a/b/c.md", "d.jpg")).toBe("a/b/d.jpg");
    expect(resolveInArchive("a/b/c.md", "../img/d.jpg")).toBe("a/img/d.jpg");
    expect(resolveInArchive("a/b/c.md", "../../../etc/passwd")).toBeNull();
    expect(resolveInArchive("a/c.md", "/etc/passwd")).toBeNull();
    expect(resolveInArchive("a/c.md", "https://x.example/a.jpg")).toBeNull();
    expect(resolveInArchive("a/c.md", "file:///etc/passwd")).toBeNull();
  });
});

describe("Journey", () => {
  const files = new Set(["1773477000000-3f2a9c1d8e7b6a54-0.jpg"]);
  const find = (n: string) => (files.has(n) ? n : null);

  it("reads an HTML entry: instant, title, text, tags, place, photo and mood", () => {
    const data = json("journey/1773477000000-3f2a9c1d8e7b6a54.json");
    expect(isJourneyEntry(data)).toBe(true);
    const { item, checkin } = journeyItem(data, "1773477000000-3f2a9c1d8e7b6a54.json", find);
    const e = entryOf(item);
    expect(e).toMatchObject({
      title: "Market morning",
      content: "Bought blood oranges at the *Marché d'Aligre* & ate one on the bench.\n\n• oranges\n• bread",
      locationName: "Marché d'Aligre, Paris, France",
      locationLat: 48.8493,
      locationLng: 2.3781,
      tags: ["market", "Paris"],
    });
    expect(e.createdAt.toISOString()).toBe("2026-03-14T08:30:00.000Z");
    expect(e.updatedAt.toISOString()).toBe("2026-03-14T08:45:00.000Z");
    expect(e.media).toEqual([
      expect.objectContaining({ archivePath: "1773477000000-3f2a9c1d8e7b6a54-0.jpg", declaredType: "image/*" }),
    ]);
    noHtml(e.content);
    expect(e.content).not.toContain("alert");
    expect(checkin).toMatchObject({ mood: 8, entry_id: e.id, at: "2026-03-14T08:30:00.000Z" });
    expect(ExportedCheckInSchema.safeParse(checkin).success).toBe(true);
  });

  it("reads a Markdown entry: no place (the largest double), no mood, starred, a missing photo", () => {
    const { item, checkin } = journeyItem(json("journey/1773605400000-9b8c7d6e5f4a3b2c.json"), "b.json", find);
    const e = entryOf(item);
    expect(e).toMatchObject({
      title: "",
      content: "Quiet Sunday evening. Finished the **whole** novel and made soup.\n\n- call Mum\n- water the basil",
      locationName: null,
      locationLat: null,
      tags: ["reading", "starred"],
    });
    expect(e.createdAt.toISOString()).toBe("2026-03-15T20:10:00.000Z");
    expect(e.media).toEqual([expect.objectContaining({ archivePath: null })]);
    expect(checkin).toBeNull();
  });

  it("refuses an entry without a readable date and maps the five faces", () => {
    const { item } = journeyItem(json("journey/1773608400000-0000000000000bad.json"), "bad.json", find);
    expect(item).toMatchObject({ ok: false, label: "bad.json", reason: expect.stringMatching(/date_journal/u) });
    expect([0, 1, 2, 3, 4, 5, 6, 2.5].map(journeyMood)).toEqual([null, 2, 4, 6, 8, 10, null, null]);
  });
});

describe("Diarium", () => {
  it("reads entries in the person's zone, sanitizes the HTML and turns stars into check-ins", () => {
    const data = json("diarium/Diarium_2026-03-16.json");
    expect(isDiariumJournal(data)).toBe(true);
    const { items, checkins } = diariumItems(data, TZ);
    expect(items).toHaveLength(3);
    const first = entryOf(items[0]!);
    expect(first).toMatchObject({
      title: "Dinner with Ana",
      content: "We cooked **risotto** together.\n\nShe told me about her new job.\nWalked home in the rain.",
      tags: ["friends", "cooking", "Ana"],
      locationName: "Lyon, France",
      locationLat: 45.764,
      locationLng: 4.8357,
    });
    expect(first.createdAt.toISOString()).toBe("2026-03-14T20:05:00.000Z");
    noHtml(first.content);
    expect(first.content).not.toMatch(/fetch|cookie|color|evil/u);
    const second = entryOf(items[1]!);
    expect(second).toMatchObject({ title: "", content: "1. Run by the river\n2. Call the bank" });
    expect(second.createdAt.toISOString()).toBe("2026-03-15T07:00:00.000Z");
    expect(items[2]).toMatchObject({ ok: false, reason: expect.stringMatching(/sometime in spring/u) });
    expect(checkins).toEqual([expect.objectContaining({ mood: 10, entry_id: first.id })]);
  });
  it("reads local and offset dates", () => {
    expect(diariumInstant("2026-07-01T10:00:00", TZ)?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(diariumInstant("2026-07-01T10:00:00.0000000", TZ)?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(diariumInstant("2026-07-01T10:00:00+05:00", TZ)?.toISOString()).toBe("2026-07-01T05:00:00.000Z");
    expect(diariumInstant("2026-02-30", TZ)).toBeNull();
  });
  it("is not mistaken for jrnl or anything else", () => {
    expect(isDiariumJournal({ entries: [{ date: "2026-01-01", time: "10:00", body: "" }] })).toBe(false);
    expect(isDiariumJournal({ hello: "world" })).toBe(false);
  });
});

describe("Daylio", () => {
  const csv = () => Readable.from([Buffer.from(fixture("daylio/daylio_export_2026_03_16.csv"))]);

  it("knows its header and its times", () => {
    expect(isDaylioHeader("\uFEFFfull_date,date,weekday,time,mood,activities,note_title,note")).toBe(true);
    expect(isDaylioHeader("full_date,date,weekday,time,mood,activities,note")).toBe(true);
    expect(isDaylioHeader("date,title,body")).toBe(false);
    expect(["9:15 PM", "12:05 am", "12:30 PM", "21:40", "7:30 p.m.", "13:00 PM", "25:99"].map(daylioTime)).toEqual([
      "21:15",
      "00:05",
      "12:30",
      "21:40",
      "19:30",
      null,
      null,
    ]);
    expect(DAYLIO_MOODS).toEqual({ rad: 10, good: 8, meh: 6, bad: 4, awful: 2 });
  });

  it("makes every row a check-in on the journal's scale and every note an entry the check-in names", async () => {
    const { items, checkins, notes } = await readDaylioCsv(csv(), TZ);
    expect(notes).toEqual([]);
    expect(checkins.map((c) => [c.at, c.mood, c.activities, c.entry_id !== null])).toEqual([
      ["2026-03-16T20:15:00.000Z", 10, ["friends", "cooking", "sport"], true],
      ["2026-03-16T07:05:00.000Z", 6, ["work", "coffee"], false],
      ["2026-03-15T20:40:00.000Z", 8, ["reading"], true],
      ["2026-03-15T11:00:00.000Z", 2, [], false],
    ]);
    for (const c of checkins) expect(ExportedCheckInSchema.safeParse(c).success).toBe(true);
    const ok = items.filter((i) => i.ok).map(entryOf);
    expect(ok.map((e) => [e.title, e.content, e.mood])).toEqual([
      ["Birthday dinner", "Ana cooked for everyone.\nWe stayed until midnight.", null],
      ["", "Finished the novel.\nMade soup.", null],
      ["Tired", "Long day at the market.", "sleepy"],
    ]);
    expect(checkins[0]!.entry_id).toBe(ok[0]!.id);
    expect(ok[2]!.warnings).toEqual([expect.stringMatching(/"sleepy" is not one of Daylio's five default moods/u)]);
    const failed = items.filter((i) => !i.ok);
    expect(failed).toEqual([
      expect.objectContaining({ label: "Daylio row 7", reason: expect.stringMatching(/"stellar".*no note/u) }),
      expect.objectContaining({ label: "Daylio row 8", reason: expect.stringMatching(/could not be read/u) }),
    ]);
  });

  it("cuts long activity names and too many activities, and says so", async () => {
    const many = Array.from({ length: 35 }, (_, i) => `act ${i}`).join(" | ");
    const text = `full_date,date,weekday,time,mood,activities,note_title,note\n2026-01-01,January 1,Thursday,10:00,good,"${"x".repeat(60)} | ${many}","",""\n`;
    const { checkins, notes } = await readDaylioCsv(Readable.from([Buffer.from(text)]), TZ);
    expect(checkins[0]!.activities).toHaveLength(30);
    expect(checkins[0]!.activities[0]).toBe("x".repeat(40));
    expect(notes[0]!.reason).toMatch(/longer than 40 characters.*first 30/u);
  });

  it("refuses a line longer than the cap and a broken CSV before reading on", async () => {
    const huge = `full_date,date,weekday,time,mood,activities,note_title,note\n2026-01-01,a,b,10:00,good,"","","${"y".repeat(1024 * 1024 + 10)}"\n`;
    await expect(readDaylioCsv(Readable.from([Buffer.from(huge)]), TZ)).rejects.toMatchObject({ status: 413 });
    const broken = `full_date,date,weekday,time,mood,activities,note_title,note\n2026-01-01,a,b,10:00,good,"","","unclosed\n`;
    await expect(readDaylioCsv(Readable.from([Buffer.from(broken)]), TZ)).rejects.toMatchObject({ status: 400 });
  });
});

describe("Apple Journal", () => {
  const base = "AppleJournalEntries/Entries/";
  const resources = new Set(["AppleJournalEntries/Resources/4B1D2C3E-5F60-4718-9A2B-3C4D5E6F7A8B.jpeg"]);

  it("reads the day, the title, the text and the photo of an entry page", () => {
    const e = entryOf(
      appleJournalItem(
        `${base}2026-03-14.html`,
        fixture(`apple-journal/${base}2026-03-14.html`),
        (p) => resources.has(p),
        TZ,
      ),
    );
    expect(e).toMatchObject({
      title: "A walk by the river",
      content:
        "[photo]\n\nThe herons were back on the island.\n\nI sat on the steps for an *hour* and did nothing at all.",
    });
    expect(e.createdAt.toISOString()).toBe("2026-03-14T11:00:00.000Z");
    expect(e.media).toEqual([
      expect.objectContaining({
        archivePath: [...resources][0],
        filename: "4B1D2C3E-5F60-4718-9A2B-3C4D5E6F7A8B.jpeg",
      }),
    ]);
  });

  it("drops scripts and handlers, and never follows a picture out of the archive or to a server", () => {
    const e = entryOf(
      appleJournalItem(`${base}2026-03-15.html`, fixture(`apple-journal/${base}2026-03-15.html`), () => true, TZ),
    );
    expect(e.content).toBe("Three good things:\n\n• coffee in the sun\n• a letter from Grandma\n• fixed the bike");
    expect(e.media).toEqual([]);
    noHtml(e.content);
  });

  it("reads the day from the page header when the file name has none", () => {
    expect(headerDay("Saturday, March 14, 2026")).toBe("2026-03-14");
    expect(headerDay("Samedi 14 mars 2026")).toBe("2026-03-14");
    expect(headerDay("Tuesday 3 Feb 2026")).toBe("2026-02-03");
    expect(headerDay("no date")).toBeNull();
    expect(isAppleEntryFile("AppleJournalEntries/index.html")).toBe(false);
    const e = entryOf(
      appleJournalItem(
        "Entries/entry.html",
        `<div class="pageHeader">Sunday, March 1, 2026</div><p>x</p>`,
        () => false,
        TZ,
      ),
    );
    expect(e.createdAt.toISOString()).toBe("2026-03-01T11:00:00.000Z");
  });
});

describe("Markdown notes", () => {
  const archive = new Set([
    "2026/03/2026-03-14-walk-by-the-river.md",
    "2026/03/2026-03-14-walk-by-the-river-1.jpg",
    "Daily/2026-03-16.md",
    "attachments/sunset.jpg",
  ]);
  const files = {
    has: (p: string) => archive.has(p),
    byBaseName: (n: string) => [...archive].find((p) => path.basename(p).toLowerCase() === n.toLowerCase()) ?? null,
  };

  it("reads Reverie's Markdown export: front matter date, title, tags, mood, place and the photo beside it", () => {
    const name = "2026/03/2026-03-14-walk-by-the-river.md";
    const { item, checkin } = markdownNoteItem(name, fixture(`markdown/${name}`), files, TZ);
    const e = entryOf(item);
    expect(e).toMatchObject({
      title: "Walk by the river",
      content: "The herons were back on the island.\n\n[photo]\n\n- bread\n- oranges",
      tags: ["walks", "herons"],
      mood: null,
      locationName: "Quai de Saône, Lyon",
      locationLat: 45.7676,
      locationLng: 4.8272,
    });
    expect(e.createdAt.toISOString()).toBe("2026-03-14T08:30:00.000Z");
    expect(e.media).toEqual([expect.objectContaining({ archivePath: "2026/03/2026-03-14-walk-by-the-river-1.jpg" })]);
    expect(checkin).toMatchObject({ mood: 8, entry_id: e.id });
  });

  it("reads an Obsidian daily note: the day from its name, the heading as title, an embed found by name", () => {
    const { item, checkin } = markdownNoteItem(
      "Daily/2026-03-16.md",
      fixture("markdown/Daily/2026-03-16.md"),
      files,
      TZ,
    );
    const e = entryOf(item);
    expect(e).toMatchObject({
      title: "Monday",
      content: "Long meeting, then a **very** good sunset from the office.\n\n[photo]",
      tags: ["daily", "work"],
      mood: "tired",
    });
    expect(e.createdAt.toISOString()).toBe("2026-03-16T11:00:00.000Z");
    expect(e.media).toEqual([expect.objectContaining({ archivePath: "attachments/sunset.jpg" })]);
    expect(checkin).toBeNull();
  });

  it("reads a Logseq journal page: the day from journals/YYYY_MM_DD.md and its tags:: property", () => {
    const e = entryOf(
      markdownNoteItem("journals/2026_03_17.md", fixture("markdown/journals/2026_03_17.md"), files, TZ).item,
    );
    expect(e).toMatchObject({
      title: "",
      tags: ["garden", "logseq"],
      content: "- Planted the tomatoes\n\t- six plants, two of them cherry\n- Rain in the evening",
    });
    expect(e.createdAt.toISOString()).toBe("2026-03-17T11:00:00.000Z");
  });

  it("skips a page with no date, and leaves out app folders", () => {
    const { item } = markdownNoteItem("notes/ideas.md", fixture("markdown/notes/ideas.md"), files, TZ);
    expect(item).toMatchObject({ ok: false, skip: true, reason: expect.stringMatching(/no date/u) });
    expect(
      ["a.md", "x/b.markdown", ".obsidian/x.md", "v/.trash/c.md", "__MACOSX/d.md", "logseq/bak/e.md", "f.txt"].map(
        isNoteFile,
      ),
    ).toEqual([true, true, false, false, false, false, false]);
  });

  it("reads front matter safely: dates, tags, bad YAML and alias bombs", () => {
    expect(frontMatterInstant("2026-03-14T09:30:00Z", TZ)?.toISOString()).toBe("2026-03-14T09:30:00.000Z");
    expect(frontMatterInstant("2026-03-14 09:30", TZ)?.toISOString()).toBe("2026-03-14T08:30:00.000Z");
    expect(frontMatterInstant("2026-03-14", TZ)?.toISOString()).toBe("2026-03-14T11:00:00.000Z");
    expect(frontMatterInstant("March", TZ)).toBeNull();
    expect(tagsOf("#a, b #c")).toEqual(["a", "b", "c"]);
    expect(tagsOf(["#x", 3, null])).toEqual(["x", "3"]);
    expect(splitFrontMatter("---\ntitle: [unclosed\n---\nbody").problem).toMatch(/not valid YAML/u);
    const bomb = [
      "---",
      "a: &a [x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
      "---",
      "text",
    ].join("\n");
    const got = splitFrontMatter(bomb);
    expect(got.data).toEqual({});
    expect(got.problem).not.toBeNull();
  });
});

describe("exports as the apps really write them (fixtures derived from public samples)", () => {
  it("Journey: minified and pretty-printed entry files, <p dir=auto>, the largest double, escaped slashes", () => {
    const read = (n: string) =>
      journeyItem(json(`journey-export/${n}`), n, (p) =>
        p.startsWith("16254940") || p.startsWith("1571425") ? p : null,
      );
    const picnic = read("1625494049547-4BbDhzcByTFSg6MW.json");
    expect(entryOf(picnic.item)).toMatchObject({
      title: "",
      content: "Picnic by the lake\n\n**warm** *windy* ***happy***",
      locationName: null,
      locationLat: null,
      locationLng: null,
      tags: [],
    });
    expect(entryOf(picnic.item).createdAt.toISOString()).toBe("2021-07-01T10:00:00.000Z");
    expect(entryOf(picnic.item).media.map((m) => m.archivePath)).toEqual([
      "1625494049547-4BbDhzcByTFSg6MW-5bkOJACgIzl36wsU.jpg",
    ]);
    expect(picnic.checkin).toBeNull();
    const note = entryOf(read("1625494143867-82d3goucmybxlxat.json").item);
    expect(note).toMatchObject({
      content: "A short evening note",
      locationName: "12 Garden Row",
      locationLat: 51.50207694110725,
    });
    const bike = read("1571425138176-lflfuesv9vkzmsu6.json");
    expect(entryOf(bike.item)).toMatchObject({
      content: "Took the new bike out for the first time!\n\nThe frame looks great in *very dark grey*!",
      locationName: "Station road, Kingsbridge",
      locationLng: -0.104888,
    });
    expect(entryOf(bike.item).updatedAt.toISOString()).toBe("2019-10-18T19:02:41.000Z");
    expect(bike.checkin).toMatchObject({ mood: 10, at: "2019-10-18T08:07:39.000Z" });
  });

  it("Diarium: a place as [lat, lon] or as coordinates text, fractions of a second, sun and moon lines", () => {
    const data = json("diarium-export/diarium-json.json");
    expect(isDiariumJournal(data)).toBe(true);
    const { items, checkins } = diariumItems(data, TZ);
    const [frost, evening] = items.map(entryOf);
    expect(frost).toMatchObject({
      title: "First frost",
      content: "The garden was **white** this morning.\n\nMade tea and watched it melt.",
      locationName: null,
      locationLat: 45.764,
      locationLng: 4.8357,
      tags: ["garden", "autumn"],
    });
    expect(frost!.createdAt.toISOString()).toBe("2010-10-26T13:47:53.000Z");
    expect(evening).toMatchObject({
      title: "",
      content: "Quiet evening, early to bed.",
      locationLat: 48.8566,
      locationLng: 2.3522,
    });
    expect(evening!.createdAt.toISOString()).toBe("2010-10-27T20:05:00.000Z");
    expect(checkins).toEqual([]);
  });

  it("Daylio: the scales column (kept as the check-in's note), custom moods, HTML notes", async () => {
    const plan = await readDaylioCsv(
      Readable.from([Buffer.from(fixture("daylio-versions/daylio_export_2026_04_12.csv"))]),
      TZ,
    );
    expect(
      plan.items.map((i) =>
        i.ok ? [i.entry.createdAt.toISOString(), i.entry.title, i.entry.content, i.entry.mood] : i.label,
      ),
    ).toEqual([
      ["2026-04-12T12:03:00.000Z", "", "Too tired to think.", "helpless"],
      ["2026-04-12T10:00:00.000Z", "", "Slept well, **finally**.", null],
      "Daylio row 5",
      ["2026-03-30T18:18:00.000Z", "Long day", "Who knows.\n\nTomorrow is [[another]] day?", null],
    ]);
    expect(plan.checkins.map((c) => [c.at, c.mood, c.activities, c.note, c.entry_id !== null])).toEqual([
      ["2026-04-12T11:00:00.000Z", 10, ["family time"], "", false],
      [
        "2026-04-12T10:00:00.000Z",
        8,
        [],
        "Sleep Quality: 8/10 points | Sleep Time: 8:00 | Awake mid-sleep: 1:00",
        true,
      ],
      ["2026-03-30T18:18:00.000Z", 6, ["pondering"], "", true],
    ]);
    for (const c of plan.checkins) expect(ExportedCheckInSchema.safeParse(c).success).toBe(true);
  });

  it("Daylio: the older header without note_title, 12-hour times in lower case and 24-hour ones mixed", async () => {
    const plan = await readDaylioCsv(
      Readable.from([Buffer.from(fixture("daylio-versions/daylio_export_2020_05_30.csv"))]),
      TZ,
    );
    expect(plan.items.map((i) => (i.ok ? [i.entry.createdAt.toISOString(), i.entry.content] : i.label))).toEqual([
      ["2020-05-30T16:50:00.000Z", "Awesome evening"],
      ["2020-05-25T12:58:00.000Z", "Could be better"],
    ]);
    expect(plan.checkins.map((c) => [c.at, c.mood, c.activities])).toEqual([
      ["2020-05-30T16:50:00.000Z", 10, ["friends", "gaming", "programming", "nap"]],
      ["2020-05-30T06:02:00.000Z", 10, []],
      ["2020-05-29T10:38:00.000Z", 8, ["work", "good meal"]],
      ["2020-05-25T12:58:00.000Z", 6, ["work"]],
      ["2020-05-24T22:15:00.000Z", 2, []],
    ]);
  });

  it("Apple Journal (iOS 18): the grid's photo is attached, its state of mind is the mood, other cards are named", () => {
    const base = "AppleJournalEntries/Entries/";
    const has = () => true;
    const sunday = entryOf(
      appleJournalItem(`${base}2024-11-03.html`, fixture(`apple-journal-ios18/${base}2024-11-03.html`), has, TZ),
    );
    expect(sunday).toMatchObject({
      title: "Sunday with Grandma",
      content: "[photo]\n\nWe baked bread in the morning.\n\nShe told me about the farm.",
      mood: "Calm, Grateful",
      locationName: null,
      warnings: ["Its contact card was not imported (only its words, photos, state of mind and place are)."],
    });
    expect(sunday.createdAt.toISOString()).toBe("2024-11-03T11:00:00.000Z");
    // The state of mind's and the contact's pictures are not photos of the entry.
    expect(sunday.media.map((m) => m.archivePath)).toEqual(["AppleJournalEntries/Resources/IMG2.heic"]);
    noHtml(sunday.content);

    const market = entryOf(
      appleJournalItem(`${base}2023-12-17.html`, fixture(`apple-journal-ios18/${base}2023-12-17.html`), has, TZ),
    );
    expect(market).toMatchObject({
      title: "Market walk",
      content: "How was your day?\n\nBought apples and walked home by the river.",
      mood: null,
      locationName: "Riverside Market",
      media: [],
      warnings: [
        "Its motion activity and third party media cards were not imported (only its words, photos, state of mind and place are).",
      ],
    });
    expect(headerDay("Sunday, 17 December 2023")).toBe("2023-12-17");
  });

  it("drops pictures inside dropped elements", () => {
    const out = htmlToText(
      `<div class="grid"><img src="a.jpg"></div><noscript><img src="b.jpg"></noscript><p>x <img src="c.jpg"></p>`,
      {
        dropClasses: ["grid"],
        acceptImage: () => true,
      },
    );
    expect(out).toEqual({ text: "x [photo]", images: ["c.jpg"], classes: {} });
  });

  it("Day One: a real export's entry (richText, weather, place, `# ` title) and a photo named by its md5", () => {
    // The shape of bsingr/dayone2-textbundle's test entries (test/lib/parseDayOne2JSONExportEntryTest.js), texts rewritten.
    const data = {
      metadata: { version: "1.0" },
      entries: [
        {
          creationOSName: "iOS",
          richText: JSON.stringify({
            contents: [
              { text: "Lake day\n", attributes: { line: { header: 1 } } },
              { text: "\n" },
              { text: "Swam twice.\n\n" },
            ],
            meta: { version: 1 },
          }),
          starred: false,
          weather: {
            moonPhaseCode: "new",
            weatherServiceName: "HAMweather",
            temperatureCelsius: 9,
            conditionsDescription: "Mostly Cloudy",
          },
          creationDate: "2018-12-06T21:04:39Z",
          creationDeviceType: "iPhone",
          timeZone: "Europe/Zurich",
          location: {
            region: { center: { longitude: 8.5916093, latitude: 47.300171 }, radius: 75 },
            localityName: "Lakeside",
            country: "Switzerland",
            longitude: 8.5916093,
            administrativeArea: "Zurich",
            placeName: "Shore Path",
            latitude: 47.300171,
          },
          tags: ["lake", "summer"],
          text: "# Lake day\nSwam twice.\n",
          modifiedDate: "2018-12-06T21:05:56Z",
          uuid: "65A6F350C04E496DB775971441E41FBA",
          duration: 0,
        },
        {
          creationDate: "2018-12-07T08:00:00Z",
          photos: [
            {
              fnumber: "(null)",
              orderInEntry: 1,
              width: 1870,
              type: "png",
              identifier: "D102C64516364C2195B19636EAC9FE9F",
              isSketch: false,
              height: 1416,
              md5: "dc6cb29b2f32ce896ebf417608885889",
              focalLength: "(null)",
            },
          ],
          text: "# Picture day\n![](dayone-moment://D102C64516364C2195B19636EAC9FE9F)\nA quiet one.",
          uuid: "6D9C3106A32C4E829BB880E719150907",
        },
      ],
    };
    const found = new Set(["photos/dc6cb29b2f32ce896ebf417608885889.png"]);
    const [lake, picture] = dayOneItems(
      data,
      (folder, stem) => [...found].find((f) => f.startsWith(`${folder}/${stem}.`)) ?? null,
      200,
    ).map(entryOf);
    expect(lake).toMatchObject({
      title: "Lake day",
      content: "Swam twice.",
      locationName: "Shore Path",
      locationLat: 47.300171,
      tags: ["lake", "summer"],
    });
    expect(lake!.createdAt.toISOString()).toBe("2018-12-06T21:04:39.000Z");
    expect(picture).toMatchObject({ title: "Picture day", content: "[photo]\nA quiet one." });
    expect(picture!.media.map((m) => m.archivePath)).toEqual(["photos/dc6cb29b2f32ce896ebf417608885889.png"]);
  });
});

describe("Logseq pages as real graphs write them", () => {
  it("leaves out the block ids, collapsed flags and clock drawers Logseq writes for itself, and keeps the rest", () => {
    // The shape of real Logseq journal pages (public graphs such as b83s/logseq journals/2020_05_14.md), texts rewritten.
    const files = { has: () => false, byBaseName: () => null };
    const page = [
      "- Went to the market #errands",
      "  id:: 6545de18-dc84-4dee-b21b-a3a53a78a295",
      "\t- DONE haircut",
      "\t  DEADLINE: <2023-11-04 Sat 1 PM>",
      "\t  :LOGBOOK:",
      "\t  CLOCK: [2023-11-04 Sat 07:11:29]--[2023-11-04 Sat 07:11:30] =>  00:00:01",
      "\t  :END:",
      "- Reading",
      "  collapsed:: true",
      "\t- chapter two",
    ].join("\n");
    const e = entryOf(markdownNoteItem("journals/2023_11_04.md", page, files, TZ).item);
    expect(e.content).toBe(
      "- Went to the market #errands\n\t- DONE haircut\n\t  DEADLINE: <2023-11-04 Sat 1 PM>\n- Reading\n\t- chapter two",
    );
    expect(e.createdAt.toISOString()).toBe("2023-11-04T11:00:00.000Z");
    const old = entryOf(
      markdownNoteItem("journals/2020_05_14.md", "---\ntitle: May 14th, 2020\n---\n\n- #[[Quick Capture]]\n", files, TZ)
        .item,
    );
    expect(old).toMatchObject({ title: "May 14th, 2020", content: "- #[[Quick Capture]]" });
    expect(withoutLogseqMachinery("- a\n  :LOGBOOK:\n  CLOCK: x")).toBe("- a\n  :LOGBOOK:\n  CLOCK: x");
  });
});
