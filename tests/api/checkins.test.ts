import { beforeEach, describe, expect, it } from "vitest";
import * as list from "@/app/api/checkins/route";
import * as one from "@/app/api/checkins/[id]/route";
import * as correlationsRoute from "@/app/api/checkins/correlations/route";
import * as pixelsRoute from "@/app/api/checkins/pixels/route";
import * as activities from "@/app/api/checkins/activities/route";
import * as activity from "@/app/api/checkins/activities/[id]/route";
import * as entries from "@/app/api/entries/route";
import * as entryOne from "@/app/api/entries/[id]/route";
import * as stats from "@/app/api/entries/statistics/route";
import * as calendar from "@/app/api/entries/calendar/route";
import * as restore from "@/app/api/trash/[id]/restore/route";
import type { ActivityDto, CheckInDto, CorrelationsDto, PixelsDto } from "@/contracts/checkins";
import type { EntryDto } from "@/contracts/entries";
import { DEFAULT_ACTIVITIES } from "@/domain/checkins";
import { db } from "@/server/db/client";
import { call, expectError } from "../support/http";
import { emptyJournal } from "../support/api-journal";

const uuid = () => crypto.randomUUID();

async function emptyCheckIns() {
  const prisma = await db();
  await prisma.checkIn.deleteMany({});
  await prisma.checkInActivity.deleteMany({});
  await emptyJournal();
}

async function checkIn(body: Record<string, unknown>): Promise<CheckInDto> {
  const r = await call(list.POST, { method: "POST", path: "/api/checkins", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as CheckInDto;
}

async function entry(body: Record<string, unknown>): Promise<EntryDto> {
  const r = await call(entries.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as EntryDto;
}

beforeEach(emptyCheckIns);

describe("POST /api/checkins", () => {
  it("stores mood, activities (normalized), note, time and entry, and lists them", async () => {
    const id = uuid();
    const c = await checkIn({
      id,
      mood: 8,
      activities: ["Outdoors", " friends ", "outdoors"],
      note: "Sunny walk",
      at: "2026-03-01T10:00:00+01:00",
    });
    expect(c).toMatchObject({
      id,
      mood: 8,
      activities: ["outdoors", "friends"],
      note: "Sunny walk",
      at: "2026-03-01T09:00:00.000Z",
      entry_id: null,
    });
    const r = await call(list.GET, { path: "/api/checkins?from=2026-03-01&to=2026-03-01&tz=UTC" });
    expect(r.status).toBe(200);
    expect((r.body as CheckInDto[]).map((x) => x.id)).toEqual([id]);
    const none = await call(list.GET, { path: "/api/checkins?from=2026-03-02&tz=UTC" });
    expect(none.body).toEqual([]);
  });

  it("makes an id when none is sent, and takes now as the time", async () => {
    const before = Date.now();
    const c = await checkIn({ mood: 5, activities: [] });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/u);
    expect(Date.parse(c.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("is idempotent: the same create again answers 200 with the stored one, never a second one", async () => {
    const id = uuid();
    const body = { id, mood: 7, activities: ["exercise"], at: "2026-03-02T08:00:00Z" };
    await checkIn(body);
    const again = await call(list.POST, { method: "POST", path: "/api/checkins", body });
    expect(again.status).toBe(200);
    expect(again.res.headers.get("Idempotent-Replay")).toBe("true");
    expect(again.body).toMatchObject({ id, mood: 7, activities: ["exercise"] });
    const prisma = await db();
    expect(await prisma.checkIn.count()).toBe(1);
  });

  it("answers 409 with the stored check-in when the id holds other values, and changes nothing", async () => {
    const id = uuid();
    await checkIn({ id, mood: 7, activities: ["exercise"], at: "2026-03-02T08:00:00Z" });
    const r = await call(list.POST, {
      method: "POST",
      path: "/api/checkins",
      body: { id, mood: 3, activities: ["exercise"], at: "2026-03-02T08:00:00Z" },
    });
    const err = expectError(r, 409, "CONFLICT");
    expect((err.details as { checkin: CheckInDto }).checkin.mood).toBe(7);
    expect((await call(one.GET, { params: { id } })).body.mood).toBe(7);
  });

  it.each([
    ["no body", undefined],
    ["mood missing", { activities: [] }],
    ["mood 0", { mood: 0, activities: [] }],
    ["mood 11", { mood: 11, activities: [] }],
    ["mood 5.5", { mood: 5.5, activities: [] }],
    ["mood as text", { mood: "7", activities: [] }],
    ["activities not a list", { mood: 5, activities: "outdoors" }],
    ["an activity not text", { mood: 5, activities: [3] }],
    ["an activity too long", { mood: 5, activities: ["x".repeat(41)] }],
    ["too many activities", { mood: 5, activities: Array.from({ length: 31 }, (_, i) => `a${i}`) }],
    ["note too long", { mood: 5, activities: [], note: "x".repeat(2001) }],
    ["at not a date", { mood: 5, activities: [], at: "yesterday" }],
    ["at without an offset", { mood: 5, activities: [], at: "2026-03-01T10:00:00" }],
    ["entry_id not a UUID", { mood: 5, activities: [], entry_id: "abc" }],
    ["id not a UUID", { id: "1", mood: 5, activities: [] }],
    ["a list as body", [1, 2]],
  ])("refuses %s with 400 in the one error shape", async (_name, body) => {
    const r = await call(list.POST, { method: "POST", path: "/api/checkins", body });
    expectError(r, 400, body === undefined ? undefined : "VALIDATION_FAILED");
  });

  it("refuses bad JSON (400) and another content type (415)", async () => {
    const bad = await call(list.POST, {
      method: "POST",
      path: "/api/checkins",
      rawBody: "{mood:",
      headers: { "content-type": "application/json" },
    });
    expectError(bad, 400, "INVALID_JSON");
    const text = await call(list.POST, {
      method: "POST",
      path: "/api/checkins",
      rawBody: "mood=5",
      headers: { "content-type": "text/plain" },
    });
    expectError(text, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("adds activity names it does not know to the chips, after the default set", async () => {
    await checkIn({ mood: 6, activities: ["Yoga"] });
    const r = await call(activities.GET, { path: "/api/checkins/activities" });
    const names = (r.body as ActivityDto[]).map((a) => a.name);
    expect(names).toEqual([...DEFAULT_ACTIVITIES, "yoga"]);
  });
});

describe("GET /api/checkins", () => {
  it.each([
    ["a bad from", "from=March"],
    ["a bad zone", "tz=Mars/Olympus"],
    ["from after to", "from=2026-03-05&to=2026-03-01"],
    ["a repeated key", "from=2026-03-01&from=2026-03-02"],
    ["a bad entry_id", "entry_id=nope"],
  ])("refuses %s with 400", async (_n, qs) => {
    expectError(await call(list.GET, { path: `/api/checkins?${qs}` }), 400);
  });

  it("lists the check-ins of one entry", async () => {
    const e = await entry({ id: uuid(), content: "A day." });
    const mine = await checkIn({ mood: 9, activities: [], entry_id: e.id });
    await checkIn({ mood: 2, activities: [] });
    const r = await call(list.GET, { path: `/api/checkins?entry_id=${e.id}` });
    expect((r.body as CheckInDto[]).map((c) => c.id)).toEqual([mine.id]);
  });
});

describe("PUT and DELETE /api/checkins/{id}", () => {
  it("changes only the fields given, and null clears the note and the entry", async () => {
    const e = await entry({ id: uuid(), content: "x" });
    const c = await checkIn({ mood: 4, activities: ["work"], note: "meh", entry_id: e.id });
    const r = await call(one.PUT, {
      method: "PUT",
      params: { id: c.id },
      body: { mood: 6, note: null, entry_id: null },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, mood: 6, activities: ["work"], note: "", entry_id: null });
    expect(Date.parse(r.body.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));
  });

  it("refuses an empty change, a bad mood and an unknown id", async () => {
    const c = await checkIn({ mood: 4, activities: [] });
    expectError(await call(one.PUT, { method: "PUT", params: { id: c.id }, body: {} }), 400, "VALIDATION_FAILED");
    expectError(await call(one.PUT, { method: "PUT", params: { id: c.id }, body: { mood: 12 } }), 400);
    expectError(await call(one.PUT, { method: "PUT", params: { id: uuid() }, body: { mood: 5 } }), 404, "NOT_FOUND");
    expectError(await call(one.GET, { params: { id: uuid() } }), 404, "NOT_FOUND");
  });

  it("deletes, and a second delete answers 404", async () => {
    const c = await checkIn({ mood: 4, activities: [] });
    const r = await call(one.DELETE, { method: "DELETE", params: { id: c.id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, id: c.id });
    expectError(await call(one.DELETE, { method: "DELETE", params: { id: c.id } }), 404, "NOT_FOUND");
  });
});

describe("an entry's stated mood wins over the inferred one", () => {
  it("in the entry, the statistics, the calendar and the mood filter; the analyzer's reading stays", async () => {
    const e = await entry({
      id: uuid(),
      content: "A hard day, or so the analyzer thinks.",
      ai_mood_score: 2,
      created_at: "2026-04-10T12:00:00Z",
    });
    const before = await call(entries.GET, { path: "/api/entries?mood=positive" });
    expect(before.body).toEqual([]);
    const c = await checkIn({ mood: 9, activities: [], entry_id: e.id, at: "2026-04-10T12:05:00Z" });

    const got = (await call(entryOne.GET, { params: { id: e.id } })).body as EntryDto;
    expect(got.stated_mood).toBe(9);
    expect(got.ai_mood_score).toBe(2);
    const positive = (await call(entries.GET, { path: "/api/entries?mood=positive" })).body as EntryDto[];
    expect(positive.map((x) => x.id)).toEqual([e.id]);
    const negative = (await call(entries.GET, { path: "/api/entries?mood=negative" })).body as EntryDto[];
    expect(negative).toEqual([]);
    expect((await call(stats.GET, { path: "/api/entries/statistics?tz=UTC" })).body.average_mood).toBe(9);
    const days = (await call(calendar.GET, { path: "/api/entries/calendar?month=2026-04&tz=UTC" })).body.days as {
      date: string;
      average_mood: number | null;
    }[];
    expect(days.find((d) => d.date === "2026-04-10")?.average_mood).toBe(9);

    // A later check-in of the same entry wins; deleting it gives the earlier one back; deleting all, the inferred one.
    const later = await checkIn({ mood: 6, activities: [], entry_id: e.id, at: "2026-04-10T20:00:00Z" });
    expect((await call(entryOne.GET, { params: { id: e.id } })).body.stated_mood).toBe(6);
    await call(one.DELETE, { method: "DELETE", params: { id: later.id } });
    expect((await call(entryOne.GET, { params: { id: e.id } })).body.stated_mood).toBe(9);
    await call(one.DELETE, { method: "DELETE", params: { id: c.id } });
    expect((await call(entryOne.GET, { params: { id: e.id } })).body.stated_mood).toBeNull();
    expect((await call(stats.GET, { path: "/api/entries/statistics?tz=UTC" })).body.average_mood).toBe(2);
  });

  it("a check-in made before its entry arrives (offline) and an entry back from Recently deleted both take it", async () => {
    const id = uuid();
    await checkIn({ mood: 8, activities: [], entry_id: id });
    await entry({ id, content: "Synced later.", ai_mood_score: 3 });
    expect((await call(entryOne.GET, { params: { id } })).body.stated_mood).toBe(8);
    await call(entryOne.DELETE, { method: "DELETE", params: { id } });
    const back = await call(restore.POST, { method: "POST", params: { id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await call(entryOne.GET, { params: { id } })).body.stated_mood).toBe(8);
  });
});

describe("GET /api/checkins/correlations", () => {
  it("gives each activity's days, average and difference from the average day, with min_days", async () => {
    // Six days outdoors at 8, four days at work at 4: the average day is (6*8 + 4*4) / 10 = 6.4.
    for (let d = 1; d <= 10; d++) {
      const outdoors = d <= 6;
      await checkIn({
        mood: outdoors ? 8 : 4,
        activities: outdoors ? ["outdoors"] : ["work"],
        at: `2026-05-${String(d).padStart(2, "0")}T12:00:00Z`,
      });
    }
    const r = await call(correlationsRoute.GET, {
      path: "/api/checkins/correlations?from=2026-05-01&to=2026-05-31&tz=UTC",
    });
    expect(r.status).toBe(200);
    const body = r.body as CorrelationsDto;
    expect(body.min_days).toBe(5);
    expect(body.days).toBe(10);
    expect(body.average_mood).toBe(6.4);
    expect(body.activities).toEqual([
      { name: "outdoors", days: 6, average_mood: 8, difference: 1.6 },
      { name: "work", days: 4, average_mood: 4, difference: -2.4 },
    ]);
    const narrow = await call(correlationsRoute.GET, {
      path: "/api/checkins/correlations?from=2026-05-07&to=2026-05-31&tz=UTC",
    });
    expect((narrow.body as CorrelationsDto).activities.map((a) => a.name)).toEqual(["work"]);
  });

  it("answers an empty journal with no activities, and refuses bad ranges", async () => {
    const r = await call(correlationsRoute.GET, { path: "/api/checkins/correlations" });
    expect(r.body).toEqual({ activities: [], min_days: 5, days: 0, average_mood: null });
    expectError(await call(correlationsRoute.GET, { path: "/api/checkins/correlations?to=soon" }), 400);
    expectError(await call(correlationsRoute.GET, { path: "/api/checkins/correlations?tz=Nowhere" }), 400);
  });
});

describe("GET /api/checkins/pixels", () => {
  it("colours every day of the year: stated where there is one, else inferred", async () => {
    await entry({ id: uuid(), content: "Inferred only.", ai_mood_score: 3, created_at: "2026-02-01T09:00:00Z" });
    const stated = await entry({
      id: uuid(),
      content: "Stated.",
      ai_mood_score: 3,
      created_at: "2026-02-02T09:00:00Z",
    });
    await checkIn({ mood: 9, activities: [], entry_id: stated.id, at: "2026-02-02T09:01:00Z" });
    await checkIn({ mood: 5, activities: [], at: "2026-02-03T22:30:00Z" });
    const r = await call(pixelsRoute.GET, { path: "/api/checkins/pixels?year=2026&tz=UTC" });
    expect(r.status).toBe(200);
    const body = r.body as PixelsDto;
    expect(body.days).toHaveLength(365);
    const day = (d: string) => body.days.find((x) => x.date === d);
    expect(day("2026-02-01")).toEqual({ date: "2026-02-01", mood: 3, source: "inferred" });
    expect(day("2026-02-02")).toEqual({ date: "2026-02-02", mood: 9, source: "stated" });
    expect(day("2026-02-03")).toEqual({ date: "2026-02-03", mood: 5, source: "stated" });
    expect(day("2026-02-04")).toEqual({ date: "2026-02-04", mood: null, source: null });
    // In Auckland the late check-in falls on the next local day.
    const nz = (await call(pixelsRoute.GET, { path: "/api/checkins/pixels?year=2026&tz=Pacific/Auckland" }))
      .body as PixelsDto;
    expect(nz.days.find((x) => x.date === "2026-02-04")?.mood).toBe(5);
    expect((await call(pixelsRoute.GET, { path: "/api/checkins/pixels?year=2024&tz=UTC" })).body.days).toHaveLength(
      366,
    );
  });

  it.each(["", "year=abc", "year=20261", "year=2026.5", "year=2026&tz=Nowhere"])("refuses ?%s with 400", async (qs) => {
    expectError(await call(pixelsRoute.GET, { path: `/api/checkins/pixels?${qs}` }), 400);
  });
});

describe("activity chips", () => {
  it("start with the default set, and can be added, renamed (check-ins follow) and hidden", async () => {
    const first = (await call(activities.GET, { path: "/api/checkins/activities" })).body as ActivityDto[];
    expect(first.map((a) => a.name)).toEqual(DEFAULT_ACTIVITIES);
    expect(first.every((a) => !a.hidden)).toBe(true);

    const added = await call(activities.POST, { method: "POST", body: { name: "  Board Games " } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "board games", hidden: false, position: DEFAULT_ACTIVITIES.length });
    expectError(await call(activities.POST, { method: "POST", body: { name: "Board games" } }), 409, "CONFLICT");

    const c = await checkIn({ mood: 7, activities: ["board games", "friends"] });
    const renamed = await call(activity.PUT, {
      method: "PUT",
      params: { id: added.body.id },
      body: { name: "tabletop" },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.name).toBe("tabletop");
    expect((await call(one.GET, { params: { id: c.id } })).body.activities).toEqual(["tabletop", "friends"]);

    const friends = first.find((a) => a.name === "friends")!;
    expectError(
      await call(activity.PUT, { method: "PUT", params: { id: friends.id }, body: { name: "tabletop" } }),
      409,
      "CONFLICT",
    );
    const hidden = await call(activity.PUT, { method: "PUT", params: { id: friends.id }, body: { hidden: true } });
    expect(hidden.body).toMatchObject({ name: "friends", hidden: true });
    const after = (await call(activities.GET, { path: "/api/checkins/activities" })).body as ActivityDto[];
    expect(after.find((a) => a.id === friends.id)?.hidden).toBe(true);
  });

  it("refuses bad names, empty changes and unknown ids", async () => {
    await call(activities.GET, { path: "/api/checkins/activities" });
    for (const body of [{}, { name: "" }, { name: "   " }, { name: 4 }, { name: "x".repeat(41) }]) {
      expectError(await call(activities.POST, { method: "POST", body }), 400, "VALIDATION_FAILED");
    }
    const [a] = (await call(activities.GET, { path: "/api/checkins/activities" })).body as ActivityDto[];
    expectError(await call(activity.PUT, { method: "PUT", params: { id: a!.id }, body: {} }), 400);
    expectError(await call(activity.PUT, { method: "PUT", params: { id: a!.id }, body: { hidden: "yes" } }), 400);
    expectError(await call(activity.PUT, { method: "PUT", params: { id: uuid() }, body: { hidden: true } }), 404);
  });
});
