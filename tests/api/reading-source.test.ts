import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as analyze from "@/app/api/ai/analyze-text/route";
import * as entries from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as restoreRoute from "@/app/api/trash/[id]/restore/route";
import type { EntryDto } from "@/contracts/entries";
import type { JournalFile } from "@/contracts/data";
import { setConfig } from "@/server/config/service";
import { databasePath } from "@/server/storage/paths";
import { grantTestConsents } from "../support/api-consent";
import { importBody, MULTIPART_TYPE, rawZip, readZip } from "../support/data-fixtures";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
import { call, expectError } from "../support/http";

/**
 * What produced an entry's reading (its mood score, summary and themes) is kept with it: the offline analyzer
 * ("local/offline") or the model that read it. It travels with the entry through the API, Recently deleted,
 * export and import; an older export without it imports as "not known".
 */

const TEXT = "Snorkelling on the reef with Dad this morning. One of the best days of the year, I felt so alive.";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
  await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
  await grantTestConsents();
});

async function analyzeText(content: string) {
  const r = await call(analyze.POST, {
    method: "POST",
    path: "/api/ai/analyze-text",
    body: { content, content_type: "text" },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    model: string;
    analysis: { mood_score: number; primary_emotion: string; themes: string[]; summary: string };
  };
}

async function create(body: Record<string, unknown>): Promise<EntryDto> {
  const r = await call(entries.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as EntryDto;
}

async function get(id: string): Promise<EntryDto> {
  const r = await call(one.GET, { path: `/api/entries/${id}`, params: { id } });
  expect(r.status).toBe(200);
  return r.body as EntryDto;
}

async function update(id: string, body: Record<string, unknown>): Promise<EntryDto> {
  const r = await call(one.PUT, { method: "PUT", path: `/api/entries/${id}`, body, params: { id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as EntryDto;
}

/** The save payload the editor sends with a fresh analysis (see buildAnalysisFields). */
async function saveAnalysed(content: string): Promise<EntryDto> {
  const { model, analysis } = await analyzeText(content);
  return create({
    content,
    mood: analysis.primary_emotion,
    ai_mood_score: analysis.mood_score,
    ai_summary: analysis.summary,
    ai_themes: analysis.themes,
    ai_model: model,
  });
}

describe("the migration", () => {
  it("adds a nullable ai_model column to entries", () => {
    const conn = new Database(databasePath(), { readonly: true });
    try {
      const cols = conn.prepare(`PRAGMA table_info("entries")`).all() as {
        name: string;
        notnull: number;
        type: string;
      }[];
      expect(cols.find((c) => c.name === "ai_model")).toMatchObject({ type: "TEXT", notnull: 0 });
    } finally {
      conn.close();
    }
  });
});

describe("the source of a stored reading", () => {
  it("is the offline analyzer for an entry read without a model, in the answer and in lists", async () => {
    await setConfig({ ai_model: "local/offline" });
    const saved = await saveAnalysed(TEXT);
    expect(saved.ai_model).toBe("local/offline");
    expect(saved.ai_mood_score).not.toBeNull();
    expect((await get(saved.id)).ai_model).toBe("local/offline");
    const list = await call(entries.GET, { path: "/api/entries?limit=10" });
    expect((list.body as { entries: EntryDto[] }).entries[0]).toMatchObject({
      id: saved.id,
      ai_model: "local/offline",
    });
  });

  it("is the cloud model that read it (the fake Gemini)", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    fake.script({
      provider: "gemini",
      task: "analyze-text",
      reply: {
        json: {
          mood_score: 9,
          primary_emotion: "joyful",
          themes: ["family", "sea"],
          summary: "A day at the reef with Dad.",
          suggested_tags: [],
          follow_up_questions: [],
        },
      },
    });
    const saved = await saveAnalysed(TEXT);
    expect(saved).toMatchObject({ ai_mood_score: 9, ai_model: "gemini/gemini-2.5-flash" });
    expect((await get(saved.id)).ai_model).toBe("gemini/gemini-2.5-flash");
  });

  it("is not known (null) when a save does not say, and none without a reading", async () => {
    const unknown = await create({ content: TEXT, ai_mood_score: 6, ai_summary: "A day." });
    expect(unknown.ai_model).toBeNull();
    const bare = await create({ content: TEXT, ai_model: "local/offline" });
    expect(bare.ai_model).toBeNull();
  });

  it("follows the reading through edits: kept while it stands, unknown when it changes unnamed", async () => {
    const e = await create({ content: TEXT, ai_mood_score: 8, ai_summary: "Reef.", ai_model: "local/offline" });
    // Words edited, reading sent as it was (the editor without a fresh analysis): the source stays.
    const same = await update(e.id, { content: `${TEXT} Later, fish.`, ai_mood_score: 8, ai_summary: "Reef." });
    expect(same.ai_model).toBe("local/offline");
    const untouched = await update(e.id, { content: `${TEXT} Later, more fish.` });
    expect(untouched.ai_model).toBe("local/offline");
    // A new reading with its source.
    const cloud = await update(e.id, { content: TEXT, ai_mood_score: 9, ai_model: "gemini/gemini-2.5-flash" });
    expect(cloud).toMatchObject({ ai_mood_score: 9, ai_model: "gemini/gemini-2.5-flash" });
    // A reading changed without saying what produced it: no longer known.
    const changed = await update(e.id, { content: TEXT, ai_mood_score: 3 });
    expect(changed.ai_model).toBeNull();
    // The reading cleared: no source.
    const named = await update(e.id, { content: TEXT, ai_mood_score: 7, ai_model: "ollama/gemma3:4b" });
    expect(named.ai_model).toBe("ollama/gemma3:4b");
    const cleared = await update(e.id, { content: TEXT, ai_mood_score: null, ai_summary: null });
    expect(cleared.ai_model).toBeNull();
  });

  it("refuses a source that is not a model name with a clear 400", async () => {
    const r = await call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { content: TEXT, ai_mood_score: 5, ai_model: "https://example.com/?x" },
    });
    expectError(r, 400);
    expect(JSON.stringify(r.body)).toContain("ai_model");
  });

  it("comes back with an entry restored from Recently deleted", async () => {
    const e = await create({ content: TEXT, ai_mood_score: 8, ai_model: "local/offline" });
    const del = await call(one.DELETE, { method: "DELETE", path: `/api/entries/${e.id}`, params: { id: e.id } });
    expect(del.status).toBe(200);
    const r = await call(restoreRoute.POST, {
      method: "POST",
      path: `/api/trash/${e.id}/restore`,
      params: { id: e.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    expect((await get(e.id)).ai_model).toBe("local/offline");
  });
});

describe("export and import", () => {
  async function exportJournal(): Promise<{ zip: Buffer; journal: JournalFile }> {
    const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), {
      params: Promise.resolve({}),
    });
    const zip = Buffer.from(await res.arrayBuffer());
    const files = await readZip(zip);
    return { zip, journal: JSON.parse(files.get("journal.json")!.toString("utf8")) as JournalFile };
  }

  const importZip = (zip: Buffer) =>
    call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(zip, "export.zip")),
      headers: { "content-type": MULTIPART_TYPE },
    });

  it("keeps the source through an export and an import", async () => {
    const a = await create({ content: TEXT, ai_mood_score: 8, ai_model: "local/offline" });
    const b = await create({ content: `${TEXT} Again.`, ai_summary: "Again.", ai_model: "openai/gpt-4o-mini" });
    const { zip, journal } = await exportJournal();
    const byId = new Map(journal.entries.map((e) => [e.id, e]));
    expect(byId.get(a.id)?.ai_model).toBe("local/offline");
    expect(byId.get(b.id)?.ai_model).toBe("openai/gpt-4o-mini");
    await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    const r = await importZip(zip);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await get(a.id)).ai_model).toBe("local/offline");
    expect((await get(b.id)).ai_model).toBe("openai/gpt-4o-mini");
  });

  it("imports an older export without the field: the source is not known", async () => {
    const journal = {
      format: "reverie-journal",
      version: 1,
      app: { name: "Reverie", version: "0.1.0" },
      exported_at: "2026-01-01T00:00:00.000Z",
      config: {},
      entries: [
        {
          id: "old-entry-1",
          title: "Before sources were kept",
          content: TEXT,
          created_at: "2025-12-30T10:00:00.000Z",
          updated_at: "2025-12-30T10:00:00.000Z",
          mood: "joyful",
          ai_mood_score: 7,
          ai_summary: "A good day.",
          ai_themes: '["family"]',
          location_name: null,
          location_lat: null,
          location_lng: null,
          word_count: 18,
          tags: [],
          media_files: [],
        },
        {
          id: "old-entry-2",
          title: "A source this journal does not know",
          content: `${TEXT} Two.`,
          created_at: "2025-12-31T10:00:00.000Z",
          updated_at: "2025-12-31T10:00:00.000Z",
          mood: null,
          ai_mood_score: 6,
          ai_summary: null,
          ai_themes: null,
          ai_model: "someone/else's model",
          location_name: null,
          location_lat: null,
          location_lng: null,
          word_count: 19,
          tags: [],
          media_files: [],
        },
      ],
    };
    const r = await importZip(rawZip([{ name: "journal.json", data: Buffer.from(JSON.stringify(journal)) }]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 2 });
    const old = await get("old-entry-1");
    expect(old).toMatchObject({ ai_mood_score: 7, ai_summary: "A good day." });
    expect(old.ai_model).toBeNull();
    expect((await get("old-entry-2")).ai_model).toBeNull();
  });
});
