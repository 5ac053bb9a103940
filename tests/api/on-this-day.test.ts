import { beforeEach, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as otd from "@/app/api/entries/on-this-day/route";
import { db } from "@/server/db/client";
import { onThisDay } from "@/server/entries/on-this-day";
import { call, expectError } from "../support/http";

async function seed(title: string, created_at: string, content = `${title} happened.`) {
  const r = await call(entries.POST, {
    method: "POST",
    path: "/api/entries",
    body: { title, content, created_at, ai_mood_score: 6 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

const titles = (r: { body: { entries: { title: string }[] } }) => r.body.entries.map((e) => e.title);

beforeEach(async () => {
  const prisma = await db();
  await prisma.entry.deleteMany({});
});

describe("GET /api/entries/on-this-day", () => {
  it("lists entries of the same local day in earlier years, newest first, and nothing from this year", async () => {
    await seed("Two years back", "2024-06-15T12:00:00Z");
    await seed("Last year", "2025-06-15T09:30:00Z");
    await seed("Today this year", "2026-06-15T08:00:00Z");
    await seed("Day before last year", "2025-06-14T12:00:00Z");
    await seed("Day after last year", "2025-06-16T12:00:00Z");
    const r = await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2026-06-15" });
    expect(r.status).toBe(200);
    expect(r.body.date).toBe("2026-06-15");
    expect(titles(r)).toEqual(["Last year", "Two years back"]);
    expect(r.body.entries.map((e: any) => e.years_ago)).toEqual([1, 2]);
    expect(r.body.entries[0]).toMatchObject({
      day: "2025-06-15",
      excerpt: "Last year happened.",
      ai_mood_score: 6,
      word_count: 3,
    });
  });

  it("uses the person's local day, not the UTC day", async () => {
    // 02:30 UTC on 16 June is still 15 June in New York (22:30); 03:30 UTC on 15 June is 14 June there.
    await seed("Late evening in New York", "2025-06-16T02:30:00Z");
    await seed("Early UTC, previous local day", "2025-06-15T03:30:00Z");
    const ny = await call(otd.GET, { path: "/api/entries/on-this-day?tz=America/New_York&date=2026-06-15" });
    expect(titles(ny)).toEqual(["Late evening in New York"]);
    const utc = await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2026-06-15" });
    expect(titles(utc)).toEqual(["Early UTC, previous local day"]);
    const tokyo = await call(otd.GET, { path: "/api/entries/on-this-day?tz=Asia/Tokyo&date=2026-06-16" });
    expect(titles(tokyo)).toEqual(["Late evening in New York"]);
  });

  it("shows a leap-day entry on 28 February of a non-leap year, next to that day's own entries", async () => {
    await seed("Leap day", "2024-02-29T12:00:00Z");
    await seed("Feb 28 in a leap year", "2024-02-28T12:00:00Z");
    await seed("Feb 28 last year", "2025-02-28T12:00:00Z");
    await seed("March first", "2025-03-01T12:00:00Z");
    const r = await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2026-02-28" });
    expect(titles(r)).toEqual(["Feb 28 last year", "Leap day", "Feb 28 in a leap year"]);
  });

  it("in a leap year, 28 February keeps to itself and 29 February shows earlier leap days only", async () => {
    await seed("Leap day 2024", "2024-02-29T12:00:00Z");
    await seed("Feb 28 2025", "2025-02-28T12:00:00Z");
    await seed("March 1 2025", "2025-03-01T12:00:00Z");
    expect(titles(await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2028-02-28" }))).toEqual([
      "Feb 28 2025",
    ]);
    expect(titles(await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2028-02-29" }))).toEqual([
      "Leap day 2024",
    ]);
  });

  it("answers an empty list for an empty journal or when nothing matches", async () => {
    expect((await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2026-06-15" })).body).toEqual({
      date: "2026-06-15",
      entries: [],
    });
    await seed("Other day", "2025-01-02T12:00:00Z");
    expect((await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2026-06-15" })).body.entries).toEqual([]);
  });

  it("defaults the day to today in the given zone", async () => {
    const now = new Date();
    const lastYear = new Date(now);
    lastYear.setUTCFullYear(now.getUTCFullYear() - 1);
    // Noon UTC of the same UTC date, a year back, is the same local date in UTC.
    const iso = `${lastYear.toISOString().slice(0, 10)}T12:00:00Z`;
    await seed("A year ago today", iso);
    const r = await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC" });
    expect(r.body.date).toBe(now.toISOString().slice(0, 10));
    // On 29 February the year before has no such day; otherwise the entry is listed.
    const leapDay = now.toISOString().slice(5, 10) === "02-29";
    expect(titles(r)).toEqual(leapDay ? [] : ["A year ago today"]);
  });

  it("caps the list and makes a short plain excerpt", async () => {
    for (let y = 2010; y < 2026; y++)
      await seed(`Year ${y}`, `${y}-06-15T12:00:00Z`, `**Bold** start. ${"word ".repeat(80)}`);
    const r = await onThisDay("UTC", "2026-06-15");
    expect(r.entries).toHaveLength(10);
    expect(r.entries[0].title).toBe("Year 2025");
    expect(r.entries[0].excerpt.startsWith("Bold start. word")).toBe(true);
    expect(r.entries[0].excerpt.endsWith("...")).toBe(true);
    expect(r.entries[0].excerpt.length).toBeLessThanOrEqual(163);
  });

  it("refuses a bad zone or date with 400", async () => {
    expectError(await call(otd.GET, { path: "/api/entries/on-this-day?tz=Mars/Olympus" }), 400);
    expectError(await call(otd.GET, { path: "/api/entries/on-this-day?tz=UTC&date=2026-02-30" }), 400);
    expectError(await call(otd.GET, { path: "/api/entries/on-this-day?date=yesterday" }), 400);
  });
});
