import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import * as stats from "@/app/api/entries/statistics/route";
import { SUGGESTED_TAGS } from "@/domain/constants";
import { addDaysToKey, localDayKey } from "@/domain/dates";
import { matchesSearch } from "@/domain/search";
import { wordCount } from "@/domain/text";
import { databasePath, uploadDir } from "@/server/storage/paths";
import { seed, type SeedResult } from "../../scripts/seed";
import { call } from "../support/http";
import { SCRIPT_NODE_ARGS } from "../../scripts/node-args";

const TZ = "America/Los_Angeles";
const scratch = mkdtempSync(path.join(os.tmpdir(), "reverie-seed-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Row = {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  mood: string | null;
  ai_mood_score: number | null;
  ai_summary: string | null;
  ai_themes: string | null;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  word_count: number;
};
type ApiEntry = { id: string; title: string; content: string; ai_summary: string | null; tags: { name: string }[] };

describe("seed into the app's database", () => {
  let result: SeedResult;
  let rows: Row[];
  const now = new Date();

  beforeAll(async () => {
    result = await seed({
      dbFile: databasePath(),
      uploadDir: uploadDir(),
      entries: 200,
      seed: 7,
      media: 0.1,
      tz: TZ,
      now,
    });
    const sql = new Database(databasePath(), { readonly: true });
    rows = sql.prepare(`SELECT * FROM entries`).all() as Row[];
    sql.close();
  });

  it("writes the asked number of entries with tags and media, and reports the counts", () => {
    expect(rows).toHaveLength(200);
    expect(result.entries).toBe(200);
    expect(result.tags).toBeGreaterThan(5);
    expect(result.entryTags).toBeGreaterThan(100);
    expect(result.mediaFiles).toBeGreaterThan(5);
    expect(result.withScore).toBe(rows.filter((r) => r.ai_mood_score !== null).length);
  });

  it("stores fields in the formats Prisma writes", () => {
    for (const r of rows) {
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
      expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/u);
      expect(r.updated_at >= r.created_at).toBe(true);
      expect(Date.parse(r.created_at)).toBeLessThanOrEqual(now.getTime());
      expect(r.word_count).toBe(wordCount(r.content));
      expect(r.content.trim().length).toBeGreaterThan(0);
      if (r.ai_mood_score !== null) expect(r.ai_mood_score >= 1 && r.ai_mood_score <= 10).toBe(true);
      if (r.ai_themes !== null) {
        const themes: unknown = JSON.parse(r.ai_themes);
        expect(Array.isArray(themes) && themes.every((t) => typeof t === "string")).toBe(true);
      }
    }
    const nulls = rows.filter((r) => r.ai_mood_score === null).length;
    expect(nulls).toBeGreaterThan(0);
    expect(nulls).toBeLessThan(60);
    expect(rows.filter((r) => r.location_name !== null).length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThan(30);
    expect(new Set(rows.map((r) => r.content)).size).toBe(200);
  });

  it("spreads entries over about three years with an unbroken recent streak", () => {
    const times = rows.map((r) => Date.parse(r.created_at));
    expect(Math.min(...times)).toBeLessThan(now.getTime() - 2 * 365 * 86_400_000);
    const days = new Set(rows.map((r) => localDayKey(r.created_at, TZ)));
    const today = localDayKey(now, TZ);
    for (let i = 1; i <= 14; i++) expect(days.has(addDaysToKey(today, -i)), `day -${i}`).toBe(true);
  });

  it("tags: 0-4 per entry, mostly from the suggested list", async () => {
    const all = (await call(list.GET, { path: "/api/entries" })).body as ApiEntry[];
    expect(all).toHaveLength(200);
    for (const e of all) expect(e.tags.length).toBeLessThanOrEqual(4);
    const names = all.flatMap((e) => e.tags.map((t) => t.name));
    const suggested = names.filter((n) => (SUGGESTED_TAGS as readonly string[]).includes(n)).length;
    expect(suggested / names.length).toBeGreaterThan(0.7);
    expect(all.some((e) => e.tags.length === 0)).toBe(true);
  });

  it("writes real images and thumbnails for the media rows", async () => {
    const sql = new Database(databasePath(), { readonly: true });
    const media = sql.prepare(`SELECT * FROM media_files`).all() as {
      entry_id: string;
      file_type: string;
      mime_type: string;
      stored_name: string;
      thumbnail_name: string;
      size: number;
      created_at: string;
    }[];
    sql.close();
    expect(media).toHaveLength(result.mediaFiles);
    const ids = new Set(rows.map((r) => r.id));
    for (const m of media) {
      expect(ids.has(m.entry_id)).toBe(true);
      expect(m).toMatchObject({ file_type: "image", mime_type: "image/png" });
      expect(m.stored_name).toMatch(/^[0-9a-f-]{36}\.png$/u);
      expect(m.thumbnail_name).toBe(m.stored_name.replace(/\.png$/u, ".thumb.webp"));
      const png = readFileSync(path.join(uploadDir(), m.stored_name));
      expect(png.length).toBe(m.size);
      expect((await sharp(png).metadata()).format).toBe("png");
      expect((await sharp(readFileSync(path.join(uploadDir(), m.thumbnail_name))).metadata()).format).toBe("webp");
    }
    expect(readdirSync(uploadDir())).toHaveLength(media.length * 2);
  });

  it("the search index holds the seeded words, tags and summaries", async () => {
    const all = (await call(list.GET, { path: "/api/entries" })).body as ApiEntry[];
    const sample = all[17]!;
    const word = sample.content.split(/\s+/u).find((w) => /^[A-Za-z]{6,}$/u.test(w))!;
    const tag = all.flatMap((e) => e.tags.map((t) => t.name)).find((n) => n.length >= 4)!;
    const summaryWord = all.find((e) => e.ai_summary)!.ai_summary!.split(" ")[2]!;
    for (const q of [word, word.toUpperCase(), word.slice(1, 5), tag, summaryWord, "café", "München", "zo"]) {
      const got = (
        (await call(list.GET, { path: `/api/entries?search=${encodeURIComponent(q)}` })).body as ApiEntry[]
      ).map((e) => e.id);
      const want = all.filter((e) => matchesSearch(e, q)).map((e) => e.id);
      expect(got, `search ${q}`).toEqual(want);
    }
    const found = (
      (await call(list.GET, { path: `/api/entries?search=${encodeURIComponent(word)}` })).body as ApiEntry[]
    ).map((e) => e.id);
    expect(found).toContain(sample.id);
  });

  it("statistics see the recent streak", async () => {
    const r = await call(stats.GET, { path: `/api/entries/statistics?tz=${TZ}` });
    expect(r.body.total_entries).toBe(200);
    expect(r.body.current_streak).toBeGreaterThanOrEqual(14);
    expect(r.body.most_common_themes.length).toBeGreaterThan(0);
  });

  it("refuses to add to a journal that has entries, unless told to replace or append", async () => {
    await expect(seed({ dbFile: databasePath(), uploadDir: uploadDir(), entries: 5, seed: 1, now })).rejects.toThrow(
      /already has 200 entries/u,
    );
    const before = readdirSync(uploadDir()).length;
    const replaced = await seed({
      dbFile: databasePath(),
      uploadDir: uploadDir(),
      entries: 50,
      seed: 3,
      media: 0.2,
      tz: TZ,
      now,
      reset: true,
    });
    expect(replaced.entries).toBe(50);
    expect(readdirSync(uploadDir())).toHaveLength(replaced.mediaFiles * 2);
    expect(before).not.toBe(replaced.mediaFiles * 2);
    const appended = await seed({
      dbFile: databasePath(),
      uploadDir: uploadDir(),
      entries: 10,
      seed: 4,
      media: 0,
      tz: TZ,
      now,
      append: true,
    });
    expect(appended.entries).toBe(60);
  });
});

describe("seed determinism and command line", () => {
  const dump = (file: string) => {
    const sql = new Database(file, { readonly: true });
    const out = ["entries", "tags", "entry_tags", "media_files"].map((t) =>
      sql.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).all(),
    );
    sql.close();
    return JSON.stringify(out);
  };

  it("the same seed and --now give the same journal; another seed another", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const opts = { entries: 120, media: 0.1, tz: "Europe/Berlin", now };
    await seed({ ...opts, seed: 42, dbFile: path.join(scratch, "a.db"), uploadDir: path.join(scratch, "a-up") });
    await seed({ ...opts, seed: 42, dbFile: path.join(scratch, "b.db"), uploadDir: path.join(scratch, "b-up") });
    await seed({ ...opts, seed: 43, dbFile: path.join(scratch, "c.db"), uploadDir: path.join(scratch, "c-up") });
    expect(dump(path.join(scratch, "a.db"))).toBe(dump(path.join(scratch, "b.db")));
    expect(dump(path.join(scratch, "a.db"))).not.toBe(dump(path.join(scratch, "c.db")));
    expect(readdirSync(path.join(scratch, "a-up")).sort()).toEqual(readdirSync(path.join(scratch, "b-up")).sort());
  });

  it("runs from the command line with plain Node and refuses bad options", { timeout: 120_000 }, () => {
    const script = path.join(process.cwd(), "scripts", "seed.ts");
    const db = path.join(scratch, "cli.db");
    const run = (args: string[]) =>
      execFileSync(process.execPath, [...SCRIPT_NODE_ARGS, script, ...args], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    const out = run([
      "--entries",
      "25",
      "--db",
      `file:${db}`,
      "--uploads",
      path.join(scratch, "cli-up"),
      "--seed",
      "5",
      "--media",
      "0.2",
    ]);
    expect(out).toMatch(/Seeded .*cli\.db: 25 entries/u);
    expect(existsSync(db)).toBe(true);
    // A journal with entries is not touched without --reset or --append; unknown options are refused.
    expect(() => run(["--entries", "5", "--db", `file:${db}`, "--uploads", path.join(scratch, "cli-up")])).toThrow(
      /already has 25 entries/u,
    );
    expect(() => run(["--entries", "many", "--db", `file:${db}`])).toThrow(/--entries must be a number/u);
  });
});
