import { beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/templates/route";
import * as one from "@/app/api/templates/[id]/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import type { JournalFile } from "@/contracts/data";
import type { TemplateDto } from "@/contracts/templates";
import { BUILT_IN_TEMPLATES } from "@/domain/template-builtins";
import { MAX_TEMPLATE_NAME, MAX_TEMPLATE_PROMPT, MAX_TEMPLATE_PROMPTS } from "@/domain/templates";
import { MAX_CONTENT_CHARS } from "@/domain/constants";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE, readZip } from "../support/data-fixtures";
import { call, expectError } from "../support/http";
import { emptyJournal } from "../support/api-journal";

async function emptyTemplates() {
  const prisma = await db();
  await prisma.template.deleteMany({});
  await emptyJournal();
}

beforeEach(emptyTemplates);

async function getAll(): Promise<TemplateDto[]> {
  const r = await call(list.GET, { path: "/api/templates" });
  expect(r.status).toBe(200);
  return r.body as TemplateDto[];
}

const post = (body: unknown) => call(list.POST, { method: "POST", path: "/api/templates", body });
const put = (id: string, body: unknown) =>
  call(one.PUT, { method: "PUT", path: `/api/templates/${id}`, params: { id }, body });
const del = (id: string) => call(one.DELETE, { method: "DELETE", path: `/api/templates/${id}`, params: { id } });

async function create(body: Record<string, unknown>): Promise<TemplateDto> {
  const r = await post(body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as TemplateDto;
}

describe("GET /api/templates", () => {
  it("writes the built-ins on first use, in their order, once", async () => {
    const first = await getAll();
    expect(first.map((t) => t.built_in)).toEqual(BUILT_IN_TEMPLATES.map((t) => t.key));
    expect(first.map((t) => t.position)).toEqual(BUILT_IN_TEMPLATES.map((_, i) => i));
    expect(first.find((t) => t.built_in === "thought-record")?.prompts).toHaveLength(6);
    expect(first.every((t) => !t.hidden && !t.is_default)).toBe(true);
    const again = await getAll();
    expect(again.map((t) => t.id)).toEqual(first.map((t) => t.id));
    expect(await (await db()).template.count()).toBe(BUILT_IN_TEMPLATES.length);
  });
});

describe("POST /api/templates", () => {
  it("adds the person's own at the end, names and prompts tidied", async () => {
    const t = await create({
      name: "  Dream   log ",
      body: "**Last night**",
      prompts: [" What did I see? ", "", "What did I see?"],
    });
    expect(t).toMatchObject({
      name: "Dream log",
      body: "**Last night**",
      prompts: ["What did I see?"],
      built_in: null,
      hidden: false,
      is_default: false,
      position: BUILT_IN_TEMPLATES.length,
    });
    expect((await getAll()).at(-1)?.id).toBe(t.id);
  });

  it("refuses a name already used, whatever its case, with 409", async () => {
    await create({ name: "Dream log" });
    const r = await post({ name: "dream LOG", body: "x" });
    expect(expectError(r, 409).message).toBe("You already have a template with this name.");
    const builtIn = await post({ name: "weekly review" });
    expect(expectError(builtIn, 409).message).toBe("You already have a template with this name.");
  });

  it("refuses bad input with clear 400s", async () => {
    const cases: [unknown, string][] = [
      [{ body: "x" }, "name"],
      [{ name: "   " }, "A template needs a name."],
      [{ name: "x".repeat(MAX_TEMPLATE_NAME + 1) }, `at most ${MAX_TEMPLATE_NAME} characters`],
      [{ name: "A", body: "x".repeat(MAX_CONTENT_CHARS + 1) }, `at most ${MAX_CONTENT_CHARS} characters`],
      [{ name: "A", prompts: "not a list" }, "prompts must be a list of text"],
      [
        { name: "A", prompts: Array.from({ length: MAX_TEMPLATE_PROMPTS + 1 }, (_, i) => `p${i}`) },
        `at most ${MAX_TEMPLATE_PROMPTS} prompts`,
      ],
      [
        { name: "A", prompts: ["x".repeat(MAX_TEMPLATE_PROMPT + 1)] },
        `A prompt is at most ${MAX_TEMPLATE_PROMPT} characters.`,
      ],
      [{ name: "A", prompts: [3] }, "each prompt must be text"],
    ];
    for (const [body, text] of cases) {
      const r = await post(body);
      const err = expectError(r, 400);
      expect(JSON.stringify(err), JSON.stringify(body).slice(0, 80)).toContain(text);
    }
    expect((await getAll()).some((t) => t.name === "A")).toBe(false);
  });

  it("makes a new default the only one", async () => {
    const a = await create({ name: "A", is_default: true });
    const b = await create({ name: "B", is_default: true });
    const all = await getAll();
    expect(all.filter((t) => t.is_default).map((t) => t.id)).toEqual([b.id]);
    expect(all.find((t) => t.id === a.id)?.is_default).toBe(false);
  });
});

describe("PUT /api/templates/{id}", () => {
  it("edits a built-in, which keeps its key and is not written again", async () => {
    const gratitude = (await getAll()).find((t) => t.built_in === "gratitude")!;
    const r = await put(gratitude.id, { name: "Thankful", body: "**Thanks**", prompts: ["One thing:"] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      name: "Thankful",
      body: "**Thanks**",
      prompts: ["One thing:"],
      built_in: "gratitude",
    });
    const all = await getAll();
    expect(all).toHaveLength(BUILT_IN_TEMPLATES.length);
    expect(all.filter((t) => t.built_in === "gratitude").map((t) => t.name)).toEqual(["Thankful"]);
  });

  it("hides, shows, and takes the default from any other; hiding drops the default", async () => {
    const [a, b] = await getAll();
    expect((await put(a!.id, { is_default: true })).body).toMatchObject({ is_default: true });
    expect((await put(b!.id, { is_default: true })).body).toMatchObject({ is_default: true });
    expect((await getAll()).filter((t) => t.is_default).map((t) => t.id)).toEqual([b!.id]);
    expect((await put(b!.id, { hidden: true })).body).toMatchObject({ hidden: true, is_default: false });
    expect(expectError(await put(b!.id, { is_default: true }), 400).message).toBe(
      "A hidden template cannot be the default. Show it first.",
    );
    expect((await put(b!.id, { hidden: false, is_default: true })).body).toMatchObject({
      hidden: false,
      is_default: true,
    });
  });

  it("moves a template to a place in the list, the others shifting", async () => {
    const before = await getAll();
    const last = before.at(-1)!;
    expect((await put(last.id, { position: 0 })).status).toBe(200);
    const after = await getAll();
    expect(after.map((t) => t.id)).toEqual([last.id, ...before.slice(0, -1).map((t) => t.id)]);
    expect(after.map((t) => t.position)).toEqual(after.map((_, i) => i));
    // Past the end is the end.
    await put(last.id, { position: 999 });
    expect((await getAll()).at(-1)?.id).toBe(last.id);
  });

  it("refuses a taken name (409), nothing to change and bad fields (400), an unknown id (404)", async () => {
    const [a, b] = await getAll();
    expect(expectError(await put(a!.id, { name: b!.name.toUpperCase() }), 409).message).toBe(
      "You already have a template with this name.",
    );
    // Its own name in another case is a rename, not a clash.
    expect((await put(a!.id, { name: a!.name.toUpperCase() })).body).toMatchObject({ name: a!.name.toUpperCase() });
    expect(expectError(await put(a!.id, {}), 400).message).toContain("Nothing to change");
    expect(JSON.stringify(expectError(await put(a!.id, { position: -1 }), 400))).toContain(
      "position must be a whole number",
    );
    expect(JSON.stringify(expectError(await put(a!.id, { hidden: "yes" }), 400))).toContain(
      "hidden must be true or false",
    );
    expect(expectError(await put(crypto.randomUUID(), { hidden: true }), 404).message).toBe("Template not found");
  });
});

describe("DELETE /api/templates/{id}", () => {
  it("deletes the person's own; a built-in is only hidden (400); an unknown id is 404", async () => {
    const t = await create({ name: "Mine" });
    expect((await del(t.id)).body).toEqual({ success: true });
    expect((await getAll()).some((x) => x.id === t.id)).toBe(false);
    expect(expectError(await del(t.id), 404).message).toBe("Template not found");
    const builtIn = (await getAll())[0]!;
    expect(expectError(await del(builtIn.id), 400).message).toBe(
      "Built-in templates cannot be deleted. Hide it instead.",
    );
    expect((await getAll()).some((x) => x.id === builtIn.id)).toBe(true);
  });
});

// ---------------------------------------------------------------- with the journal

async function exportJournal(): Promise<JournalFile> {
  const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), { params: Promise.resolve({}) });
  const files = await readZip(Buffer.from(await res.arrayBuffer()));
  return JSON.parse(files.get("journal.json")!.toString("utf8")) as JournalFile;
}

const importJson = (journal: unknown) =>
  call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(JSON.stringify(journal), "journal.json")),
    headers: { "content-type": MULTIPART_TYPE },
  });

const clear = () => call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });

describe("export, clear and import", () => {
  it("takes the templates out with the journal and brings them back after Clear All Data", async () => {
    const all = await getAll();
    const evening = all.find((t) => t.built_in === "evening-reflection")!;
    await put(evening.id, { body: "**My evening**", hidden: true });
    const mine = await create({
      name: "Dream log",
      body: "**Last night**",
      prompts: ["What did I see?"],
      is_default: true,
    });
    await put(mine.id, { position: 1 });
    const journal = await exportJournal();
    expect(journal.templates?.map((t) => t.name)).toEqual((await getAll()).map((t) => t.name));
    expect(journal.templates?.find((t) => t.built_in === "evening-reflection")).toMatchObject({
      body: "**My evening**",
      hidden: true,
    });

    const cleared = await clear();
    expect(cleared.body).toMatchObject({ templates_deleted: BUILT_IN_TEMPLATES.length + 1 });
    expect(await (await db()).template.count()).toBe(0);
    // The built-ins come back as first written.
    const fresh = await getAll();
    expect(fresh.map((t) => t.name)).toEqual(BUILT_IN_TEMPLATES.map((t) => t.name));
    expect(fresh.find((t) => t.built_in === "evening-reflection")).toMatchObject({ hidden: false, body: "" });

    const r = await importJson(journal);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The edited built-in and the own one; the untouched built-ins were already here as they are.
    expect(r.body).toMatchObject({ templates_imported: 2, issues: [] });
    const back = await getAll();
    expect(back.find((t) => t.built_in === "evening-reflection")).toMatchObject({
      body: "**My evening**",
      hidden: true,
    });
    expect(back.find((t) => t.name === "Dream log")).toMatchObject({
      body: "**Last night**",
      prompts: ["What did I see?"],
      is_default: true,
      built_in: null,
    });
    expect(back).toHaveLength(BUILT_IN_TEMPLATES.length + 1);

    // Importing again adds nothing and keeps what is here.
    const again = await importJson(journal);
    expect(again.status).toBe(200);
    expect((again.body as { templates_imported?: number }).templates_imported).toBeUndefined();
    expect(await getAll()).toHaveLength(BUILT_IN_TEMPLATES.length + 1);
  });

  it("imports an older export without templates, and reports a bad template alone", async () => {
    await getAll();
    const journal = await exportJournal();
    const { templates, ...older } = journal;
    expect(templates).toBeDefined();
    expect((await importJson(older)).status).toBe(200);
    const bad = await importJson({
      ...older,
      templates: [
        { name: "Fine", body: "ok", prompts: [], position: 0, hidden: false, built_in: null, is_default: false },
        { name: "", body: "x", prompts: [], position: 1, hidden: false, built_in: null, is_default: false },
      ],
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    expect(bad.body).toMatchObject({ templates_imported: 1 });
    expect(JSON.stringify(bad.body)).toContain("Template #2");
    expect((await getAll()).some((t) => t.name === "Fine")).toBe(true);
  });
});
