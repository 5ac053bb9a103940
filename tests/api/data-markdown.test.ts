import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { MarkdownFrontMatterSchema } from "@/contracts/data";
import { readZip, wav } from "../support/data-fixtures";
import { attach, createEntry, getMarkdownZip, photo } from "../support/book-fixtures";
import { expectError } from "../support/http";

/** GET /api/data/export/markdown: one Markdown file per entry by month, YAML front matter, media beside it. */

const ids: Record<string, string> = {};
let jpeg: Buffer;
const sound = wav(44 + 3000);

function split(md: string): { fm: ReturnType<typeof MarkdownFrontMatterSchema.parse>; body: string } {
  const m = /^---\n([^]*?)\n---\n\n([^]*)$/u.exec(md);
  expect(m, md).not.toBeNull();
  return { fm: MarkdownFrontMatterSchema.parse(parseYaml(m![1]!)), body: m![2]! };
}

beforeAll(async () => {
  jpeg = await photo(120, 80, { r: 200, g: 90, b: 20 });
  ids.walk = await createEntry({
    title: "Harbour walk: day #1!",
    content: "Walked along the **harbour**.\n\n• boats\n• gulls",
    tags: ["travel", "family"],
    mood: "positive",
    ai_mood_score: 7.5,
    location_name: "Marseille",
    location_lat: 43.2965,
    location_lng: 5.3698,
    created_at: "2025-03-14T23:30:00.000Z",
  });
  ids.photo = await attach(ids.walk, "Boats [dusk].jpg", jpeg, "image/jpeg");
  ids.sound = await attach(ids.walk, "gulls.wav", sound, "audio/wav");
  ids.same1 = await createEntry({ title: "Same", content: "One.", created_at: "2025-06-01T10:00:00.000Z" });
  ids.same2 = await createEntry({ title: "Same", content: "Two.", created_at: "2025-06-01T11:00:00.000Z" });
  ids.untitled = await createEntry({ content: "No title here.", created_at: "2024-12-31T08:00:00.000Z" });
});

describe("the Markdown export", () => {
  it("refuses a bad time zone", async () => {
    expectError(await getMarkdownZip("?tz=Nowhere/Land"), 400);
  });

  it("is a zip of YYYY/MM/YYYY-MM-DD-title.md files with front matter and media beside them", async () => {
    const r = await getMarkdownZip("?tz=Europe/Paris");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-type")).toBe("application/zip");
    expect(r.res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="reverie-markdown-\d{4}-\d{2}-\d{2}\.zip"$/u,
    );
    const files = await readZip(r.bytes);
    const names = [...files.keys()].sort();
    expect(names).toEqual(
      [
        "2024/12/2024-12-31.md",
        // 23:30 UTC is the next day in Paris.
        "2025/03/2025-03-15-harbour-walk-day-1.md",
        `2025/03/media/${ids.photo}.jpg`,
        `2025/03/media/${ids.sound}.wav`,
        "2025/06/2025-06-01-same.md",
        "2025/06/2025-06-01-same-2.md",
      ].sort(),
    );

    const { fm, body } = split(files.get("2025/03/2025-03-15-harbour-walk-day-1.md")!.toString("utf8"));
    expect(fm.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/u);
    expect({ ...fm, updated: undefined }).toEqual({
      updated: undefined,
      date: "2025-03-15T00:30:00+01:00",
      title: "Harbour walk: day #1!",
      tags: ["family", "travel"],
      mood: "positive",
      mood_score: 7.5,
      place: "Marseille",
      location: [43.2965, 5.3698],
      id: ids.walk,
    });
    expect(body).toContain("Walked along the **harbour**.\n\n• boats\n• gulls\n");
    // Links relative to the file, to files that are in the zip with the bytes uploaded.
    const links = [...body.matchAll(/(!?)\[([^\]]*)\]\(([^)]+)\)/gu)].map((m) => ({
      image: m[1] === "!",
      label: m[2],
      href: m[3]!,
    }));
    expect(links).toEqual([
      { image: true, label: "Boats dusk.jpg", href: `media/${ids.photo}.jpg` },
      { image: false, label: "gulls.wav", href: `media/${ids.sound}.wav` },
    ]);
    for (const l of links) expect(files.has(path.posix.join("2025/03", decodeURI(l.href)))).toBe(true);
    expect(files.get(`2025/03/media/${ids.photo}.jpg`)!.equals(jpeg)).toBe(true);
    expect(files.get(`2025/03/media/${ids.sound}.wav`)!.equals(sound)).toBe(true);

    const untitled = split(files.get("2024/12/2024-12-31.md")!.toString("utf8"));
    expect(untitled.fm.title).toBeUndefined();
    expect(untitled.fm.date).toBe("2024-12-31T09:00:00+01:00");
    expect(untitled.body).toBe("No title here.\n");
    expect(split(files.get("2025/06/2025-06-01-same-2.md")!.toString("utf8")).fm.id).toBe(ids.same2);
  });

  it("uses the server's zone when none is given", async () => {
    const files = await readZip((await getMarkdownZip()).bytes);
    // The tests run in UTC.
    expect(files.has("2025/03/2025-03-14-harbour-walk-day-1.md")).toBe(true);
  });

  it("streams a journal of many pages of entries whole", async () => {
    for (let i = 0; i < 450; i++) {
      await createEntry({
        title: `Day ${i}`,
        content: `Entry number ${i}.`,
        created_at: new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString(),
      });
    }
    const files = await readZip((await getMarkdownZip("?tz=UTC")).bytes);
    const md = [...files.keys()].filter((n) => n.endsWith(".md"));
    expect(md).toHaveLength(454);
    expect(files.get("2023/01/2023-01-01-day-0.md")!.toString("utf8")).toContain("Entry number 0.");
    expect(files.get("2024/03/2024-03-25-day-449.md")!.toString("utf8")).toContain("Entry number 449.");
  }, 120_000);
});
