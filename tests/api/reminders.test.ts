import path from "node:path";
import { readFileSync } from "node:fs";
import ICAL from "ical.js";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as reminders from "@/app/api/reminders/route";
import * as link from "@/app/api/reminders/link/route";
import * as today from "@/app/api/reminders/today/route";
import * as feedRoute from "@/app/api/reminders/feed/[token]/route";
import * as configRoute from "@/app/api/config/route";
import * as configReset from "@/app/api/config/reset/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as entries from "@/app/api/entries/route";
import * as checkins from "@/app/api/checkins/route";
import * as statistics from "@/app/api/entries/statistics/route";
import * as enable from "@/app/api/encryption/enable/route";
import { proxy } from "@/proxy";
import { stopBackups } from "@/server/backup/service";
import { closeDb } from "@/server/db/client";
import { setKey } from "@/server/keys/state";
import { testDataDir } from "../support/api-setup";
import { call, expectError } from "../support/http";

const dbFile = path.join(testDataDir, "journal.db");
const SECRET_WORDS = "the lighthouse keeper's blue umbrella";

const get = () => call(reminders.GET, { path: "/api/reminders" });
const put = (body: unknown) => call(reminders.PUT, { method: "PUT", path: "/api/reminders", body });
const resetLink = () => call(link.POST, { method: "POST", path: "/api/reminders/link" });
const feed = (feedPath: string) => {
  const token = feedPath.split("/").pop()!;
  return call<{ token: string }>(feedRoute.GET, {
    path: feedPath,
    params: { token },
    headers: { host: "journal.example", "x-forwarded-proto": "https" },
  });
};
const clear = () => call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
const SCHEDULE = { enabled: true, days: ["FR", "MO", "WE"], time: "07:30", tz: "Europe/Paris" };

beforeAll(() => stopBackups());
beforeEach(async () => {
  delete process.env.APP_PASSWORD;
  await clear();
});
afterAll(async () => {
  delete process.env.APP_PASSWORD;
  setKey(dbFile, null);
  await closeDb();
});

describe("the reminder settings", () => {
  it("start off, with a private feed link of an unguessable token", async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ enabled: false, time: "20:00" });
    expect(r.body.feed_path).toMatch(/^\/api\/reminders\/feed\/[A-Za-z0-9_-]{43}\.ics$/u);
    // The same link on every read.
    expect((await get()).body.feed_path).toBe(r.body.feed_path);
  });

  it("save days, time and zone in the settings, in week order", async () => {
    const r = await put(SCHEDULE);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ enabled: true, days: ["MO", "WE", "FR"], time: "07:30", tz: "Europe/Paris" });
    const config = (await call(configRoute.GET, { path: "/api/config" })).body.config;
    expect(config).toMatchObject({
      "reminders.enabled": "true",
      "reminders.days": "MO,WE,FR",
      "reminders.time": "07:30",
      "reminders.tz": "Europe/Paris",
    });
    // The token never leaves through the settings map, and cannot be set through it.
    expect(JSON.stringify(config)).not.toContain(r.body.feed_path.split("/").pop().slice(0, -4));
    expectError(
      await call(configRoute.PUT, {
        method: "PUT",
        path: "/api/config",
        body: { key: "reminders.feed_token", value: "A".repeat(43) },
      }),
      400,
    );
  });

  it("refuse bad input with a 4xx in the one error shape", async () => {
    for (const body of [
      { ...SCHEDULE, days: ["XX"] },
      { ...SCHEDULE, days: ["MO", "MO"] },
      { ...SCHEDULE, time: "25:00" },
      { ...SCHEDULE, time: "7:30" },
      { ...SCHEDULE, tz: "Mars/Olympus" },
      { ...SCHEDULE, enabled: "yes" },
      { days: ["MO"], time: "07:30", tz: "UTC" },
      [],
    ])
      expectError(await put(body), 400, "VALIDATION_FAILED");
    expectError(await call(today.GET, { path: "/api/reminders/today?tz=Nowhere/City" }), 400);
    expectError(await call(today.GET, { path: "/api/reminders/today?tz=UTC&date=2026-02-30" }), 400);
  });
});

describe("the calendar feed", () => {
  it("serves a recurring 'Write in Reverie' of the chosen days and time, and nothing of the journal", async () => {
    await call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { title: "Private title", content: `Today I wrote about ${SECRET_WORDS}.` },
    });
    const saved = (await put(SCHEDULE)).body;
    const r = await feed(saved.feed_path);
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(r.res.headers.get("cache-control")).toContain("no-store");
    const text: string = r.body;
    expect(text).toContain("\r\nBEGIN:VEVENT\r\n");
    expect(text).not.toContain("Private title");
    expect(text).not.toContain("lighthouse");
    const cal = new ICAL.Component(ICAL.parse(text));
    const master = cal.getAllSubcomponents("vevent").find((v) => !v.hasProperty("recurrence-id"))!;
    const event = new ICAL.Event(master);
    expect(event.summary).toBe("Write in Reverie");
    expect((master.getFirstPropertyValue("rrule") as ICAL.Recur).parts.BYDAY).toEqual(["MO", "WE", "FR"]);
    expect([event.startDate.hour, event.startDate.minute]).toEqual([7, 30]);
    expect(event.startDate.zone?.tzid ?? master.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Europe/Paris");
    // The link back to the app is the address the calendar app used.
    expect(master.getFirstPropertyValue("url")).toBe("https://journal.example/");
  });

  it("answers 404 to a wrong, malformed or old token", async () => {
    const saved = (await put(SCHEDULE)).body;
    const good: string = saved.feed_path;
    const token = good.split("/").pop()!.slice(0, -4);
    const wrong = `/api/reminders/feed/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}.ics`;
    expectError(await feed(wrong), 404, "NOT_FOUND");
    expectError(await feed(`/api/reminders/feed/${token}`), 404);
    expectError(await feed(`/api/reminders/feed/${token}.ics.ics`), 404);
    expectError(await feed("/api/reminders/feed/short.ics"), 404);
    // Reset: a new link works, the old one stops at once.
    const fresh = await resetLink();
    expect(fresh.status).toBe(200);
    expect(fresh.body.feed_path).not.toBe(good);
    expect(fresh.body).toMatchObject({ enabled: true, days: ["MO", "WE", "FR"] });
    expectError(await feed(good), 404);
    expect((await feed(fresh.body.feed_path)).status).toBe(200);
  });

  it("stops answering when the settings are reset or all data is cleared", async () => {
    const first = (await put(SCHEDULE)).body.feed_path;
    await call(configReset.POST, { method: "POST", path: "/api/config/reset" });
    expectError(await feed(first), 404);
    const second = (await get()).body.feed_path;
    expect(second).not.toBe(first);
    expect((await feed(second)).status).toBe(200);
    await clear();
    expectError(await feed(second), 404);
  });

  it("is an empty calendar while reminders are off", async () => {
    const saved = (await put({ ...SCHEDULE, enabled: false })).body;
    const r = await feed(saved.feed_path);
    expect(r.status).toBe(200);
    expect(r.body).toContain("BEGIN:VCALENDAR");
    expect(r.body).not.toContain("BEGIN:VEVENT");
  });

  it("keeps the published file free of the token itself", async () => {
    const saved = (await put(SCHEDULE)).body;
    const token = saved.feed_path.split("/").pop().slice(0, -4);
    const published = readFileSync(`${dbFile}.reminders.json`, "utf8");
    expect(published).not.toContain(token);
    expect(JSON.parse(published)).toMatchObject({ version: 1, schedule: { days: ["MO", "WE", "FR"] } });
  });
});

describe("whether something was written today", () => {
  it("counts an entry or a check-in on the local day", async () => {
    const q = (date: string) => call(today.GET, { path: `/api/reminders/today?tz=Europe/Paris&date=${date}` });
    expect((await q("2026-11-27")).body).toEqual({ date: "2026-11-27", wrote: false });
    // 23:30 UTC on the 26th is 00:30 on the 27th in Paris.
    await call(checkins.POST, {
      method: "POST",
      path: "/api/checkins",
      body: { mood: 7, at: "2026-11-26T23:30:00.000Z" },
    });
    expect((await q("2026-11-27")).body.wrote).toBe(true);
    expect((await q("2026-11-26")).body.wrote).toBe(false);
    await call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { content: "A line.", created_at: "2026-11-25T12:00:00.000Z" },
    });
    expect((await q("2026-11-25")).body.wrote).toBe(true);
  });
});

describe("the streak", () => {
  it("counts a day with only a check-in", async () => {
    const now = new Date();
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    await call(entries.POST, { method: "POST", path: "/api/entries", body: { content: "Today.", created_at: day(0) } });
    await call(checkins.POST, { method: "POST", path: "/api/checkins", body: { mood: 6, at: day(1) } });
    await call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { content: "Before.", created_at: day(2) },
    });
    const r = await call(statistics.GET, { path: "/api/entries/statistics?tz=UTC" });
    expect(r.status).toBe(200);
    expect(r.body.current_streak).toBe(3);
    expect(r.body.longest_streak).toBe(3);
  });
});

describe("the feed while the journal is locked", () => {
  const through = (p: string) =>
    proxy(new NextRequest(`http://127.0.0.1:3000${p}`, { headers: { host: "127.0.0.1:3000" } }));

  it("passes the passcode lock, which keeps the settings closed", async () => {
    const saved = (await put(SCHEDULE)).body;
    process.env.APP_PASSWORD = "harbour lights";
    expect((await through(saved.feed_path)).headers.get("x-middleware-next")).toBe("1");
    expect((await through("/api/reminders")).status).toBe(401);
    expect((await through("/api/reminders/today?tz=UTC")).status).toBe(401);
  });

  it("answers from a sealed encrypted journal, without reading it", async () => {
    await call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { content: `Sealed words: ${SECRET_WORDS}.` },
    });
    const saved = (await put(SCHEDULE)).body;
    const on = await call(enable.POST, {
      method: "POST",
      path: "/api/encryption/enable",
      body: { passphrase: "the tide comes in twice a day", understood: true },
    });
    expect(on.status).toBe(200);
    setKey(dbFile, null); // as after a restart: no key in memory
    await closeDb();
    expect((await through(saved.feed_path)).headers.get("x-middleware-next")).toBe("1");
    expect((await through("/api/reminders")).status).toBe(503);
    const r = await feed(saved.feed_path);
    expect(r.status).toBe(200);
    expect(r.body).toContain("SUMMARY:Write in Reverie");
    expect(r.body).not.toContain("lighthouse");
    expectError(await feed(saved.feed_path.replace(/.\.ics$/u, "_.ics")), 404);
  });
});
