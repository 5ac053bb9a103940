import Database from "better-sqlite3";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as list from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as stats from "@/app/api/entries/statistics/route";
import * as calendar from "@/app/api/entries/calendar/route";
import * as tagsRoute from "@/app/api/entries/tags/route";
import { MAX_JSON_BODY_BYTES } from "@/domain/constants";
import { matchesSearch } from "@/domain/search";
import { db } from "@/server/db/client";
import { bumpDataVersion } from "@/server/entries/version";
import { databasePath, uploadDir } from "@/server/storage/paths";
import type { EntryDto } from "@/contracts/entries";
import { call, expectError } from "../support/http";

type Entry = EntryDto;

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;

async function create(body: Record<string, unknown>): Promise<Entry> {
  const r = await call(list.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Entry;
}

async function getList(query = ""): Promise<Entry[]> {
  const r = await call(list.GET, { path: `/api/entries${query ? `?${query}` : ""}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(Array.isArray(r.body)).toBe(true);
  return r.body as Entry[];
}

const titles = async (query = "") => (await getList(query)).map((e) => e.title);

async function clearAll(): Promise<void> {
  const prisma = await db();
  await prisma.entry.deleteMany({});
  await prisma.tag.deleteMany({});
  bumpDataVersion();
}

async function addMedia(
  entryId: string,
  name = "photo.png",
): Promise<{ id: string; storedName: string; thumbnailName: string }> {
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
      filename: name,
      storedName,
      mimeType: "image/png",
      size: 9,
      thumbnailName,
      createdAt: new Date(),
    },
  });
  return { id, storedName, thumbnailName };
}

const entryCount = async () => (await db()).entry.count();

describe("POST /api/entries", () => {
  beforeAll(clearAll);

  it("creates an entry from the full save payload", async () => {
    const before = Date.now();
    const r = await call(list.POST, {
      method: "POST",
      path: "/api/entries",
      body: {
        title: "  A good day  ",
        content: "Walked to the lake.\nSaw two herons  and a kingfisher.",
        mood: "content",
        tags: ["Nature", " #walk ", "nature", ""],
        created_at: "2026-03-08T10:15:00+02:00",
        ai_summary: "A calm walk by the lake.",
        ai_mood_score: 7.5,
        ai_themes: JSON.stringify(["nature", "calm"]),
        location_name: " Lake Tegel ",
        location_lat: 52.58,
        location_lng: 13.26,
      },
    });
    expect(r.status).toBe(201);
    const e = r.body as Entry;
    expect(e.id).toMatch(UUID_V7);
    expect(e).toMatchObject({
      title: "A good day",
      content: "Walked to the lake.\nSaw two herons  and a kingfisher.",
      mood: "content",
      created_at: "2026-03-08T08:15:00.000Z",
      ai_summary: "A calm walk by the lake.",
      ai_mood_score: 7.5,
      ai_themes: '["nature","calm"]',
      location_name: "Lake Tegel",
      location_lat: 52.58,
      location_lng: 13.26,
      word_count: 10,
      tags: [{ name: "nature" }, { name: "walk" }],
      media_files: [],
    });
    const updated = Date.parse(e.updated_at);
    expect(updated).toBeGreaterThanOrEqual(before - 1000);
    expect(updated).toBeLessThanOrEqual(Date.now() + 1000);
    const g = await call(one.GET, { params: { id: e.id } });
    expect(g.body).toEqual(e);
  });

  it("accepts a minimal body and themes as an array", async () => {
    const e = await create({ content: "Just one line.", ai_themes: ["rest"] });
    expect(e).toMatchObject({
      title: "",
      mood: null,
      ai_mood_score: null,
      ai_summary: null,
      location_name: null,
      tags: [],
      word_count: 3,
      ai_themes: '["rest"]',
    });
    expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);
  });

  it("keeps the content exactly as written", async () => {
    const content = '  Ünïcödé ✓ emoji 😀\n\n\ttabs and <b>html</b> & "quotes"  ';
    const e = await create({ content });
    expect(e.content).toBe(content);
  });

  it("refuses malformed JSON", async () => {
    const n = await entryCount();
    const r = await call(list.POST, {
      method: "POST",
      path: "/api/entries",
      rawBody: '{"content": "x"',
      headers: { "content-type": "application/json" },
    });
    expectError(r, 400, "INVALID_JSON");
    expect(await entryCount()).toBe(n);
  });

  it("refuses an empty body, a non-object and wrong types", async () => {
    const n = await entryCount();
    expectError(
      await call(list.POST, {
        method: "POST",
        path: "/api/entries",
        rawBody: "",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    for (const body of [
      null,
      [],
      "text",
      42,
      { content: 5 },
      { content: "x", tags: "work" },
      { content: "x", tags: [1] },
      { content: "x", ai_mood_score: "7" },
      { content: "x", title: {} },
      { content: "x", location_lat: 91 },
    ]) {
      const r = await call(list.POST, { method: "POST", path: "/api/entries", body });
      expectError(r, 400, "VALIDATION_FAILED");
    }
    expect(await entryCount()).toBe(n);
  });

  it("refuses empty or whitespace-only content with the spec's message", async () => {
    for (const content of ["", "   ", "\n\t  \n"]) {
      const r = await call(list.POST, { method: "POST", path: "/api/entries", body: { title: "t", content } });
      expect(expectError(r, 400, "VALIDATION_FAILED").message).toBe("Please add some content to your entry");
    }
    const missing = await call(list.POST, { method: "POST", path: "/api/entries", body: { title: "no content" } });
    expectError(missing, 400, "VALIDATION_FAILED");
  });

  it("refuses 11 tags, but counts them after dropping duplicates and empties", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `tag${i}`);
    const r = await call(list.POST, { method: "POST", path: "/api/entries", body: { content: "x", tags: eleven } });
    expect(expectError(r, 400, "VALIDATION_FAILED").message).toMatch(/at most 10 tags/u);
    const e = await create({ content: "x", tags: [...eleven.slice(0, 10), "TAG0", " ", "#tag1"] });
    expect(e.tags).toHaveLength(10);
  });

  it("refuses mood scores outside 1..10 and impossible dates", async () => {
    for (const body of [
      { content: "x", ai_mood_score: 0 },
      { content: "x", ai_mood_score: 11 },
      { content: "x", created_at: "2026-02-30T10:00:00Z" },
      { content: "x", created_at: "2026-03-08T10:00:00" },
      { content: "x", created_at: "yesterday" },
      { content: "x", created_at: "9999-12-31T23:00:00-05:00" },
      { content: "x", ai_themes: "not json" },
      { content: "x", ai_themes: '{"a":1}' },
    ]) {
      expectError(await call(list.POST, { method: "POST", path: "/api/entries", body }), 400, "VALIDATION_FAILED");
    }
  });

  it("refuses a body over the limit with 413", async () => {
    const n = await entryCount();
    const big = JSON.stringify({ content: "x".repeat(MAX_JSON_BODY_BYTES) });
    expectError(
      await call(list.POST, {
        method: "POST",
        path: "/api/entries",
        rawBody: big,
        headers: { "content-type": "application/json" },
      }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expect(await entryCount()).toBe(n);
  });

  it("refuses another content type with 415", async () => {
    const r = await call(list.POST, {
      method: "POST",
      path: "/api/entries",
      rawBody: JSON.stringify({ content: "x" }),
      headers: { "content-type": "text/plain" },
    });
    expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE");
    const form = await call(list.POST, {
      method: "POST",
      path: "/api/entries",
      rawBody: "content=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(form, 415, "UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("GET /api/entries/{id}", () => {
  it("answers the entry with its tags and media", async () => {
    const e = await create({ title: "With a photo", content: "Look.", tags: ["b", "a"] });
    const m = await addMedia(e.id, "lake.png");
    const r = await call(one.GET, { params: { id: e.id } });
    expect(r.status).toBe(200);
    expect(r.body.tags).toEqual([{ name: "a" }, { name: "b" }]);
    expect(r.body.media_files).toEqual([
      expect.objectContaining({
        id: m.id,
        entry_id: e.id,
        file_type: "image",
        filename: "lake.png",
        mime_type: "image/png",
        url: `/api/media/${m.id}`,
        thumbnail_url: `/api/media/${m.id}?thumb=1`,
      }),
    ]);
  });

  it("answers 404 for an unknown, malformed or hostile id", async () => {
    for (const id of [
      "0190c3f0-0000-7000-8000-000000000000",
      "nope",
      "../../etc/passwd",
      "' OR 1=1 --",
      "x".repeat(5000),
    ]) {
      const err = expectError(await call(one.GET, { params: { id } }), 404, "NOT_FOUND");
      expect(err.message).toBe("Entry not found");
    }
  });
});

describe("PUT /api/entries/{id}", () => {
  let base: Entry;
  beforeEach(async () => {
    base = await create({
      title: "Before",
      content: "one two three",
      mood: "calm",
      tags: ["old", "keep"],
      created_at: "2026-01-05T12:00:00Z",
      ai_summary: "old summary",
      ai_mood_score: 6,
      ai_themes: ["rest"],
      location_name: "Home",
      location_lat: 1.5,
      location_lng: 2.5,
    });
  });

  it("replaces content, tags and analysis; keeps created_at; moves updated_at", async () => {
    const r = await call(one.PUT, {
      method: "PUT",
      params: { id: base.id },
      body: {
        id: base.id,
        title: "After",
        content: "four five",
        mood: "happy",
        tags: ["keep", "New"],
        ai_summary: "new summary",
        ai_mood_score: 8,
        ai_themes: '["joy"]',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: base.id,
      title: "After",
      content: "four five",
      word_count: 2,
      mood: "happy",
      tags: [{ name: "keep" }, { name: "new" }],
      ai_summary: "new summary",
      ai_mood_score: 8,
      ai_themes: '["joy"]',
      created_at: "2026-01-05T12:00:00.000Z",
    });
    expect(Date.parse(r.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(base.updated_at));
    expect((await call(one.GET, { params: { id: base.id } })).body).toEqual(r.body);
  });

  it("keeps fields the body leaves out (the editor's save payload has no location) and clears fields set to null", async () => {
    const r = await call(one.PUT, {
      method: "PUT",
      params: { id: base.id },
      body: { content: "edited text", ai_summary: null, ai_mood_score: null },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: "Before",
      content: "edited text",
      mood: "calm",
      tags: [{ name: "keep" }, { name: "old" }],
      ai_summary: null,
      ai_mood_score: null,
      ai_themes: '["rest"]',
      location_name: "Home",
      location_lat: 1.5,
      location_lng: 2.5,
      created_at: "2026-01-05T12:00:00.000Z",
    });
    const cleared = await call(one.PUT, {
      method: "PUT",
      params: { id: base.id },
      body: { content: "x", title: null, tags: [], location_name: null, location_lat: null, location_lng: null },
    });
    expect(cleared.body).toMatchObject({
      title: "",
      tags: [],
      location_name: null,
      location_lat: null,
      location_lng: null,
      mood: "calm",
    });
  });

  it("moves the entry to another date when created_at is given", async () => {
    const r = await call(one.PUT, {
      method: "PUT",
      params: { id: base.id },
      body: { content: "x", created_at: "2025-12-31T23:30:00-08:00" },
    });
    expect(r.body.created_at).toBe("2026-01-01T07:30:00.000Z");
  });

  it("answers 404 for an unknown id and creates nothing", async () => {
    const n = await entryCount();
    const err = expectError(
      await call(one.PUT, { method: "PUT", params: { id: "missing" }, body: { content: "x" } }),
      404,
      "NOT_FOUND",
    );
    expect(err.message).toBe("Entry not found");
    expect(await entryCount()).toBe(n);
  });

  it("refuses bad bodies and leaves the entry as it was", async () => {
    const bad: { body?: unknown; rawBody?: string; headers?: Record<string, string> }[] = [
      { rawBody: "{nope", headers: { "content-type": "application/json" } },
      { body: { content: "   " } },
      { body: { content: "x", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } },
      { body: { content: "x", ai_mood_score: "high" } },
      { body: { id: "another-id", content: "x" } },
      { rawBody: JSON.stringify({ content: "x" }), headers: { "content-type": "text/plain" } },
      {
        rawBody: JSON.stringify({ content: "y".repeat(MAX_JSON_BODY_BYTES) }),
        headers: { "content-type": "application/json" },
      },
    ];
    const statuses: number[] = [];
    for (const opts of bad) {
      const r = await call(one.PUT, { method: "PUT", params: { id: base.id }, ...opts });
      expectError(r, r.status);
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 415, 413]);
    const now = (await call(one.GET, { params: { id: base.id } })).body;
    expect(now).toEqual(base);
  });

  it("says the spec's sentence for empty content", async () => {
    const r = await call(one.PUT, { method: "PUT", params: { id: base.id }, body: { content: "" } });
    expect(expectError(r, 400).message).toBe("Please add some content to your entry");
  });
});

describe("DELETE /api/entries/{id}", () => {
  it("deletes the entry, its tag links, unused tags and media rows; the files stay for Recently deleted", async () => {
    const e = await create({ content: "to be deleted", tags: ["only-here", "shared"] });
    const other = await create({ content: "stays", tags: ["shared"] });
    const m = await addMedia(e.id);
    const r = await call(one.DELETE, { method: "DELETE", params: { id: e.id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, id: e.id });
    expectError(await call(one.GET, { params: { id: e.id } }), 404, "NOT_FOUND");
    const prisma = await db();
    expect(await prisma.mediaFile.count({ where: { entryId: e.id } })).toBe(0);
    expect(await prisma.entryTag.count({ where: { entryId: e.id } })).toBe(0);
    // Kept on disk while the entry is in Recently deleted (tests/api/trash.test.ts covers the purge).
    expect(existsSync(path.join(uploadDir(), m.storedName))).toBe(true);
    expect(await prisma.deletedEntry.count({ where: { id: e.id } })).toBe(1);
    const names = (await call(tagsRoute.GET, { path: "/api/entries/tags" })).body.tags.map(
      (t: { name: string }) => t.name,
    );
    expect(names).toContain("shared");
    expect(names).not.toContain("only-here");
    expect((await call(one.GET, { params: { id: other.id } })).status).toBe(200);
  });

  it("answers 404 for an unknown id, a second delete and a hostile id", async () => {
    const e = await create({ content: "twice" });
    const n = await entryCount();
    expect((await call(one.DELETE, { method: "DELETE", params: { id: e.id } })).status).toBe(200);
    expectError(await call(one.DELETE, { method: "DELETE", params: { id: e.id } }), 404, "NOT_FOUND");
    expectError(await call(one.DELETE, { method: "DELETE", params: { id: "nope" } }), 404, "NOT_FOUND");
    expectError(await call(one.DELETE, { method: "DELETE", params: { id: "%' OR '1'='1" } }), 404, "NOT_FOUND");
    expect(await entryCount()).toBe(n - 1);
  });
});

/**
 * Filter fixture. Times in America/Los_Angeles:
 * Alpha Feb 28 23:30 PST (Mar 1 UTC), Bravo Mar 1 01:00, Charlie Mar 5, Delta Mar 10 (no score),
 * Echo Apr 1, Foxtrot Feb 15, Golf Mar 20.
 */
const FIXTURE = [
  {
    title: "Alpha",
    content: "Sprint review went well.",
    created_at: "2026-03-01T07:30:00Z",
    ai_mood_score: 8,
    tags: ["work", "gratitude"],
    ai_summary: "Productive day at the office",
  },
  {
    title: "Bravo",
    content: "Dinner with my sister.",
    created_at: "2026-03-01T09:00:00Z",
    ai_mood_score: 5,
    tags: ["family"],
    ai_summary: null,
  },
  {
    title: "Charlie",
    content: "Headache all afternoon; skipped the gym.",
    created_at: "2026-03-05T18:00:00Z",
    ai_mood_score: 2,
    tags: ["health", "work"],
    media: true,
  },
  {
    title: "Delta",
    content: "Rain. Read a book about tide pools.",
    created_at: "2026-03-10T12:00:00Z",
    ai_mood_score: null,
    tags: [],
  },
  {
    title: "Echo",
    content: "Flew to Lisbon, pastel de nata!",
    created_at: "2026-04-01T12:00:00Z",
    ai_mood_score: 7,
    tags: ["travel"],
    media: true,
  },
  {
    title: "Foxtrot",
    content: "Long drive to see grandma.",
    created_at: "2026-02-15T12:00:00Z",
    ai_mood_score: 3.9,
    tags: ["family", "travel"],
  },
  {
    title: "Golf",
    content: "Lazy Saturday.",
    created_at: "2026-03-20T12:00:00Z",
    ai_mood_score: 6.99,
    tags: ["weekend"],
  },
];
const sorted = (names: string[]) => [...names].sort();

describe("GET /api/entries: list, paging and filters", () => {
  beforeAll(async () => {
    await clearAll();
    for (const f of FIXTURE) {
      const { media, ...body } = f;
      const e = await create(body);
      if (media) await addMedia(e.id);
    }
  });

  it("without limit answers a plain array, newest first", async () => {
    expect(await titles()).toEqual(["Echo", "Golf", "Delta", "Charlie", "Bravo", "Alpha", "Foxtrot"]);
  });

  it("with limit/offset answers a page with the total", async () => {
    const r = await call(list.GET, { path: "/api/entries?limit=3&offset=0" });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["entries", "has_more", "limit", "offset", "total"]);
    expect(r.body).toMatchObject({ total: 7, limit: 3, offset: 0, has_more: true });
    expect(r.body.entries.map((e: Entry) => e.title)).toEqual(["Echo", "Golf", "Delta"]);
    const last = await call(list.GET, { path: "/api/entries?limit=3&offset=6" });
    expect(last.body).toMatchObject({ total: 7, offset: 6, has_more: false });
    expect(last.body.entries.map((e: Entry) => e.title)).toEqual(["Foxtrot"]);
    const beyond = await call(list.GET, { path: "/api/entries?limit=3&offset=50" });
    expect(beyond.body).toMatchObject({ entries: [], total: 7, has_more: false });
    const onlyLimit = await call(list.GET, { path: "/api/entries?limit=2" });
    expect(onlyLimit.body).toMatchObject({ offset: 0, total: 7, has_more: true });
    const filtered = await call(list.GET, { path: "/api/entries?tags=family&limit=1" });
    expect(filtered.body).toMatchObject({ total: 2, has_more: true });
    expect(filtered.body.entries.map((e: Entry) => e.title)).toEqual(["Bravo"]);
  });

  it("pages walk the whole list without gaps or repeats", async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const r = await call(list.GET, { path: `/api/entries?limit=2&offset=${offset}` });
      seen.push(...r.body.entries.map((e: Entry) => e.title));
      if (!r.body.has_more) break;
    }
    expect(seen).toEqual(await titles());
  });

  it("refuses bad paging and filter values with 400", async () => {
    for (const q of [
      "limit=0",
      "limit=501",
      "limit=abc",
      "limit=2.5",
      "offset=-1",
      "limit=5&offset=x",
      "tz=Mars/Olympus",
      "tz=",
      "date_from=2026-02-30",
      "date_from=yesterday",
      "date_to=2026-03-01T10:00:00",
      "date_to=2026-13-01",
      "mood=happy",
      "has_media=yes",
      `search=${"x".repeat(201)}`,
      "search=a&search=b",
    ]) {
      const r = await call(list.GET, { path: `/api/entries?${q}` });
      expectError(r, 400);
    }
  });

  it("date_from/date_to as days in the person's zone", async () => {
    const la = "tz=America/Los_Angeles";
    expect(sorted(await titles(`date_from=2026-03-01&${la}`))).toEqual(["Bravo", "Charlie", "Delta", "Echo", "Golf"]);
    expect(sorted(await titles("date_from=2026-03-01&tz=UTC"))).toEqual([
      "Alpha",
      "Bravo",
      "Charlie",
      "Delta",
      "Echo",
      "Golf",
    ]);
    expect(sorted(await titles(`date_to=2026-02-28&${la}`))).toEqual(["Alpha", "Foxtrot"]);
    expect(sorted(await titles("date_to=2026-02-28&tz=UTC"))).toEqual(["Foxtrot"]);
    expect(sorted(await titles(`date_from=2026-03-01&date_to=2026-03-01&${la}`))).toEqual(["Bravo"]);
    expect(sorted(await titles(`date_from=2026-03-10&date_to=2026-03-01&${la}`))).toEqual([]);
  });

  it("accepts the first and last storable days", async () => {
    expect(await titles("date_from=0000-01-01&date_to=9999-12-31&tz=Asia/Tokyo")).toHaveLength(7);
    expect(await titles("date_to=9999-12-31&tz=America/Los_Angeles")).toHaveLength(7);
    expect(await titles("date_from=9999-12-31")).toEqual([]);
  });

  it("date_from/date_to as ISO instants: from inclusive, to exclusive", async () => {
    expect(sorted(await titles("date_from=2026-03-01T09:00:00Z&date_to=2026-03-10T12:00:00Z"))).toEqual([
      "Bravo",
      "Charlie",
    ]);
    expect(sorted(await titles("date_from=2026-03-01T10:00:00%2B01:00&date_to=2026-03-10T12:00:00.001Z"))).toEqual([
      "Bravo",
      "Charlie",
      "Delta",
    ]);
  });

  it("mood bands; entries without a score are excluded", async () => {
    expect(sorted(await titles("mood=positive"))).toEqual(["Alpha", "Echo"]);
    expect(sorted(await titles("mood=neutral"))).toEqual(["Bravo", "Golf"]);
    expect(sorted(await titles("mood=negative"))).toEqual(["Charlie", "Foxtrot"]);
    expect(await titles("mood=all")).toHaveLength(7);
  });

  it("tags: one, several (any of them), normalized, unknown", async () => {
    expect(sorted(await titles("tags=work"))).toEqual(["Alpha", "Charlie"]);
    expect(sorted(await titles("tags=work&tags=travel"))).toEqual(["Alpha", "Charlie", "Echo", "Foxtrot"]);
    expect(sorted(await titles("tags[]=WORK&tags[]=%23family"))).toEqual(["Alpha", "Bravo", "Charlie", "Foxtrot"]);
    expect(await titles("tags=nothing-like-this")).toEqual([]);
  });

  it("has_media true and false", async () => {
    expect(sorted(await titles("has_media=true"))).toEqual(["Charlie", "Echo"]);
    expect(sorted(await titles("has_media=false"))).toEqual(["Alpha", "Bravo", "Delta", "Foxtrot", "Golf"]);
  });

  it("filters combine with AND", async () => {
    expect(await titles("tags=work&mood=negative")).toEqual(["Charlie"]);
    expect(await titles("date_from=2026-03-01&tz=America/Los_Angeles&has_media=true&mood=positive")).toEqual(["Echo"]);
    expect(await titles("tags=family&tags=travel&mood=negative&date_to=2026-02-20")).toEqual(["Foxtrot"]);
    expect(await titles("search=office&tags=work")).toEqual(["Alpha"]);
    expect(await titles("search=office&mood=negative")).toEqual([]);
    expect(await titles("search=a&has_media=false&mood=neutral")).toEqual(["Golf", "Bravo"]);
    const page = await call(list.GET, { path: "/api/entries?mood=positive&has_media=false&limit=10&offset=0" });
    expect(page.body).toMatchObject({ total: 1, has_more: false });
  });
});

describe("search", () => {
  const SEARCH_FIXTURE = [
    {
      title: "Morning Pages",
      content: "Wrote about the Hummingbird feeder.",
      tags: ["creative"],
      ai_summary: "Quiet CREATIVE start",
    },
    {
      title: "Über den Fluss",
      content: "Die Straße war nass. École fermée.",
      tags: ["travel", "Ausflug"],
      ai_summary: null,
    },
    {
      title: "Budget",
      content: 'Saved 50% of the bonus_fund; *finally* [done] it\'s "real".',
      tags: ["goals"],
      ai_summary: "Money goals met",
    },
    {
      title: "Run",
      content: "5k along the river, knees ok.",
      tags: ["exercise", "health"],
      ai_summary: "A good run by the water",
    },
    {
      title: "",
      content: "ΟΔΟΣ sign at the Kelvin museum. Ärger und Öl.",
      tags: [],
      ai_summary: "Summary mentions TIDEPOOL",
    },
    {
      title: "Notes",
      content: "AND OR NOT NEAR( title: col:umn ^caret",
      tags: ["self-care"],
      ai_summary: "Syntax words",
    },
  ];
  let all: Entry[];

  beforeAll(async () => {
    await clearAll();
    let t = Date.parse("2026-05-01T12:00:00Z");
    for (const f of SEARCH_FIXTURE) {
      await create({ ...f, created_at: new Date(t).toISOString() });
      t += 3_600_000;
    }
    all = await getList();
  });

  it("finds the title, content, tag names and AI summary, case-insensitively, by substring", async () => {
    expect(await titles("search=morning")).toEqual(["Morning Pages"]);
    expect(await titles("search=HUMMINGBIRD")).toEqual(["Morning Pages"]);
    expect(await titles("search=mmingb")).toEqual(["Morning Pages"]);
    expect(await titles("search=ausflug")).toEqual(["Über den Fluss"]);
    expect(await titles("search=self-ca")).toEqual(["Notes"]);
    expect(await titles("search=tidepool")).toEqual([""]);
    expect(await titles("search=by the water")).toEqual(["Run"]);
    expect(sorted(await titles("search=creative"))).toEqual(["Morning Pages"]);
    expect(sorted(await titles("search=goals"))).toEqual(["Budget"]);
  });

  it("folds case beyond ASCII, but not accents", async () => {
    expect(await titles("search=über")).toEqual(["Über den Fluss"]);
    expect(await titles("search=ÉCOLE")).toEqual(["Über den Fluss"]);
    expect(await titles("search=STRAẞE")).toEqual(["Über den Fluss"]);
    expect(await titles("search=ecole")).toEqual([]);
    expect(await titles("search=strasse")).toEqual([]);
  });

  it("treats quotes, wildcards and query syntax as plain text", async () => {
    expect(await titles("search=50%25")).toEqual(["Budget"]);
    expect(await titles("search=s_f")).toEqual(["Budget"]);
    expect(await titles(`search=${encodeURIComponent('"real"')}`)).toEqual(["Budget"]);
    expect(await titles(`search=${encodeURIComponent("*finally*")}`)).toEqual(["Budget"]);
    expect(await titles(`search=${encodeURIComponent("[done]")}`)).toEqual(["Budget"]);
    expect(await titles(`search=${encodeURIComponent("it's")}`)).toEqual(["Budget"]);
    expect(await titles(`search=${encodeURIComponent("NEAR(")}`)).toEqual(["Notes"]);
    expect(await titles(`search=${encodeURIComponent("title:")}`)).toEqual(["Notes"]);
    expect(await titles(`search=${encodeURIComponent("AND OR")}`)).toEqual(["Notes"]);
    expect(await titles(`search=${encodeURIComponent("^caret")}`)).toEqual(["Notes"]);
    expect(await titles("search=zebra")).toEqual([]);
  });

  it("1-2 character queries give the same results as matchesSearch, and so do longer ones", async () => {
    const queries = [
      "a",
      "A",
      "e",
      "k",
      "K",
      "ü",
      "Ü",
      "ß",
      "ẞ",
      "é",
      "%",
      "_",
      "*",
      "?",
      "[",
      "]",
      "'",
      '"',
      "^",
      "5",
      "(",
      ":",
      "ab",
      "Ab",
      "ok",
      "OK",
      "ä",
      "Öl",
      "ΟΔ",
      "οδ",
      "at",
      "5k",
      "50",
      "e.",
      "r ",
      "the",
      "THE",
      "über",
      "goal",
      "tidepool",
      "self-care",
      "ΟΔΟΣ",
      "οδος",
      "ärger",
      "bonus_fund",
      "zzz",
    ];
    for (const q of queries) {
      const expected = all.filter((e) => matchesSearch(e, q)).map((e) => e.id);
      const got = (await getList(`search=${encodeURIComponent(q)}`)).map((e) => e.id);
      expect(got, `query ${JSON.stringify(q)}`).toEqual(expected);
    }
  });

  it("a whitespace-only query filters nothing", async () => {
    expect(await getList("search=%20%20")).toHaveLength(SEARCH_FIXTURE.length);
  });

  it("finds the new state after updates to tags, content, title and summary, and nothing after delete", async () => {
    const e = await create({
      title: "Kayak",
      content: "Paddled past the lighthouse.",
      tags: ["water"],
      ai_summary: "Calm paddle",
    });
    expect(await titles("search=lighthouse")).toEqual(["Kayak"]);
    expect(await titles("search=water")).toContain("Kayak");

    await call(one.PUT, {
      method: "PUT",
      params: { id: e.id },
      body: { content: "Paddled past the harbour.", tags: ["boats"] },
    });
    expect(await titles("search=lighthouse")).toEqual([]);
    expect(await titles("search=harbour")).toEqual(["Kayak"]);
    expect(await titles("search=boats")).toEqual(["Kayak"]);
    expect(await titles("search=water")).not.toContain("Kayak");
    expect(await titles("search=calm paddle")).toEqual(["Kayak"]);

    await call(one.PUT, {
      method: "PUT",
      params: { id: e.id },
      body: { title: "Canoe", content: "Paddled past the harbour.", ai_summary: "Windy paddle" },
    });
    expect(await titles("search=kayak")).toEqual([]);
    expect(await titles("search=canoe")).toEqual(["Canoe"]);
    expect(await titles("search=calm paddle")).toEqual([]);
    expect(await titles("search=windy")).toEqual(["Canoe"]);
    expect(await titles("search=boats")).toEqual(["Canoe"]);

    await call(one.DELETE, { method: "DELETE", params: { id: e.id } });
    for (const q of ["canoe", "harbour", "boats", "windy", "Ca"])
      expect(await titles(`search=${q}`)).not.toContain("Canoe");
  });

  it("the index holds exactly one row per entry", async () => {
    const prisma = await db();
    const [fts] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "entries_fts"`);
    const [keys] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "entry_search_keys"`);
    expect(Number(fts.n)).toBe(await entryCount());
    expect(Number(keys.n)).toBe(await entryCount());
  });
});

describe("GET /api/entries/statistics", () => {
  // Late-evening entries in Los Angeles: local days and UTC days differ.
  // LA days: 2025-06-01, 2025-12-31, Feb 25..Mar 3 (7 days), Mar 9, 10, 11. "Now" is Mar 12, 03:00 PDT.
  const STATS_FIXTURE = [
    { created_at: "2025-06-01T12:00:00Z", content: "one two", ai_mood_score: 5, ai_themes: ["Work"] },
    {
      created_at: "2026-01-01T07:30:00Z",
      content: "one two three",
      ai_mood_score: null,
      ai_themes: ["work", "family"],
    },
    { created_at: "2026-02-26T07:30:00Z", content: "a", ai_mood_score: 8, ai_themes: ["sleep"] },
    { created_at: "2026-02-27T07:30:00Z", content: "a b", ai_mood_score: 6 },
    { created_at: "2026-02-28T07:30:00Z", content: "a b c", ai_mood_score: 7, ai_themes: ["family"] },
    { created_at: "2026-03-01T07:30:00Z", content: "a b c d", ai_mood_score: 3, ai_themes: ["  Work "] },
    { created_at: "2026-03-02T07:30:00Z", content: "a", ai_mood_score: null, ai_themes: "[]" },
    { created_at: "2026-03-03T07:30:00Z", content: "a", ai_mood_score: 9 },
    { created_at: "2026-03-03T16:00:00Z", content: "a b", ai_mood_score: 4, ai_themes: ["sleep", "family"] },
    { created_at: "2026-03-10T06:30:00Z", content: "a", ai_mood_score: 10, ai_themes: ["travel"] },
    { created_at: "2026-03-10T15:00:00Z", content: "a", ai_mood_score: 2 },
    { created_at: "2026-03-12T06:30:00Z", content: "a b c d e", ai_mood_score: 8, ai_themes: ["work", "friends"] },
  ];

  beforeAll(async () => {
    await clearAll();
    const empty = await call(stats.GET, { path: "/api/entries/statistics?tz=UTC" });
    expect(empty.body).toEqual({
      total_entries: 0,
      total_words: 0,
      entries_this_month: 0,
      entries_this_year: 0,
      current_streak: 0,
      longest_streak: 0,
      average_mood: 0,
      most_common_themes: [],
    });
    for (const f of STATS_FIXTURE) await create(f);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-12T10:00:00Z"));
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("counts days, months and years in Los Angeles", async () => {
    const r = await call(stats.GET, { path: "/api/entries/statistics?tz=America/Los_Angeles" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      total_entries: 12,
      total_words: 2 + 3 + 1 + 2 + 3 + 4 + 1 + 1 + 2 + 1 + 1 + 5,
      entries_this_month: 6,
      entries_this_year: 10,
      current_streak: 3,
      longest_streak: 7,
      average_mood: 6.2,
      most_common_themes: [
        { theme: "work", count: 4 },
        { theme: "family", count: 3 },
        { theme: "sleep", count: 2 },
        { theme: "friends", count: 1 },
        { theme: "travel", count: 1 },
      ],
    });
  });

  it("gives other figures in UTC for the same entries", async () => {
    const r = await call(stats.GET, { path: "/api/entries/statistics?tz=UTC" });
    expect(r.body).toMatchObject({
      total_entries: 12,
      entries_this_month: 7,
      entries_this_year: 11,
      current_streak: 1,
      longest_streak: 6,
    });
  });

  it("handles zones with half-hour offsets (entries near midnight)", async () => {
    // Kolkata is UTC+5:30: 2026-03-10T06:30Z and 15:00Z are Mar 10, 12:00 and 20:30; 2026-03-12T06:30Z is Mar 12.
    const r = await call(stats.GET, { path: "/api/entries/statistics?tz=Asia/Kolkata" });
    expect(r.body).toMatchObject({ total_entries: 12, current_streak: 1, longest_streak: 6 });
  });

  it("follows writes: a new entry today extends the streak", async () => {
    const e = await create({ content: "today too", created_at: "2026-03-12T09:00:00Z" });
    const r = await call(stats.GET, { path: "/api/entries/statistics?tz=America/Los_Angeles" });
    expect(r.body).toMatchObject({ total_entries: 13, current_streak: 4, total_words: 28 });
    await call(one.DELETE, { method: "DELETE", params: { id: e.id } });
    const back = await call(stats.GET, { path: "/api/entries/statistics?tz=America/Los_Angeles" });
    expect(back.body).toMatchObject({ total_entries: 12, current_streak: 3 });
  });

  it("follows writes by another process (another connection to the file)", async () => {
    await call(stats.GET, { path: "/api/entries/statistics?tz=America/Los_Angeles" });
    const other = new Database(databasePath());
    other
      .prepare(
        `INSERT INTO entries (id, title, content, created_at, updated_at, word_count) VALUES ('external-1', '', 'from a script', '2026-03-12T09:30:00.000+00:00', '2026-03-12T09:30:00.000+00:00', 3)`,
      )
      .run();
    other.close();
    const r = await call(stats.GET, { path: "/api/entries/statistics?tz=America/Los_Angeles" });
    expect(r.body).toMatchObject({ total_entries: 13, current_streak: 4 });
    await call(one.DELETE, { method: "DELETE", params: { id: "external-1" } });
    expect((await call(stats.GET, { path: "/api/entries/statistics?tz=America/Los_Angeles" })).body.total_entries).toBe(
      12,
    );
  });

  it("refuses an unknown zone, an empty zone and a repeated zone", async () => {
    expectError(await call(stats.GET, { path: "/api/entries/statistics?tz=Mars/Olympus" }), 400);
    expectError(await call(stats.GET, { path: "/api/entries/statistics?tz=" }), 400);
    expectError(await call(stats.GET, { path: "/api/entries/statistics?tz=UTC&tz=UTC" }), 400);
    expectError(await call(stats.GET, { path: `/api/entries/statistics?tz=${"A/".repeat(100)}` }), 400);
  });

  describe("GET /api/entries/calendar", () => {
    it("buckets the month's entries by local day", async () => {
      const r = await call(calendar.GET, { path: "/api/entries/calendar?month=2026-03&tz=America/Los_Angeles" });
      expect(r.status).toBe(200);
      expect(r.body.month).toBe("2026-03");
      const days = r.body.days as { date: string; count: number; average_mood: number | null; has_media: boolean }[];
      expect(days).toHaveLength(31);
      expect(days[0].date).toBe("2026-03-01");
      expect(days[30].date).toBe("2026-03-31");
      const byDate = Object.fromEntries(days.filter((d) => d.count).map((d) => [d.date, [d.count, d.average_mood]]));
      expect(byDate).toEqual({
        "2026-03-01": [1, null],
        "2026-03-02": [1, 9],
        "2026-03-03": [1, 4],
        "2026-03-09": [1, 10],
        "2026-03-10": [1, 2],
        "2026-03-11": [1, 8],
      });
    });

    it("uses UTC days when asked", async () => {
      const r = await call(calendar.GET, { path: "/api/entries/calendar?month=2026-03&tz=UTC" });
      const byDate = Object.fromEntries(
        r.body.days
          .filter((d: { count: number }) => d.count)
          .map((d: { date: string; count: number }) => [d.date, d.count]),
      );
      expect(byDate).toEqual({ "2026-03-01": 1, "2026-03-02": 1, "2026-03-03": 2, "2026-03-10": 2, "2026-03-12": 1 });
    });

    it("has February's 28 days and marks days with media", async () => {
      const prisma = await db();
      const feb27 = await prisma.entry.findFirst({ where: { createdAt: new Date("2026-02-27T07:30:00Z") } });
      await addMedia(feb27!.id);
      const r = await call(calendar.GET, { path: "/api/entries/calendar?month=2026-02&tz=America/Los_Angeles" });
      expect(r.body.days).toHaveLength(28);
      const withEntries = r.body.days
        .filter((d: { count: number }) => d.count)
        .map((d: { date: string; has_media: boolean }) => [d.date, d.has_media]);
      expect(withEntries).toEqual([
        ["2026-02-25", false],
        ["2026-02-26", true],
        ["2026-02-27", false],
        ["2026-02-28", false],
      ]);
    });

    it("answers the first and last storable months", async () => {
      for (const month of ["9999-12", "0000-01"]) {
        const r = await call(calendar.GET, { path: `/api/entries/calendar?month=${month}&tz=America/Los_Angeles` });
        expect(r.status).toBe(200);
        expect(r.body.days).toHaveLength(31);
        expect(r.body.days.every((d: { count: number }) => d.count === 0)).toBe(true);
      }
    });

    it("refuses a bad month or zone", async () => {
      for (const q of [
        "",
        "month=2026-13",
        "month=2026-3",
        "month=March",
        "month=2026-03-01",
        "month=2026-03&tz=Nowhere/Land",
        "month=2026-03&month=2026-04",
      ]) {
        expectError(await call(calendar.GET, { path: `/api/entries/calendar?${q}` }), 400);
      }
    });
  });
});

describe("GET /api/entries/calendar: what a cell shows", () => {
  beforeAll(clearAll);

  it("names each day's first entry and its first photo's thumbnail, in the person's zone", async () => {
    // 23:30 on 3 July in Los Angeles is 4 July in UTC: the first entry of 3 July there.
    const late = await create({
      title: "",
      content: "**Fireworks** early.\nThen home.",
      created_at: "2025-07-04T06:30:00Z",
    });
    await create({ title: "Second of the 3rd", content: "x", created_at: "2025-07-04T01:00:00Z" });
    const firstOf3 = await create({ title: "Parade", content: "Flags.", created_at: "2025-07-03T16:00:00Z" });
    const noon = await create({ title: "Picnic", content: "Lemonade.", created_at: "2025-07-05T19:00:00Z" });
    await addMedia(late.id);
    const photo = await addMedia(noon.id);
    await addMedia(noon.id, "second.png");

    const r = await call(calendar.GET, { path: "/api/entries/calendar?month=2025-07&tz=America/Los_Angeles" });
    expect(r.status).toBe(200);
    const byDate = Object.fromEntries(
      (r.body.days as { date: string; count: number; title: string | null; thumbnail_url: string | null }[])
        .filter((d) => d.count)
        .map((d) => [d.date, [d.count, d.title, d.thumbnail_url]]),
    );
    expect(firstOf3.title).toBe("Parade");
    expect(byDate).toEqual({
      "2025-07-03": [3, "Parade", expect.stringMatching(/^\/api\/media\/[0-9a-f-]+\?thumb=1$/u)],
      "2025-07-05": [1, "Picnic", `/api/media/${photo.id}?thumb=1`],
    });
    const empty = (r.body.days as { count: number; title: string | null; thumbnail_url: string | null }[]).find(
      (d) => d.count === 0,
    );
    expect(empty).toMatchObject({ title: null, thumbnail_url: null });

    // In UTC the day ends elsewhere: 4 July opens with the entry written at 01:00, before the untitled one.
    const utc = await call(calendar.GET, { path: "/api/entries/calendar?month=2025-07&tz=UTC" });
    const july4 = (utc.body.days as { date: string; title: string | null }[]).find((d) => d.date === "2025-07-04");
    expect(july4?.title).toBe("Second of the 3rd");
  });
});

describe("GET /api/entries/tags", () => {
  beforeAll(async () => {
    await clearAll();
    await create({ content: "a", tags: ["work", "family"] });
    await create({ content: "b", tags: ["work"] });
    await create({ content: "c", tags: ["travel", "work", "family"] });
  });

  it("lists tags in use with counts, most used first", async () => {
    const r = await call(tagsRoute.GET, { path: "/api/entries/tags" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      tags: [
        { name: "work", count: 3 },
        { name: "family", count: 2 },
        { name: "travel", count: 1 },
      ],
    });
  });

  it("drops a tag once no entry uses it", async () => {
    const [c] = await getList("tags=travel");
    await call(one.PUT, { method: "PUT", params: { id: c.id }, body: { content: "c", tags: ["work"] } });
    const r = await call(tagsRoute.GET, { path: "/api/entries/tags" });
    expect(r.body.tags).toEqual([
      { name: "work", count: 3 },
      { name: "family", count: 1 },
    ]);
  });

  it("ignores query parameters it does not know", async () => {
    const r = await call(tagsRoute.GET, { path: "/api/entries/tags?limit=abc&x=1" });
    expect(r.status).toBe(200);
    expect(r.body.tags).toHaveLength(2);
  });
});
