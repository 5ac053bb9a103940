import { beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/checkins/route";
import * as one from "@/app/api/checkins/[id]/route";
import * as correlationsRoute from "@/app/api/checkins/correlations/route";
import * as activities from "@/app/api/checkins/activities/route";
import * as activity from "@/app/api/checkins/activities/[id]/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as clearRoute from "@/app/api/data/clear/route";
import {
  ACTIVITY_EXISTS_MESSAGE,
  CHECKIN_DELETED_MESSAGE,
  type ActivityDto,
  type CheckInDto,
} from "@/contracts/checkins";
import { DEFAULT_ACTIVITIES } from "@/domain/checkins";
import { db } from "@/server/db/client";
import { importBody, MULTIPART_TYPE } from "../support/data-fixtures";
import { call, expectError } from "../support/http";
import { emptyJournal } from "../support/api-journal";

const uuid = () => crypto.randomUUID();

beforeEach(async () => {
  const prisma = await db();
  await prisma.checkIn.deleteMany({});
  await prisma.checkInActivity.deleteMany({});
  await prisma.checkInTombstone.deleteMany({});
  await emptyJournal();
});

const post = (body: Record<string, unknown>) => call(list.POST, { method: "POST", path: "/api/checkins", body });
const put = (id: string, body: Record<string, unknown>) => call(one.PUT, { method: "PUT", params: { id }, body });
const del = (id: string) => call(one.DELETE, { method: "DELETE", params: { id } });
const get = (id: string) => call(one.GET, { params: { id } });
const chips = async () => (await call(activities.GET, { path: "/api/checkins/activities" })).body as ActivityDto[];
const tombstones = async () => (await (await db()).checkInTombstone.findMany()).map((t) => t.id);

async function checkIn(body: Record<string, unknown>): Promise<CheckInDto> {
  const r = await post(body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as CheckInDto;
}

describe("a deleted check-in stays deleted", () => {
  it("a late create or change with its id answers 410 CHECKIN_DELETED and brings nothing back", async () => {
    const id = uuid();
    const body = { id, mood: 4, activities: ["work"], note: "Long day", at: "2026-05-02T18:00:00Z" };
    await checkIn(body);
    expect((await del(id)).status).toBe(200);
    expect(await tombstones()).toEqual([id]);

    // The same create sent again (its answer was lost on the device that made it).
    const replay = expectError(await post(body), 410, "CHECKIN_DELETED");
    expect(replay.message).toBe(CHECKIN_DELETED_MESSAGE);
    // Another device's change, queued before it heard of the delete.
    expect(expectError(await put(id, { mood: 9 }), 410, "CHECKIN_DELETED").message).toBe(CHECKIN_DELETED_MESSAGE);
    expect(expectError(await get(id), 404).code).toBe("NOT_FOUND");
    expect((await call(list.GET, { path: "/api/checkins" })).body).toEqual([]);
    // Its delete sent again is answered as before (404: the device treats it as done).
    expectError(await del(id), 404, "NOT_FOUND");
    // A change of an id that never was stays a 404.
    expectError(await put(uuid(), { mood: 3 }), 404, "NOT_FOUND");
  });

  it("the tombstone keeps no mood, note or activities", async () => {
    const c = await checkIn({ mood: 2, activities: ["alone time"], note: "Private words" });
    await del(c.id);
    const rows = await (await db()).$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "checkin_tombstones"`);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(["deleted_at", "id"]);
    expect(JSON.stringify(rows)).not.toContain("Private words");
  });

  it("Clear All Data removes every check-in and none comes back from a late create or change", async () => {
    const a = await checkIn({ id: uuid(), mood: 8, activities: ["friends"], at: "2026-05-01T10:00:00Z" });
    const b = await checkIn({ id: uuid(), mood: 3, at: "2026-05-02T10:00:00Z" });
    const r = await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    expect(r.status).toBe(200);
    expect(r.body.checkins_deleted).toBe(2);
    const prisma = await db();
    expect(await prisma.checkIn.count()).toBe(0);
    expect((await tombstones()).sort()).toEqual([a.id, b.id].sort());
    expectError(await post({ id: a.id, mood: 8, activities: ["friends"], at: a.at }), 410, "CHECKIN_DELETED");
    expectError(await put(b.id, { note: "late" }), 410, "CHECKIN_DELETED");
    expect(await prisma.checkIn.count()).toBe(0);
  });

  it("importing a file that holds a deleted check-in brings it back and lifts its tombstone", async () => {
    const c = await checkIn({
      id: uuid(),
      mood: 9,
      activities: ["outdoors"],
      note: "Hike",
      at: "2026-06-01T09:00:00Z",
    });
    const res = await exportRoute.GET(new Request("http://localhost/api/data/export"), { params: Promise.resolve({}) });
    const zip = Buffer.from(await res.arrayBuffer());
    await del(c.id);
    expectError(await put(c.id, { mood: 8 }), 410, "CHECKIN_DELETED");

    const imported = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(importBody(zip, "export.zip")),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.checkins_imported).toBe(1);
    expect(await tombstones()).toEqual([]);
    expect((await get(c.id)).body).toMatchObject({ id: c.id, mood: 9, note: "Hike", activities: ["outdoors"] });
    const changed = await put(c.id, { mood: 8 });
    expect(changed.status).toBe(200);
    expect(changed.body.mood).toBe(8);
  });

  it("other check-ins are untouched by a tombstone", async () => {
    const gone = await checkIn({ mood: 5 });
    const kept = await checkIn({ mood: 7 });
    await del(gone.id);
    expect((await put(kept.id, { mood: 6 })).body.mood).toBe(6);
    expect(((await call(list.GET, { path: "/api/checkins" })).body as CheckInDto[]).map((c) => c.id)).toEqual([
      kept.id,
    ]);
  });
});

describe("GET /api/checkins in pages", () => {
  it("reads newest first, `limit` at a time, after the last of the page before (same time: by id)", async () => {
    const same = "2026-04-03T08:00:00.000Z";
    const made = [
      await checkIn({ id: uuid(), mood: 1, at: "2026-04-01T08:00:00Z" }),
      await checkIn({ id: uuid(), mood: 2, at: "2026-04-02T08:00:00Z" }),
      await checkIn({ id: uuid(), mood: 3, at: same }),
      await checkIn({ id: uuid(), mood: 4, at: same }),
      await checkIn({ id: uuid(), mood: 5, at: "2026-04-04T08:00:00Z" }),
    ];
    const all = ((await call(list.GET, { path: "/api/checkins" })).body as CheckInDto[]).map((c) => c.id);
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let page = (await call(list.GET, { path: "/api/checkins?limit=2" })).body as CheckInDto[];
    while (page.length) {
      seen.push(...page.map((c) => c.id));
      const last = page[page.length - 1]!;
      const qs = new URLSearchParams({ limit: "2", before: last.at, before_id: last.id });
      page = (await call(list.GET, { path: `/api/checkins?${qs}` })).body as CheckInDto[];
    }
    expect(seen).toEqual(all);
    expect(new Set(seen)).toEqual(new Set(made.map((c) => c.id)));
  });

  it.each([
    "limit=0",
    "limit=201",
    "limit=2.5",
    "limit=abc",
    "before=2026-04-01T00:00:00Z",
    `before_id=${"0193a0c4-7b2e-7c3d-9f10-2a4b6c8d0e1f"}`,
    "before=yesterday&before_id=0193a0c4-7b2e-7c3d-9f10-2a4b6c8d0e1f",
  ])("refuses ?%s with 400 in the one error shape", async (qs) => {
    const r = await call(list.GET, { path: `/api/checkins?${qs}` });
    const err = expectError(r, 400);
    expect(err.message.length).toBeGreaterThan(0);
  });
});

describe("activity chips: rename, reorder, bad input", () => {
  it("a rename rewrites the name in past check-ins in one go, so the figures keep their days", async () => {
    const days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];
    for (const [i, d] of days.entries())
      await checkIn({
        mood: i < 5 ? 8 : 4,
        activities: i < 5 ? ["outdoors", "friends"] : ["work"],
        at: `${d}T10:00:00Z`,
      });
    const outdoors = (await chips()).find((a) => a.name === "outdoors")!;
    const r = await call(activity.PUT, { method: "PUT", params: { id: outdoors.id }, body: { name: "Nature walks" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: outdoors.id, name: "nature walks" });

    const listed = (await call(list.GET, { path: "/api/checkins" })).body as CheckInDto[];
    expect(listed.filter((c) => c.activities.includes("outdoors"))).toEqual([]);
    expect(listed.filter((c) => c.activities.includes("nature walks"))).toHaveLength(5);
    // The order within a check-in stays as it was.
    expect(listed.find((c) => c.activities.includes("friends"))!.activities).toEqual(["nature walks", "friends"]);
    const corr = await call(correlationsRoute.GET, { path: "/api/checkins/correlations?tz=UTC" });
    const names = (corr.body.activities as { name: string; days: number }[]).map((a) => [a.name, a.days]);
    expect(names).toContainEqual(["nature walks", 5]);
    expect(names.find(([n]) => n === "outdoors")).toBeUndefined();
    // Hidden or not, the chip keeps its place.
    expect((await chips()).find((a) => a.id === outdoors.id)?.position).toBe(outdoors.position);
  });

  it("renaming to another chip's name (any case or spacing) answers 409 and changes nothing", async () => {
    const c = await checkIn({ mood: 6, activities: ["work", "family"] });
    const work = (await chips()).find((a) => a.name === "work")!;
    const err = expectError(
      await call(activity.PUT, { method: "PUT", params: { id: work.id }, body: { name: "  FAMILY " } }),
      409,
      "CONFLICT",
    );
    expect(err.message).toBe(ACTIVITY_EXISTS_MESSAGE);
    expect((await get(c.id)).body.activities).toEqual(["work", "family"]);
    expect((await chips()).find((a) => a.id === work.id)?.name).toBe("work");
  });

  it("moves a chip to a place in the list; the others close up, numbered from 0", async () => {
    const before = await chips();
    const alcohol = before.find((a) => a.name === "alcohol")!;
    const moved = await call(activity.PUT, { method: "PUT", params: { id: alcohol.id }, body: { position: 1 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.position).toBe(1);
    const after = await chips();
    expect(after.map((a) => a.name)).toEqual([
      DEFAULT_ACTIVITIES[0],
      "alcohol",
      ...DEFAULT_ACTIVITIES.slice(1).filter((n) => n !== "alcohol"),
    ]);
    expect(after.map((a) => a.position)).toEqual(after.map((_a, i) => i));
    // Past the end: last.
    await call(activity.PUT, { method: "PUT", params: { id: alcohol.id }, body: { position: 999 } });
    expect((await chips()).at(-1)?.name).toBe("alcohol");
    // Down one and up one, as the Settings' buttons do.
    const first = (await chips())[0]!;
    await call(activity.PUT, { method: "PUT", params: { id: first.id }, body: { position: 1 } });
    expect((await chips()).map((a) => a.name).slice(0, 2)).toEqual([DEFAULT_ACTIVITIES[1], DEFAULT_ACTIVITIES[0]]);
  });

  it.each([
    [{ name: "" }, "an activity needs a name"],
    [{ name: "   " }, "an activity needs a name"],
    [{ name: "x".repeat(41) }, "an activity is at most 40 characters"],
    [{ position: -1 }, "position must be a whole number from 0"],
    [{ position: 1.5 }, "position must be a whole number from 0"],
    [{ position: "2" }, "position must be a whole number from 0"],
    [{ hidden: "yes" }, "hidden must be true or false"],
    [{}, "Nothing to change: send name, hidden or position."],
  ])("refuses %j with 400 and a clear message", async (body, message) => {
    const [a] = await chips();
    const r = await call(activity.PUT, { method: "PUT", params: { id: a!.id }, body });
    const err = expectError(r, 400);
    expect(JSON.stringify(err)).toContain(message);
    expect((await chips())[0]).toEqual(a);
  });
});
