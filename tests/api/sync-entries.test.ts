import { beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as restore from "@/app/api/trash/[id]/restore/route";
import type { JournalFile } from "@/contracts/data";
import {
  ENTRY_CONFLICT_MESSAGE,
  ENTRY_DELETED_MESSAGE,
  ENTRY_EXISTS_MESSAGE,
  IDEMPOTENT_REPLAY_HEADER,
  type EntryDto,
} from "@/contracts/entries";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE, readZip } from "../support/data-fixtures";
import { call, expectError } from "../support/http";
import { emptyJournal } from "../support/api-journal";

/**
 * Writing offline, the server's side: client-made ids make a create idempotent, a stale edit is
 * answered 409 with the server's entry instead of overwriting it, and conflict copies are flagged.
 */

const post = (body: unknown) => call(list.POST, { method: "POST", path: "/api/entries", body });
const put = (id: string, body: unknown) =>
  call(one.PUT, { method: "PUT", path: `/api/entries/${id}`, body, params: { id } });
const get = (id: string) => call(one.GET, { path: `/api/entries/${id}`, params: { id } });
const del = (id: string) => call(one.DELETE, { method: "DELETE", path: `/api/entries/${id}`, params: { id } });
const all = async () => (await call(list.GET, { path: "/api/entries" })).body as EntryDto[];

async function entryCount(id?: string): Promise<number> {
  const prisma = await db();
  return prisma.entry.count(id ? { where: { id } } : undefined);
}

async function trashRow(id: string) {
  const prisma = await db();
  return prisma.deletedEntry.findUnique({ where: { id } });
}

async function create(body: Record<string, unknown>): Promise<EntryDto> {
  const r = await post(body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as EntryDto;
}

beforeEach(emptyJournal);

describe("POST /entries with a client-made id", () => {
  it("creates the entry under that id (201), keeping the time it was written", async () => {
    const id = crypto.randomUUID();
    const r = await post({
      id,
      title: "On the train",
      content: "Written with no signal.",
      tags: ["travel"],
      created_at: "2026-11-20T08:15:00.000+01:00",
    });
    expect(r.status).toBe(201);
    expect(r.res.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect(r.body).toMatchObject({
      id,
      title: "On the train",
      content: "Written with no signal.",
      created_at: "2026-11-20T07:15:00.000Z",
      conflict_of: null,
      tags: [{ name: "travel" }],
    });
    expect((await get(id)).body).toEqual(r.body);
  });

  it("accepts a UUID of any version and answers it in lower case", async () => {
    const v4 = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    const r = await post({ id: v4, content: "An old-style id." });
    expect(r.status).toBe(201);
    expect(r.body.id).toBe(v4.toLowerCase());
    const v1 = "c232ab00-9414-11ec-b3c8-9f6bdeced846";
    expect((await post({ id: v1, content: "A time-based id." })).body.id).toBe(v1);
    // Sent again in the other case, it is the same entry.
    const again = await post({ id: v4.toLowerCase(), content: "An old-style id." });
    expect(again.status).toBe(200);
    expect(await entryCount()).toBe(2);
  });

  it("answers a replay with the existing entry, unchanged (200, Idempotent-Replay: true), and never makes a second one", async () => {
    const id = crypto.randomUUID();
    const body = {
      id,
      title: " First words ",
      content: "What I meant to say.",
      mood: "calm",
      tags: ["b", "a"],
      created_at: "2026-11-20T08:15:00.000+01:00",
    };
    const first = await create(body);
    // The same create, its tags in another order and case and its time in another offset, is the same create.
    const replay = await post({ ...body, tags: ["A", "b"], created_at: "2026-11-20T07:15:00.000Z" });
    expect(replay.status).toBe(200);
    expect(replay.res.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe("true");
    expect(replay.body).toEqual(first);
    expect((await get(id)).body).toEqual(first);
    expect(await entryCount()).toBe(1);
  });

  it("never answers a create with other words under a taken id as a success: 409 CONFLICT with the stored entry, nothing written", async () => {
    // A device saved the entry again before its first create was answered: the newer words must not be
    // dropped as if they were on the server.
    const id = crypto.randomUUID();
    const first = await create({ id, title: "First words", content: "v1", mood: "calm" });
    const newer = await post({ id, title: "First words", content: "v2, the newer version", mood: "calm" });
    const err = expectError(newer, 409, "CONFLICT");
    expect(err.message).toBe(ENTRY_EXISTS_MESSAGE);
    expect(err.details).toEqual({ entry: first });
    expect(newer.res.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBeNull();
    expect((await get(id)).body).toEqual(first);
    expect(await entryCount()).toBe(1);
  });

  it.each([
    ["the title", { title: "Another title" }],
    ["the mood", { mood: "sad" }],
    ["no mood", { mood: null }],
    ["the tags", { tags: ["x", "y"] }],
    ["no tags", { tags: [] }],
    ["the time it was written", { created_at: "2020-01-01T00:00:00.000Z" }],
    ["a place", { location_name: "Porto" }],
    ["the analysis", { ai_summary: "A summary." }],
    ["conflict_of", { conflict_of: "3f2504e0-4f89-41d3-9a0c-0305e82c3301" }],
  ])("a create under a taken id that differs only in %s is a 409, not a replay", async (_what, patch) => {
    const id = crypto.randomUUID();
    const body = {
      id,
      title: "Title",
      content: "Same content.",
      mood: "calm",
      tags: ["x"],
      created_at: "2026-01-01T00:00:00.000Z",
    };
    const first = await create(body);
    const err = expectError(await post({ ...body, ...patch }), 409, "CONFLICT");
    expect(err.details).toEqual({ entry: first });
    expect((await get(id)).body).toEqual(first);
  });

  it("a create sent again after the entry was edited elsewhere is a 409 with the entry as it is now (the device keeps a copy)", async () => {
    const id = crypto.randomUUID();
    await create({ id, content: "First draft." });
    const edited = await put(id, { content: "Edited on another device.", tags: ["edited"] });
    expect(edited.status).toBe(200);
    const err = expectError(await post({ id, content: "First draft." }), 409, "CONFLICT");
    expect(err.details).toEqual({ entry: edited.body });
    expect((await get(id)).body).toEqual(edited.body);
  });

  it("creates racing under one id with different words: one 201, the others 409 with the winner, one entry", async () => {
    const id = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post({ id, content: `Version ${i}.` })));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.status === 409);
    expect(lost).toHaveLength(5);
    for (const a of lost) expect(a.body.error.details.entry).toEqual(won[0]!.body);
    expect(await entryCount()).toBe(1);
  });

  it("answers 410 ENTRY_DELETED for an id in Recently deleted, and neither brings it back nor makes a copy", async () => {
    const id = crypto.randomUUID();
    await create({ id, content: "Soon deleted." });
    expect((await del(id)).status).toBe(200);
    const before = await trashRow(id);
    expect(before).not.toBeNull();
    const r = await post({ id, content: "Soon deleted." });
    const err = expectError(r, 410, "ENTRY_DELETED");
    expect(err.message).toBe(ENTRY_DELETED_MESSAGE);
    expect(await entryCount()).toBe(0);
    expect(await trashRow(id)).toEqual(before);
    expect(expectError(await get(id), 404).code).toBe("NOT_FOUND");
  });

  it("ten identical creates at once make exactly one entry: one 201, nine replays", async () => {
    const id = crypto.randomUUID();
    const body = { id, content: "Sent ten times by a flaky network.", tags: ["flaky"] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    for (const a of answers) expect(a.body).toMatchObject({ id, content: body.content, tags: [{ name: "flaky" }] });
    expect(answers.filter((a) => a.res.headers.get(IDEMPOTENT_REPLAY_HEADER) === "true")).toHaveLength(9);
    expect(await entryCount()).toBe(1);
    expect((await all()).map((e) => e.id)).toEqual([id]);
  });

  it("without an id, makes a new server-made id each time (as before)", async () => {
    const a = await create({ content: "Same words." });
    const b = await create({ content: "Same words." });
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/u);
  });

  it.each([
    ["a word", "not-a-uuid"],
    ["an empty string", ""],
    ["a UUID in braces", "{3f2504e0-4f89-41d3-9a0c-0305e82c3301}"],
    ["a UUID without dashes", "3f2504e04f8941d39a0c0305e82c3301"],
    ["a UUID with a stray letter", "3f2504e0-4f89-41d3-9a0c-0305e82c330g"],
    ["a UUID too long", "3f2504e0-4f89-41d3-9a0c-0305e82c33011"],
    ["a UUID with spaces around", " 3f2504e0-4f89-41d3-9a0c-0305e82c3301 "],
    ["a path", "../../etc/passwd"],
    ["a number", 42],
    ["null", null],
    ["an object", { id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301" }],
    ["a list", ["3f2504e0-4f89-41d3-9a0c-0305e82c3301"]],
  ])("refuses %s as an id with a 400 in the one error shape, and writes nothing", async (_what, id) => {
    const err = expectError(await post({ id, content: "Words." }), 400, "VALIDATION_FAILED");
    expect(err.message).toMatch(/id/u);
    expect(err.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "id" })]));
    expect(await entryCount()).toBe(0);
  });
});

describe("conflict copies", () => {
  it("stores conflict_of, answers it on every read, and null for other entries", async () => {
    const original = await create({ content: "The server's version." });
    expect(original.conflict_of).toBeNull();
    const copy = await create({ id: crypto.randomUUID(), content: "The device's version.", conflict_of: original.id });
    expect(copy.conflict_of).toBe(original.id);
    expect((await get(copy.id)).body.conflict_of).toBe(original.id);
    const listed = await all();
    expect(listed.find((e) => e.id === copy.id)?.conflict_of).toBe(original.id);
    expect(listed.find((e) => e.id === original.id)?.conflict_of).toBeNull();
    const page = (await call(list.GET, { path: "/api/entries?limit=5" })).body as { entries: EntryDto[] };
    expect(page.entries.find((e) => e.id === copy.id)?.conflict_of).toBe(original.id);
    expect((await create({ content: "Explicitly none.", conflict_of: null })).conflict_of).toBeNull();
  });

  it("may name an entry that is deleted or was never here (no foreign key), and keeps the copy when the original is deleted", async () => {
    const original = await create({ content: "Deleted elsewhere." });
    const copy = await create({ content: "Kept on the device.", conflict_of: original.id });
    expect((await del(original.id)).status).toBe(200);
    expect((await get(copy.id)).body.conflict_of).toBe(original.id);
    const stranger = crypto.randomUUID();
    expect((await create({ content: "Points at nothing here.", conflict_of: stranger })).conflict_of).toBe(stranger);
  });

  it.each([
    ["a word", "abc"],
    ["a number", 7],
    ["an empty string", ""],
    ["an object", {}],
  ])("refuses %s as conflict_of with a 400", async (_what, conflictOf) => {
    expectError(await post({ content: "Words.", conflict_of: conflictOf }), 400, "VALIDATION_FAILED");
    expect(await entryCount()).toBe(0);
  });

  it("refuses an entry that names itself as the one it conflicts with", async () => {
    const id = crypto.randomUUID();
    const err = expectError(await post({ id, content: "Words.", conflict_of: id }), 400, "VALIDATION_FAILED");
    expect(err.message).toMatch(/conflict_of/u);
  });

  it("keeps conflict_of through Recently deleted and back", async () => {
    const original = crypto.randomUUID();
    const copy = await create({ content: "A copy.", conflict_of: original });
    expect((await del(copy.id)).status).toBe(200);
    const r = await call(restore.POST, {
      method: "POST",
      path: `/api/trash/${copy.id}/restore`,
      params: { id: copy.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.entry.conflict_of).toBe(original);
  });

  it("keeps conflict_of through an export and an import", async () => {
    const original = await create({ content: "The original." });
    const copy = await create({ content: "The copy.", conflict_of: original.id });
    const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    const journal = JSON.parse((await readZip(zip)).get("journal.json")!.toString("utf8")) as JournalFile;
    expect(journal.entries.find((e) => e.id === copy.id)?.conflict_of).toBe(original.id);
    expect(journal.entries.find((e) => e.id === original.id)?.conflict_of).toBeNull();
    expect(
      (await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } })).status,
    ).toBe(200);
    expect(await entryCount()).toBe(0);
    const imported = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(zip, "export.zip")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await get(copy.id)).body.conflict_of).toBe(original.id);
    expect((await get(original.id)).body.conflict_of).toBeNull();
  });
});

describe("PUT /entries/{id} with base_updated_at", () => {
  it("updates when the base is the stored updated_at", async () => {
    const e = await create({ content: "Before." });
    const r = await put(e.id, { content: "After.", base_updated_at: e.updated_at });
    expect(r.status).toBe(200);
    expect(r.body.content).toBe("After.");
    expect(Date.parse(r.body.updated_at)).toBeGreaterThan(Date.parse(e.updated_at));
  });

  it("compares the base as an instant, whatever its offset", async () => {
    const e = await create({ content: "Before." });
    const ms = Date.parse(e.updated_at);
    const plusTwo = new Date(ms + 2 * 3600_000).toISOString().replace("Z", "+02:00");
    const r = await put(e.id, { content: "After.", base_updated_at: plusTwo });
    expect(r.status).toBe(200);
    expect(r.body.content).toBe("After.");
  });

  it("answers 409 CONFLICT with the server's entry when it changed since the base, and changes nothing", async () => {
    const e = await create({ title: "Shared", content: "Original.", tags: ["one"] });
    const elsewhere = await put(e.id, { content: "Changed on the laptop.", tags: ["laptop"] });
    expect(elsewhere.status).toBe(200);
    const r = await put(e.id, {
      title: "Phone",
      content: "Changed on the phone.",
      tags: ["phone"],
      base_updated_at: e.updated_at,
    });
    const err = expectError(r, 409, "CONFLICT");
    expect(err.message).toBe(ENTRY_CONFLICT_MESSAGE);
    expect(err.details).toEqual({ entry: elsewhere.body });
    expect((await get(e.id)).body).toEqual(elsewhere.body);
  });

  it("a base one millisecond off is a conflict", async () => {
    const e = await create({ content: "Before." });
    const off = new Date(Date.parse(e.updated_at) - 1).toISOString();
    expectError(await put(e.id, { content: "After.", base_updated_at: off }), 409, "CONFLICT");
    expect((await get(e.id)).body.content).toBe("Before.");
  });

  it("answers a replay of the same edit (after a lost answer) with the entry, unchanged, instead of a conflict", async () => {
    const e = await create({ title: "T", content: "Before.", tags: ["a"] });
    const edit = {
      title: " New title ",
      content: "After.",
      mood: "calm",
      tags: ["b", "a"],
      created_at: "2026-11-01T10:00:00.000+00:00",
      base_updated_at: e.updated_at,
    };
    const first = await put(e.id, edit);
    expect(first.status).toBe(200);
    const replay = await put(e.id, { ...edit, tags: ["A", "b"] });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await get(e.id)).body.updated_at).toBe(first.body.updated_at);
  });

  it("a replayed edit is a conflict again once the entry was changed elsewhere after it", async () => {
    const e = await create({ content: "Before." });
    const edit = { content: "Mine.", base_updated_at: e.updated_at };
    expect((await put(e.id, edit)).status).toBe(200);
    const theirs = await put(e.id, { content: "Theirs." });
    const r = expectError(await put(e.id, edit), 409, "CONFLICT");
    expect(r.details).toEqual({ entry: theirs.body });
  });

  it.each([
    ["the title", { title: "Another title" }],
    ["the mood", { mood: "sad" }],
    ["the tags", { tags: ["x", "y"] }],
    ["created_at", { created_at: "2020-01-01T00:00:00.000Z" }],
    ["the location", { location_name: "Porto" }],
    ["clearing the mood", { mood: null }],
  ])("is a conflict when the stored entry has the same content but not %s of the edit", async (_what, patch) => {
    const e = await create({
      title: "Title",
      content: "Same content.",
      mood: "calm",
      tags: ["x"],
      created_at: "2026-01-01T00:00:00.000Z",
    });
    expect((await put(e.id, { content: "Same content.", tags: ["x"] })).status).toBe(200);
    const stored = (await get(e.id)).body;
    expectError(
      await put(e.id, { content: "Same content.", ...patch, base_updated_at: e.updated_at }),
      409,
      "CONFLICT",
    );
    expect((await get(e.id)).body).toEqual(stored);
  });

  it("without base_updated_at, overwrites as before", async () => {
    const e = await create({ content: "Before." });
    expect((await put(e.id, { content: "Elsewhere." })).status).toBe(200);
    const r = await put(e.id, { content: "Last write." });
    expect(r.status).toBe(200);
    expect(r.body.content).toBe("Last write.");
  });

  it("edits racing from the same base: exactly one wins, the others get 409 with the winner's entry", async () => {
    const e = await create({ content: "Before." });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(e.id, { content: `Device ${i}.`, base_updated_at: e.updated_at })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.status === 409);
    expect(lost).toHaveLength(5);
    const stored = (await get(e.id)).body;
    expect(stored.content).toBe(won[0]!.body.content);
    for (const a of lost) expect(a.body.error.details.entry).toEqual(stored);
  });

  it("gives every write a later updated_at, even in the same millisecond", async () => {
    const e = await create({ content: "Before." });
    let last = e.updated_at;
    for (let i = 0; i < 5; i++) {
      const r = await put(e.id, { content: `Edit ${i}.`, base_updated_at: last });
      expect(r.status).toBe(200);
      expect(Date.parse(r.body.updated_at)).toBeGreaterThan(Date.parse(last));
      last = r.body.updated_at;
    }
  });

  it("answers 404 for an entry that is not there, or deleted (the device then keeps its version as a copy)", async () => {
    expectError(
      await put(crypto.randomUUID(), { content: "Nobody.", base_updated_at: new Date().toISOString() }),
      404,
      "NOT_FOUND",
    );
    const e = await create({ content: "Deleted elsewhere." });
    expect((await del(e.id)).status).toBe(200);
    expectError(await put(e.id, { content: "Edited here.", base_updated_at: e.updated_at }), 404, "NOT_FOUND");
    expect(await entryCount()).toBe(0);
  });

  it.each([
    ["a word", "yesterday"],
    ["a day without a time", "2026-11-24"],
    ["a time without an offset", "2026-11-24T10:00:00"],
    ["an impossible date", "2026-02-30T10:00:00Z"],
    ["a number", 1732440000000],
    ["null", null],
    ["an empty string", ""],
  ])("refuses %s as base_updated_at with a 400, and changes nothing", async (_what, base) => {
    const e = await create({ content: "Before." });
    const err = expectError(await put(e.id, { content: "After.", base_updated_at: base }), 400, "VALIDATION_FAILED");
    expect(err.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "base_updated_at" })]));
    expect((await get(e.id)).body).toEqual(e);
  });
});

describe("DELETE replays", () => {
  it("answers 404 for an id that never existed", async () => {
    expectError(await del(crypto.randomUUID()), 404, "NOT_FOUND");
  });

  it("answers 404 (not 500) to a DELETE sent again, and leaves the entry in Recently deleted untouched", async () => {
    const e = await create({ content: "Deleted twice." });
    expect((await del(e.id)).status).toBe(200);
    const before = await trashRow(e.id);
    expect(before).not.toBeNull();
    for (let i = 0; i < 3; i++) expectError(await del(e.id), 404, "NOT_FOUND");
    expect(await trashRow(e.id)).toEqual(before);
  });
});
