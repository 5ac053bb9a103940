import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as embeddingsRoute from "@/app/api/ai/embeddings/route";
import * as configRoute from "@/app/api/config/route";
import { EntryInputSchema } from "@/contracts/entries";
import { OFFLINE_MODEL } from "@/domain/models";
import { grantCloudConsent } from "@/server/ai/consent";
import { embeddingsSettled } from "@/server/ai/recall/embeddings";
import { recall } from "@/server/ai/recall/ask";
import { setConfig } from "@/server/config/service";
import { clearAllData } from "@/server/data/clear";
import { db } from "@/server/db/client";
import { createEntry, deleteEntry, updateEntry } from "@/server/entries/service";
import { purgeEntryRecord } from "@/server/entries/trash";
import {
  FAKE_EMBEDDING_DIMENSIONS,
  fakeProviderEnv,
  startFakeModelServer,
  type FakeModelServer,
} from "../support/fake-model-server";
import { call } from "../support/http";

const OPENAI_EMBED = "openai/text-embedding-3-small";
const OLLAMA_EMBED = "ollama/nomic-embed-text";
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
  const prisma = await db();
  await prisma.entry.deleteMany({});
  await prisma.config.deleteMany({});
  await setConfig({ ai_model: OFFLINE_MODEL });
  await grantCloudConsent(OPENAI_EMBED);
});

const put = (key: string, value: string) =>
  call(configRoute.PUT, { method: "PUT", path: "/api/config", body: { key, value } });
const progress = async () => (await call(embeddingsRoute.GET, { path: "/api/ai/embeddings" })).body;
const entry = (content: string, day: number) =>
  createEntry(EntryInputSchema.parse({ content, created_at: new Date(Date.UTC(2026, 2, day, 12)).toISOString() }));
const vectors = async () => (await db()).entryEmbedding.findMany({ orderBy: { entryId: "asc" } });

describe("embeddings of entries", () => {
  it("with no embedding model nothing is sent and nothing stored; recall works on words", async () => {
    const e = await entry("Swam forty lengths at the lido.", 1);
    await embeddingsSettled();
    expect(fake.requests()).toHaveLength(0);
    expect(await vectors()).toEqual([]);
    expect(await progress()).toMatchObject({ model: null, embedded: 0, total: 1, running: false });
    expect((await recall("lengths at the lido", { timeZone: "UTC" })).entries.map((x) => x.id)).toEqual([e.id]);
  });

  it("picking a model embeds every entry in the background, with the model and dimension recorded", async () => {
    const a = await entry("Swam forty lengths at the lido.", 1);
    const b = await entry("Adopted a scruffy terrier puppy.", 2);
    expect((await put("embedding_model", OPENAI_EMBED)).status).toBe(200);
    await embeddingsSettled();
    const rows = await vectors();
    expect(rows.map((r) => [r.entryId, r.model, r.dimensions, r.vector.byteLength]).sort()).toEqual(
      [
        [a.id, OPENAI_EMBED, FAKE_EMBEDDING_DIMENSIONS, FAKE_EMBEDDING_DIMENSIONS * 4],
        [b.id, OPENAI_EMBED, FAKE_EMBEDDING_DIMENSIONS, FAKE_EMBEDDING_DIMENSIONS * 4],
      ].sort(),
    );
    expect(fake.requests().filter((r) => r.path === "/v1/embeddings").length).toBeGreaterThanOrEqual(1);
    expect(await progress()).toMatchObject({ model: OPENAI_EMBED, embedded: 2, total: 2, error: null });
    // Meaning: "dog" is in no entry, but its vector is nearest the terrier's.
    expect((await recall("When did we get our dog?", { timeZone: "UTC" })).entries[0]?.id).toBe(b.id);
  });

  it("a saved entry is embedded after the save; a changed one again; a new model re-embeds all", async () => {
    await setConfig({ embedding_model: OPENAI_EMBED });
    const a = await entry("Swam forty lengths at the lido.", 1);
    await embeddingsSettled();
    const first = (await vectors())[0];
    expect(first.entryId).toBe(a.id);
    await updateEntry(a.id, EntryInputSchema.parse({ content: "Baked a sourdough loaf.", created_at: a.created_at }));
    await embeddingsSettled();
    const second = (await vectors())[0];
    expect(second.contentHash).not.toBe(first.contentHash);
    expect(Buffer.from(second.vector).equals(Buffer.from(first.vector))).toBe(false);
    expect((await put("embedding_model", OLLAMA_EMBED)).status).toBe(200);
    await embeddingsSettled();
    expect((await progress()).error).toBeNull();
    expect((await vectors()).map((v) => v.model)).toEqual([OLLAMA_EMBED]);
    expect(fake.requests().some((r) => r.path === "/api/embed")).toBe(true);
  });

  it("a failing embedding model never fails a save, and the error shows in the progress", async () => {
    await setConfig({ embedding_model: OPENAI_EMBED });
    fake.script({ path: "/v1/embeddings", times: 0, reply: { error: { status: 500 } } });
    const a = await entry("Swam forty lengths at the lido.", 1);
    expect(a.id).toBeTruthy();
    await embeddingsSettled();
    expect(await vectors()).toEqual([]);
    const p = await progress();
    expect(p).toMatchObject({ embedded: 0, total: 1 });
    expect(p.error).toBeTruthy();
    // Recall still answers, on words.
    expect((await recall("lengths at the lido", { timeZone: "UTC" })).entries.map((x) => x.id)).toEqual([a.id]);
  });

  it("a cloud embedding model without consent sends nothing", async () => {
    await setConfig({ embedding_model: "openai/text-embedding-3-large" });
    await entry("Swam forty lengths at the lido.", 1);
    await embeddingsSettled();
    expect(fake.requests()).toHaveLength(0);
    expect(await vectors()).toEqual([]);
  });

  it("deleting for good and Clear All Data remove the vectors", async () => {
    await setConfig({ embedding_model: OPENAI_EMBED });
    const a = await entry("Swam forty lengths at the lido.", 1);
    const b = await entry("Adopted a scruffy terrier puppy.", 2);
    await embeddingsSettled();
    expect(await vectors()).toHaveLength(2);
    await deleteEntry(a.id);
    expect((await vectors()).map((v) => v.entryId)).toEqual([b.id]);
    await purgeEntryRecord(a.id);
    await clearAllData();
    expect(await vectors()).toEqual([]);
  });
});
