import { beforeEach, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as restoreRoute from "@/app/api/trash/[id]/restore/route";
import type { EntryDto } from "@/contracts/entries";
import type { JournalFile } from "@/contracts/data";
import { importBody, MULTIPART_TYPE, readZip } from "../support/data-fixtures";
import { call, expectError } from "../support/http";

/**
 * The reflection questions offered with an entry's reading are kept with it (ai_questions, a JSON-encoded list),
 * so they can be answered on the entry page: through the API, Recently deleted, export and import.
 */

const TEXT = "A long walk by the river with my sister, and soup after.";
const QUESTIONS = ["What made today feel calm?", "Who did you enjoy seeing?"];

beforeEach(async () => {
  await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
});

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
const put = (id: string, body: Record<string, unknown>) =>
  call(one.PUT, { method: "PUT", path: `/api/entries/${id}`, body, params: { id } });

describe("an entry's reflection questions", () => {
  it("are kept as a list, read back in the entry and in lists, and none is null", async () => {
    const e = await create({ content: TEXT, ai_mood_score: 7, ai_questions: QUESTIONS });
    expect(JSON.parse(e.ai_questions!)).toEqual(QUESTIONS);
    expect(JSON.parse((await get(e.id)).ai_questions!)).toEqual(QUESTIONS);
    const list = await call(entries.GET, { path: "/api/entries?limit=10" });
    expect(JSON.parse((list.body as { entries: EntryDto[] }).entries[0]!.ai_questions!)).toEqual(QUESTIONS);
    expect((await create({ content: TEXT })).ai_questions).toBeNull();
  });

  it("stay through an edit that leaves them out, change when sent, and go when null", async () => {
    const e = await create({ content: TEXT, ai_questions: JSON.stringify(QUESTIONS) });
    const answered = await put(e.id, { content: `${TEXT}\n\n> ${QUESTIONS[0]}\n\nThe river.` });
    expect(answered.status).toBe(200);
    expect(JSON.parse((answered.body as EntryDto).ai_questions!)).toEqual(QUESTIONS);
    const changed = await put(e.id, { content: TEXT, ai_questions: ["What next?"] });
    expect(JSON.parse((changed.body as EntryDto).ai_questions!)).toEqual(["What next?"]);
    const cleared = await put(e.id, { content: TEXT, ai_questions: null });
    expect((cleared.body as EntryDto).ai_questions).toBeNull();
  });

  it("refuses what is not a short list of questions with a clear 400", async () => {
    for (const ai_questions of [
      "not a list",
      JSON.stringify([1, 2]),
      Array.from({ length: 11 }, (_, i) => `Question ${i}?`),
      ["x".repeat(301)],
    ]) {
      const r = await call(entries.POST, {
        method: "POST",
        path: "/api/entries",
        body: { content: TEXT, ai_questions },
      });
      expectError(r, 400);
      expect(JSON.stringify(r.body)).toContain("ai_questions");
    }
  });

  it("come back with an entry restored from Recently deleted", async () => {
    const e = await create({ content: TEXT, ai_questions: QUESTIONS });
    expect(
      (await call(one.DELETE, { method: "DELETE", path: `/api/entries/${e.id}`, params: { id: e.id } })).status,
    ).toBe(200);
    const r = await call(restoreRoute.POST, {
      method: "POST",
      path: `/api/trash/${e.id}/restore`,
      params: { id: e.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    expect(JSON.parse((await get(e.id)).ai_questions!)).toEqual(QUESTIONS);
  });

  it("travel through an export and an import; an unreadable list in a file is dropped, not the entry", async () => {
    const e = await create({ content: TEXT, ai_questions: QUESTIONS });
    const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), { params: Promise.resolve({}) });
    const zip = Buffer.from(await res.arrayBuffer());
    const journal = JSON.parse((await readZip(zip)).get("journal.json")!.toString("utf8")) as JournalFile;
    expect(JSON.parse(journal.entries[0]!.ai_questions!)).toEqual(QUESTIONS);
    await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    const imported = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(zip, "export.zip")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(JSON.parse((await get(e.id)).ai_questions!)).toEqual(QUESTIONS);

    await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    const bad = { ...journal, entries: [{ ...journal.entries[0]!, ai_questions: "{not json" }] };
    const r = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(Buffer.from(JSON.stringify(bad)), "journal.json")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await get(e.id)).ai_questions).toBeNull();
  });
});
