/**
 * npm run bench:reminders [-- --runs 300]
 *
 * The reminder calendar feed, GET /api/reminders/feed/<token>.ics, through its route handler: reading the
 * published file beside the database, checking the token in constant time, building the calendar (a
 * VTIMEZONE from the zone's own rules, the weekly event and two weeks of prompts) and answering it.
 * Target: <= 20 ms (p95). Weekdays in Paris saved today; every day in New York saved five
 * years ago; and the calendar built afresh, as on the first request of each day (the built calendar
 * is kept until the local day, the schedule or the link changes). The very first request after the
 * server starts (code compiled, time-zone data loaded) is printed for information.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLine, numArg, printTable, round, stats, verdict, writeResult } from "./lib.ts";

const RUNS = Math.max(5, numArg("runs", 300));
const TARGET_MS = 20;

const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-bench-reminders-"));
const dbFile = path.join(dir, "journal.db");
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.UPLOAD_DIR = path.join(dir, "uploads");

const { migrate } = await import("../../src/server/db/migrator.ts");
migrate(dbFile);
const service = await import("../../src/server/reminders/service.ts");
const { setConfig } = await import("../../src/server/config/service.ts");
const feedRoute = await import("../../src/app/api/reminders/feed/[token]/route.ts");
const { closeDb } = await import("../../src/server/db/client.ts");
const { reminderCalendar } = await import("../../src/domain/ics.ts");

async function fetchFeed(feedPath: string): Promise<number> {
  const token = feedPath.split("/").pop()!;
  const t = performance.now();
  const res = await feedRoute.GET(
    new Request(`http://localhost${feedPath}`, { headers: { host: "journal.example" } }),
    {
      params: Promise.resolve({ token }),
    },
  );
  const body = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200 || !body.includes("BEGIN:VEVENT")) throw new Error(`feed answered ${res.status}`);
  return ms;
}

async function measure(label: string, feedPath: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await fetchFeed(feedPath));
  const s = stats(times);
  return { label, ...s, ratio: round(s.p95 / TARGET_MS, 3) };
}

const rows: Array<{ label: string; median: number; p95: number; max: number; ratio: number; n: number }> = [];
try {
  const weekdays = await service.saveReminders({
    enabled: true,
    days: ["MO", "TU", "WE", "TH", "FR"],
    time: "20:00",
    tz: "Europe/Paris",
  });
  // The first request of the process: the zone's offsets are not yet cached.
  const cold = await fetchFeed(weekdays.feed_path);
  rows.push({
    label: "first request after start (JIT, zone data)",
    median: round(cold, 3),
    p95: round(cold, 3),
    max: round(cold, 3),
    ratio: round(cold / TARGET_MS, 3),
    n: 1,
  });
  rows.push(await measure("weekdays 20:00, Europe/Paris, saved today", weekdays.feed_path));

  // What the first request of each day pays: the calendar built afresh (the zone's table is kept).
  const fresh: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    reminderCalendar({
      schedule: { enabled: true, days: ["MO", "TU", "WE", "TH", "FR"], time: "20:00", tz: "Europe/Paris", since: null },
      appUrl: "https://journal.example/",
      uid: "bench@reverie",
      now: new Date(Date.now() + (i % 200) * 86_400_000),
    });
    fresh.push(performance.now() - t);
  }
  const f = stats(fresh);
  rows.push({ label: "calendar built afresh (a new day)", ...f, ratio: round(f.p95 / TARGET_MS, 3) });

  const everyDay = await service.saveReminders({
    enabled: true,
    days: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
    time: "07:15",
    tz: "America/New_York",
  });
  const fiveYearsAgo = new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10);
  await setConfig({ "reminders.since": fiveYearsAgo });
  await service.syncReminderFeed();
  rows.push(await measure("every day 07:15, America/New_York, saved 5 years ago", everyDay.feed_path));
} finally {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`Reverie reminder feed benchmark: ${RUNS} requests per schedule through the route handler`);
console.log(machineLine());
console.log("");
printTable(
  ["schedule", "median ms", "p95 ms", "max ms", "p95 / 20 ms", "target"],
  rows.map((r) => [
    r.label,
    r.median,
    r.p95,
    r.max,
    `${r.ratio.toFixed(3)}`,
    r.n === 1 ? "info" : verdict(r.p95 <= TARGET_MS),
  ]),
);
const file = writeResult("reminders", { target_ms: TARGET_MS, runs: RUNS, rows });
console.log("");
console.log(`Result: ${path.relative(process.cwd(), file)}`);
