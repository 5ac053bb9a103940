import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/memory/route";
import * as one from "@/app/api/memory/[id]/route";
import * as settings from "@/app/api/memory/settings/route";
import * as propose from "@/app/api/memory/propose/route";
import * as chat from "@/app/api/ai/chat/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import type { JournalFile } from "@/contracts/data";
import type { MemoryDto, MemoryFactDto } from "@/contracts/memory";
import { MAX_MEMORY_FACT_CHARS, MAX_MEMORY_FACTS } from "@/domain/memory";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { grantTestConsents } from "../support/api-consent";
import { importBody, MULTIPART_TYPE, readZip } from "../support/data-fixtures";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
import { call, expectError } from "../support/http";
import { emptyJournal } from "../support/api-journal";

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
  await prisma.memoryFact.deleteMany({});
  await emptyJournal();
  await prisma.config.deleteMany({});
  await setConfig({ ai_model: "local/offline" });
  await grantTestConsents();
});

const get = async (): Promise<MemoryDto> => {
  const r = await call(list.GET, { path: "/api/memory" });
  expect(r.status).toBe(200);
  return r.body as MemoryDto;
};
const post = (body: unknown) => call(list.POST, { method: "POST", path: "/api/memory", body });
const put = (id: string, body: unknown) =>
  call(one.PUT, { method: "PUT", path: `/api/memory/${id}`, params: { id }, body });
const del = (id: string) => call(one.DELETE, { method: "DELETE", path: `/api/memory/${id}`, params: { id } });
const setEnabled = (body: unknown) => call(settings.PUT, { method: "PUT", path: "/api/memory/settings", body });
const proposeFrom = (body: unknown) => call(propose.POST, { method: "POST", path: "/api/memory/propose", body });
const send = (body: Record<string, unknown>) => call(chat.POST, { method: "POST", path: "/api/ai/chat", body });

async function add(text: string, source = "chat"): Promise<MemoryFactDto> {
  const r = await post({ text, source });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as MemoryFactDto;
}

describe("what Reverie remembers: the routes", () => {
  it("starts empty and on", async () => {
    expect(await get()).toEqual({ enabled: true, facts: [], max_facts: MAX_MEMORY_FACTS });
  });

  it("adds a confirmed fact, edits it and deletes it", async () => {
    const f = await add("  sam is your sister. ");
    expect(f).toMatchObject({ text: "Sam is your sister", source: "chat" });
    const edited = await put(f.id, { text: "Sam is your older sister" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: f.id, text: "Sam is your older sister" });
    expect((await get()).facts.map((x) => x.text)).toEqual(["Sam is your older sister"]);
    expect((await del(f.id)).body).toEqual({ success: true });
    expect((await get()).facts).toEqual([]);
  });

  it("refuses bad input with a clear 4xx in the one error shape", async () => {
    expectError(await post({}), 400, "VALIDATION_FAILED");
    expectError(await post({ text: "   " }), 400, "VALIDATION_FAILED");
    expectError(await post({ text: 42 }), 400, "VALIDATION_FAILED");
    expect(expectError(await post({ text: "x".repeat(MAX_MEMORY_FACT_CHARS + 1) }), 400).message).toMatch(/200/u);
    expectError(await post({ text: "Fine", source: "spy" }), 400, "VALIDATION_FAILED");
    expectError(await put("no-such-id", {}), 400, "VALIDATION_FAILED");
    expectError(await put("no-such-id", { text: "Anything" }), 404, "NOT_FOUND");
    expectError(await del("no-such-id"), 404, "NOT_FOUND");
    expectError(await setEnabled({ enabled: "yes" }), 400, "VALIDATION_FAILED");
    expectError(await proposeFrom({ text: "hi", source: "elsewhere" }), 400, "VALIDATION_FAILED");
    expectError(await proposeFrom({ text: "x".repeat(20_001), source: "chat" }), 400, "VALIDATION_FAILED");
    expect(await get()).toEqual({ enabled: true, facts: [], max_facts: MAX_MEMORY_FACTS });
  });

  it("remembers a fact once (409), also when an edit would make two the same", async () => {
    const a = await add("Sam is your sister");
    expectError(await post({ text: "SAM is your sister." }), 409, "CONFLICT");
    const b = await add("You run on Tuesdays");
    expectError(await put(b.id, { text: "sam is your sister" }), 409, "CONFLICT");
    expect((await get()).facts.map((f) => f.id)).toEqual([a.id, b.id]);
  });

  it(`keeps at most ${MAX_MEMORY_FACTS} facts`, async () => {
    const prisma = await db();
    const now = new Date();
    await prisma.memoryFact.createMany({
      data: Array.from({ length: MAX_MEMORY_FACTS }, (_, i) => ({
        id: `f${i}`,
        text: `Fact ${i}`,
        textKey: `fact ${i}`,
        source: "manual",
        createdAt: now,
        updatedAt: now,
      })),
    });
    const r = expectError(await post({ text: "One too many" }), 400, "BAD_REQUEST");
    expect(r.message).toMatch(/at most 100 facts/u);
    expect(await prisma.memoryFact.count()).toBe(MAX_MEMORY_FACTS);
  });
});

describe("proposals", () => {
  it("without a model: from the built-in patterns, never what is already remembered", async () => {
    const r = await proposeFrom({ text: "My sister Sam called. I run every Tuesday.", source: "chat" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ proposals: ["Sam is your sister", "You run on Tuesdays"], model: "local/offline" });
    await add("Sam is your sister");
    const again = await proposeFrom({ text: "My sister Sam called. I run every Tuesday.", source: "chat" });
    expect(again.body.proposals).toEqual(["You run on Tuesdays"]);
  });

  it("with a model: the model proposes through its structured output", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const r = await proposeFrom({ text: "Lunch with my sister Sam today.", source: "entry" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ proposals: ["Sam is your older sister"], model: FAKE_MODELS.gemini });
    const [req] = fake.requests();
    expect(req.task).toBe("propose-memory");
    expect(req.prompt).toContain("Lunch with my sister Sam today.");
  });

  it("switched off: nothing is proposed and nothing is sent", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const off = await setEnabled({ enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false });
    const r = await proposeFrom({ text: "Lunch with my sister Sam today.", source: "chat" });
    expect(r.body.proposals).toEqual([]);
    expect(fake.requests()).toHaveLength(0);
  });
});

describe("memory in the chat", () => {
  it("is sent to the configured model as context, and not while memory is off", async () => {
    await add("Sam is your sister");
    await setConfig({ ai_model: FAKE_MODELS.gemini, chat_use_journal: "false" });
    fake.script({ provider: "gemini", task: "chat", reply: { text: "That sounds lovely." } });
    expect((await send({ message: "Had lunch with Sam." })).status).toBe(200);
    expect(fake.requests()[0].prompt).toContain("What the person asked you to remember");
    expect(fake.requests()[0].prompt).toContain("- Sam is your sister");

    await setEnabled({ enabled: false });
    fake.reset();
    fake.script({ provider: "gemini", task: "chat", reply: { text: "That sounds lovely." } });
    expect((await send({ message: "Had lunch with Sam." })).status).toBe(200);
    expect(fake.requests()[0].prompt).not.toContain("Sam is your sister");
    // Off keeps the facts until they are deleted.
    expect((await get()).facts).toHaveLength(1);
  });
});

async function exportJournal(): Promise<JournalFile> {
  const r = await call(exportRoute.GET, { path: "/api/data/export" });
  expect(r.status).toBe(200);
  const files = await readZip(Buffer.from(await r.res.arrayBuffer()));
  return JSON.parse(files.get("journal.json")!.toString("utf8")) as JournalFile;
}
const importJson = (journal: unknown) =>
  call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(JSON.stringify(journal), "journal.json")),
    headers: { "content-type": MULTIPART_TYPE },
  });

describe("export, Clear All Data and import", () => {
  it("takes the facts out with the journal, clears them, and brings them back", async () => {
    await add("Sam is your sister", "chat");
    await add("You run on Tuesdays", "entry");
    await setEnabled({ enabled: false });
    const journal = await exportJournal();
    expect(journal.memory?.map((f) => [f.text, f.source])).toEqual([
      ["Sam is your sister", "chat"],
      ["You run on Tuesdays", "entry"],
    ]);
    expect(journal.config.memory_enabled).toBe("false");

    const cleared = await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    expect(cleared.body).toMatchObject({ memory_deleted: 2 });
    expect(await get()).toEqual({ enabled: true, facts: [], max_facts: MAX_MEMORY_FACTS });

    const r = await importJson(journal);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ memory_imported: 2 });
    const back = await get();
    expect(back.enabled).toBe(false);
    expect(back.facts.map((f) => [f.text, f.source, f.created_at])).toEqual(
      journal.memory!.map((f) => [f.text, f.source, f.created_at]),
    );
    // Again: nothing doubles.
    const again = await importJson(journal);
    expect(again.body.memory_imported).toBeUndefined();
    expect((await get()).facts).toHaveLength(2);
  });

  it("reports a bad fact alone", async () => {
    const journal = await exportJournal();
    const now = new Date().toISOString();
    const r = await importJson({
      ...journal,
      memory: [
        { text: "Fine fact", source: "chat", created_at: now, updated_at: now },
        { text: "", source: "chat", created_at: now, updated_at: now },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ memory_imported: 1 });
    expect(JSON.stringify(r.body)).toContain("Memory fact #2");
  });
});
