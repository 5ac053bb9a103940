import { describe, expect, it } from "vitest";
import type { ExportedEntry } from "@/contracts/data";
import { checkCandidate, type EntryCandidate } from "@/server/data/candidate";
import { parse as parseYaml } from "yaml";
import { MarkdownFrontMatterSchema } from "@/contracts/data";
import { datedMarkdownPath, entryMarkdown, markdownPath } from "@/server/data/markdown";
import { dayOneEntryId, dayOneText, splitTitle } from "@/server/data/sources/dayone";
import { jrnlEntryId, localInstant } from "@/server/data/sources/jrnl";
import { looksLikeZip, unsafeNameReason } from "@/server/data/zip";

describe("archive file names", () => {
  it.each([
    "journal.json",
    "media/0193-abc.png",
    "entries/2025-01-01-a-day-x.md",
    "photos/",
    "Journal.json",
    "deep/ly/nested/file.txt",
    "naïve café.json",
  ])("accepts %s", (name) => {
    expect(unsafeNameReason(name)).toBeNull();
  });
  it.each([
    ["", /empty/u],
    ["../x", /leaves the archive/u],
    ["a/../../x", /leaves the archive/u],
    ["..", /leaves the archive/u],
    ["/etc/passwd", /absolute/u],
    ["C:/x", /absolute/u],
    ["c:x", /absolute/u],
    ["a\\..\\b", /backslash/u],
    ["a\u0000b", /control/u],
    ["a\nb", /control/u],
    ["a//b", /irregular/u],
    ["./a", /irregular/u],
    ["x".repeat(1001), /too long/u],
  ])("refuses %j", (name, why) => {
    expect(unsafeNameReason(name)).toMatch(why);
  });
  it("knows a zip by its first bytes", () => {
    expect(looksLikeZip(Buffer.from([0x50, 0x4b, 3, 4, 0]))).toBe(true);
    expect(looksLikeZip(Buffer.from([0x50, 0x4b, 5, 6]))).toBe(true);
    expect(looksLikeZip(Buffer.from('{"a":1}'))).toBe(false);
    expect(looksLikeZip(Buffer.from("PK"))).toBe(false);
  });
});

describe("Day One text", () => {
  it("turns attachment references into readable markers", () => {
    expect(
      dayOneText(
        "a ![](dayone-moment://ABC123) b ![](dayone-moment:/video/DEF) c ![](dayone-moment:/audio/0A) d ![x](dayone-moment:/pdfAttachment/FF)",
      ),
    ).toBe("a [photo] b [video] c [audio] d [pdf]");
  });
  it("removes Day One's Markdown escapes but keeps an escaped backslash as one", () => {
    expect(dayOneText("1\\. Done\\! \\(really\\) a\\_b \\\\ end")).toBe("1. Done! (really) a_b \\ end");
  });
  it("takes the title from a leading '# ' line only", () => {
    expect(splitTitle("# My day\n\nIt rained.", 500)).toEqual({ title: "My day", content: "It rained." });
    expect(splitTitle("\n# Title\nBody", 500)).toEqual({ title: "Title", content: "Body" });
    expect(splitTitle("No title\n# Later heading", 500)).toEqual({ title: "", content: "No title\n# Later heading" });
    expect(splitTitle("## Sub heading\nBody", 500)).toEqual({ title: "", content: "## Sub heading\nBody" });
    expect(splitTitle(`# ${"t".repeat(600)}\nBody`, 500).title).toBe("");
  });
  it("derives a stable, safe id from the uuid", () => {
    expect(dayOneEntryId("9A2F6C1B3D4E4F5A8B7C6D5E4F3A2B1C")).toBe("dayone-9a2f6c1b3d4e4f5a8b7c6d5e4f3a2b1c");
    expect(dayOneEntryId("9a2f6c1b-3d4e-4f5a-8b7c-6d5e4f3a2b1c")).toBe("dayone-9a2f6c1b3d4e4f5a8b7c6d5e4f3a2b1c");
  });
});

describe("jrnl", () => {
  it("derives the id from date, time, title and body", () => {
    const a = jrnlEntryId({ date: "2024-01-01", time: "09:00", title: "T", body: "B" });
    expect(a).toMatch(/^jrnl-[0-9a-f]{24}$/u);
    expect(jrnlEntryId({ date: "2024-01-01", time: "09:00", title: "T", body: "B" })).toBe(a);
    expect(jrnlEntryId({ date: "2024-01-01", time: "09:01", title: "T", body: "B" })).not.toBe(a);
  });
  it("reads a local date and time in a zone, across daylight saving", () => {
    expect(localInstant("2024-01-15", "08:00", "Europe/Paris")!.toISOString()).toBe("2024-01-15T07:00:00.000Z");
    expect(localInstant("2024-07-15", "08:00", "Europe/Paris")!.toISOString()).toBe("2024-07-15T06:00:00.000Z");
    expect(localInstant("2024-07-15", "08:00:30", "UTC")!.toISOString()).toBe("2024-07-15T08:00:30.000Z");
    expect(localInstant("2024-02-30", "08:00", "UTC")).toBeNull();
    expect(localInstant("2024-01-01", "25:00", "UTC")).toBeNull();
  });
});

function candidate(over: Partial<EntryCandidate> = {}): EntryCandidate {
  const d = new Date("2024-01-01T00:00:00Z");
  return {
    id: "ok-1",
    title: "",
    content: "words",
    createdAt: d,
    updatedAt: d,
    mood: null,
    aiMoodScore: null,
    aiSummary: null,
    aiThemes: null,
    locationName: null,
    locationLat: null,
    locationLng: null,
    tags: [],
    media: [],
    warnings: [],
    ...over,
  };
}

describe("imported entries follow the journal's rules", () => {
  it("accepts a plain entry", () => expect(checkCandidate(candidate())).toBeNull());
  it.each([
    [{ id: "a/b" }, /id in the file is not one this journal can use/u],
    [{ id: "x".repeat(65) }, /id in the file is not one this journal can use/u],
    [{ id: "" }, /id in the file is not one this journal can use/u],
    [{ createdAt: new Date("nope") }, /date/u],
    [{ content: "  " }, /Please add some content/u],
    [{ aiMoodScore: 11 }, /ai_mood_score/u],
    [{ locationLat: 91 }, /location_lat/u],
    [{ aiThemes: "not json" }, /ai_themes/u],
    [{ title: "t".repeat(501) }, /title/u],
  ])("refuses %o", (over, why) => {
    expect(checkCandidate(candidate(over as Partial<EntryCandidate>))).toMatch(why);
  });
  it("normalises tags and keeps the first 10 with a warning", () => {
    const c = candidate({ tags: ["#One", "one", " Two ", "", ...Array.from({ length: 12 }, (_, i) => `t${i}`)] });
    expect(checkCandidate(c)).toBeNull();
    expect(c.tags).toEqual(["one", "two", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"]);
    expect(c.warnings).toEqual([
      expect.stringMatching(/had 14 tags; the first 10 were kept \(t8, t9, t10, t11 left out\)/u),
    ]);
  });
});

describe("Markdown copy of an entry", () => {
  const entry: ExportedEntry = {
    id: "0193abc",
    title: "Été à Paris: day #1!",
    content: "It was **hot**.\n",
    created_at: "2024-07-14T10:00:00.000Z",
    updated_at: "2024-07-15T10:00:00.000Z",
    mood: "positive",
    ai_mood_score: 8,
    ai_summary: "A hot day.",
    ai_themes: JSON.stringify(["summer", "city"]),
    location_name: "Paris",
    location_lat: 48.85,
    location_lng: 2.35,
    word_count: 3,
    tags: ["travel", "summer"],
    media_files: [
      {
        id: "m1",
        file_type: "image",
        filename: "Tour [Eiffel].jpg",
        mime_type: "image/jpeg",
        size: 10,
        created_at: "2024-07-14T10:00:00.000Z",
        path: "media/m1.jpg",
      },
      {
        id: "m2",
        file_type: "audio",
        filename: "lost.wav",
        mime_type: "audio/wav",
        size: 10,
        created_at: "2024-07-14T10:00:00.000Z",
        path: null,
      },
    ],
  };
  it("has an ASCII path with the day, a slug of the title and the id", () => {
    expect(markdownPath(entry)).toBe("entries/2024-07-14-ete-a-paris-day-1-0193abc.md");
    expect(markdownPath({ ...entry, title: "" })).toBe("entries/2024-07-14-0193abc.md");
    expect(markdownPath({ ...entry, title: "日記" })).toBe("entries/2024-07-14-0193abc.md");
  });
  it("holds every field a person needs: YAML front matter, the text, then its media", () => {
    expect(entryMarkdown(entry, { tz: "Europe/Paris", mediaHref: (m) => (m.path ? `../${m.path}` : null) })).toBe(
      [
        "---",
        "date: 2024-07-14T12:00:00+02:00",
        'title: "Été à Paris: day #1!"',
        "tags:",
        "  - travel",
        "  - summer",
        "mood: positive",
        "mood_score: 8",
        "place: Paris",
        "location:",
        "  - 48.85",
        "  - 2.35",
        "id: 0193abc",
        "updated: 2024-07-15T12:00:00+02:00",
        "summary: A hot day.",
        "themes:",
        "  - summer",
        "  - city",
        "---",
        "",
        "It was **hot**.",
        "",
        "![Tour Eiffel.jpg](../media/m1.jpg)",
        "",
        "lost.wav (audio, missing at export time)",
        "",
      ].join("\n"),
    );
  });
  it("reads back as the entry's fields (yaml), days by the person's zone", () => {
    const text = entryMarkdown(
      { ...entry, created_at: "2024-07-14T23:30:00.000Z", updated_at: "2024-07-14T23:30:00.000Z", stated_mood: 3 },
      { tz: "Europe/Paris", mediaHref: () => null },
    );
    const fm = MarkdownFrontMatterSchema.parse(parseYaml(text.split("---\n")[1]!));
    expect(fm).toMatchObject({
      date: "2024-07-15T01:30:00+02:00",
      title: "Été à Paris: day #1!",
      tags: ["travel", "summer"],
      mood: "positive",
      mood_score: 3,
      place: "Paris",
      location: [48.85, 2.35],
      id: "0193abc",
    });
    expect(fm.updated).toBeUndefined();
    const taken = new Set<string>();
    expect(
      datedMarkdownPath({ title: entry.title, created_at: "2024-07-14T23:30:00.000Z" }, "Europe/Paris", taken),
    ).toBe("2024/07/2024-07-15-ete-a-paris-day-1.md");
    expect(
      datedMarkdownPath({ title: "ÉTÉ à Paris, day 1", created_at: "2024-07-15T08:00:00.000Z" }, "Europe/Paris", taken),
    ).toBe("2024/07/2024-07-15-ete-a-paris-day-1-2.md");
    expect(datedMarkdownPath({ title: "日記", created_at: "2024-07-14T23:30:00.000Z" }, "UTC", taken)).toBe(
      "2024/07/2024-07-14.md",
    );
  });
});
