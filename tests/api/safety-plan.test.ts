import { beforeEach, describe, expect, it } from "vitest";
import * as planRoute from "@/app/api/safety-plan/route";
import * as entries from "@/app/api/entries/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import { JOURNAL_FILE } from "@/contracts/data";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE, rawZip, readZip } from "../support/data-fixtures";
import { call, expectError } from "../support/http";

const PLAN = {
  warning_signs: "Not sleeping\nPulling away from friends",
  coping_strategies: "Walk round the block\nA hot shower",
  distractions: "The library\nCoffee with Jo",
  people_to_ask: "Sam 07700 900123\nMum",
  professionals: "Dr Patel, surgery 020 7946 0000\nSamaritans 116 123",
  safe_environment: "Ask Sam to keep my spare keys",
};
const EMPTY = {
  warning_signs: "",
  coping_strategies: "",
  distractions: "",
  people_to_ask: "",
  professionals: "",
  safe_environment: "",
};

const get = () => call(planRoute.GET, { path: "/api/safety-plan" });
const put = (body: unknown) => call(planRoute.PUT, { method: "PUT", path: "/api/safety-plan", body });
const exportZip = async () => {
  const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), { params: Promise.resolve({}) });
  return Buffer.from(await res.arrayBuffer());
};
const importZip = (zip: Buffer) =>
  call(importRoute.POST, {
    method: "POST",
    path: "/api/data/import",
    rawBody: new Uint8Array(importBody(zip, "export.zip")),
    headers: { "content-type": MULTIPART_TYPE },
  });
const clear = () => call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });

beforeEach(async () => {
  await clear();
});

describe("the safety plan API", () => {
  it("answers an empty plan before anything is saved", async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ plan: { ...EMPTY, updated_at: null } });
  });

  it("saves all six steps, trimmed, and reads them back", async () => {
    const r = await put({ ...PLAN, warning_signs: `  ${PLAN.warning_signs}\r\n ` });
    expect(r.status).toBe(200);
    expect(r.body.plan).toMatchObject(PLAN);
    expect(Date.parse(r.body.plan.updated_at)).not.toBeNaN();
    expect((await get()).body.plan).toEqual(r.body.plan);
    const changed = await put({ ...PLAN, safe_environment: "" });
    expect(changed.body.plan.safe_environment).toBe("");
    expect((await get()).body.plan.safe_environment).toBe("");
  });

  it.each([
    ["a missing step", { ...PLAN, professionals: undefined }],
    ["a number for a step", { ...PLAN, distractions: 3 }],
    ["an unknown field", { ...PLAN, extra: "x" }],
    ["a step that is too long", { ...PLAN, coping_strategies: "x".repeat(4001) }],
    ["an array", [PLAN]],
    ["null", null],
  ])("refuses %s with 400 in the one error shape", async (_what, body) => {
    expectError(await put(body), 400);
    expect((await get()).body.plan.updated_at).toBeNull();
  });

  it("refuses a body that is not JSON", async () => {
    const r = await call(planRoute.PUT, {
      method: "PUT",
      path: "/api/safety-plan",
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectError(r, 400);
  });
});

describe("the safety plan is part of the journal", () => {
  it("round-trips through export, clear and import", async () => {
    await call(entries.POST, { method: "POST", path: "/api/entries", body: { title: "A day", content: "Quiet day." } });
    const saved = (await put(PLAN)).body.plan;
    const zip = await exportZip();
    const journal = JSON.parse((await readZip(zip)).get(JOURNAL_FILE)!.toString("utf8"));
    expect(journal.safety_plan).toEqual(saved);

    await clear();
    expect((await get()).body.plan).toEqual({ ...EMPTY, updated_at: null });
    const prisma = await db();
    expect(await prisma.safetyPlan.count()).toBe(0);

    const r = await importZip(zip);
    expect(r.status).toBe(200);
    expect(r.body.imported).toBe(1);
    expect(r.body.safety_plan_imported).toBe(true);
    expect((await get()).body.plan).toEqual(saved);
  });

  it("an empty plan is not exported", async () => {
    await put(EMPTY);
    const journal = JSON.parse((await readZip(await exportZip())).get(JOURNAL_FILE)!.toString("utf8"));
    expect(journal).not.toHaveProperty("safety_plan");
  });

  it("never replaces a plan already written here; the report says so", async () => {
    await put(PLAN);
    const zip = await exportZip();
    await put({ ...PLAN, warning_signs: "My newer words" });
    const r = await importZip(zip);
    expect(r.status).toBe(200);
    expect(r.body.safety_plan_imported).toBeUndefined();
    expect(r.body.issues).toContainEqual(
      expect.objectContaining({ entry: "Safety plan", kind: "skipped", reason: expect.stringContaining("kept") }),
    );
    expect((await get()).body.plan.warning_signs).toBe("My newer words");
  });

  it("older exports without a plan still import; a broken plan fails alone", async () => {
    const base = {
      format: "reverie-journal",
      version: 1,
      app: { name: "Reverie", version: "0.1.0" },
      exported_at: "2026-01-01T00:00:00.000Z",
      config: {},
    };
    const entry = {
      id: "old-entry-1",
      title: "Old",
      content: "From before.",
      created_at: "2025-05-01T10:00:00.000Z",
      updated_at: "2025-05-01T10:00:00.000Z",
      mood: "good",
      ai_mood_score: null,
      ai_summary: null,
      ai_themes: null,
      location_name: null,
      location_lat: null,
      location_lng: null,
      word_count: 2,
      tags: [],
      media_files: [],
    };
    const older = rawZip([{ name: JOURNAL_FILE, data: Buffer.from(JSON.stringify({ ...base, entries: [entry] })) }]);
    const r1 = await importZip(older);
    expect(r1.status).toBe(200);
    expect(r1.body, JSON.stringify(r1.body)).toMatchObject({ imported: 1 });
    expect(r1.body.issues).toEqual([]);

    await clear();
    const broken = rawZip([
      {
        name: JOURNAL_FILE,
        data: Buffer.from(JSON.stringify({ ...base, safety_plan: { warning_signs: 5 }, entries: [entry] })),
      },
    ]);
    const r2 = await importZip(broken);
    expect(r2.status).toBe(200);
    expect(r2.body.imported).toBe(1);
    expect(r2.body.issues).toContainEqual(
      expect.objectContaining({
        entry: "Safety plan",
        kind: "failed",
        reason: expect.stringContaining("not a valid safety plan"),
      }),
    );
    expect((await get()).body.plan.updated_at).toBeNull();
  });
});
