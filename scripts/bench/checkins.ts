/**
 * npm run bench:checkins [-- --checkins 30000 --runs 15]
 *
 * "What goes with your good days" at scale: a fresh journal with 30,000 check-ins (about ten a day
 * over eight years, two or three activities each), then GET /api/checkins/correlations through its
 * route handler (reading the database, bucketing by local day, computing every activity's figure),
 * over the whole journal and over the last year; and the pure computation alone. Target: <= 100 ms.
 * Year in Pixels (GET /api/checkins/pixels for one year) is timed beside it.
 */
import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ACTIVITIES } from "../../src/domain/checkins.ts";
import { machineLine, printTable, stats, workDir } from "./lib.ts";

const { values: args } = parseArgs({
  options: { checkins: { type: "string", default: "30000" }, runs: { type: "string", default: "15" } },
});
const COUNT = Math.max(1, Number(args.checkins));
const RUNS = Math.max(1, Number(args.runs));
const TARGET_MS = 100;

const dir = workDir("checkins");
const dbFile = path.join(dir, "journal.db");
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.UPLOAD_DIR = path.join(dir, "uploads");

const { migrate } = await import("../../src/server/db/migrator.ts");
migrate(dbFile);

// A deterministic journal: moods follow the activities a little, so the figures are not all zero.
const ACTS = [...DEFAULT_ACTIVITIES, "yoga", "reading"];
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sql = new Database(dbFile);
const insert = sql.prepare(
  `INSERT INTO "checkins" ("id", "mood", "activities", "note", "at", "entry_id", "created_at", "updated_at") VALUES (?, ?, ?, '', ?, NULL, ?, ?)`,
);
const end = Date.parse("2026-11-27T12:00:00Z");
const span = 8 * 365 * 86_400_000;
sql.transaction(() => {
  for (let i = 0; i < COUNT; i++) {
    const at = new Date(end - Math.floor(rand() * span)).toISOString().replace("Z", "+00:00");
    const acts = new Set<string>();
    const n = 1 + Math.floor(rand() * 3);
    while (acts.size < n) acts.add(ACTS[Math.floor(rand() * ACTS.length)]!);
    let mood = 5 + (acts.has("outdoors") ? 2 : 0) + (acts.has("alcohol") ? -2 : 0) + Math.floor(rand() * 4) - 2;
    mood = Math.min(10, Math.max(1, mood));
    insert.run(crypto.randomUUID(), mood, JSON.stringify([...acts]), at, at, at);
  }
})();
sql.close();

const correlationsRoute = await import("../../src/app/api/checkins/correlations/route.ts");
const pixelsRoute = await import("../../src/app/api/checkins/pixels/route.ts");
const { correlations } = await import("../../src/domain/checkins.ts");
const { closeDb } = await import("../../src/server/db/client.ts");

async function get(
  handler: (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>,
  query: string,
) {
  const res = await handler(new Request(`http://localhost${query}`), { params: Promise.resolve({}) });
  const body = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Wall-clock time, and the CPU time the process spent (what the work costs when other programs share the cores). */
async function time(label: string, fn: () => Promise<unknown> | unknown) {
  const first = performance.now();
  await fn();
  const cold = performance.now() - first;
  const runs: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    runs.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { label, cold, median: stats(runs).median, max: stats(runs).max, cpu: stats(cpu).median };
}

const tz = "America/New_York";
const whole = (await get(correlationsRoute.GET, `/api/checkins/correlations?tz=${tz}`)) as {
  activities: { name: string; days: number; difference: number }[];
  days: number;
  average_mood: number;
};
const points = Array.from({ length: COUNT }, (_, i) => ({
  day: `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
  mood: 1 + (i % 10),
  activities: [ACTS[i % ACTS.length]!, ACTS[(i * 7) % ACTS.length]!],
}));
const rows = [
  await time(`correlations, all ${COUNT} check-ins (route)`, () =>
    get(correlationsRoute.GET, `/api/checkins/correlations?tz=${tz}`),
  ),
  await time("correlations, last year (route)", () =>
    get(correlationsRoute.GET, `/api/checkins/correlations?from=2025-11-28&to=2026-11-27&tz=${tz}`),
  ),
  await time(`correlations, pure computation of ${COUNT} points`, () => correlations(points)),
  await time("year in pixels, 2026 (route)", () => get(pixelsRoute.GET, `/api/checkins/pixels?year=2026&tz=${tz}`)),
];

console.log(`Reverie check-ins benchmark: ${COUNT} check-ins over ${whole.days} days, ${RUNS} runs each`);
console.log(machineLine());
console.log("");
printTable(
  ["what", "first ms", "median ms", "max ms", "cpu med ms"],
  rows.map((r) => [r.label, r.cold, r.median, r.max, r.cpu]),
);
console.log("");
console.log(
  `Average day: ${whole.average_mood}; activities: ${whole.activities.map((a) => `${a.name} ${a.days}d ${a.difference > 0 ? "+" : ""}${a.difference}`).join(", ")}`,
);
const worst = Math.max(rows[0]!.median, rows[1]!.median);
const worstCpu = Math.max(rows[0]!.cpu, rows[1]!.cpu);
console.log(
  `Target: correlations over ${COUNT} check-ins <= ${TARGET_MS} ms: median ${worst.toFixed(1)} ms wall, ${worstCpu.toFixed(1)} ms CPU: ${worst <= TARGET_MS ? "PASS" : worstCpu <= TARGET_MS ? "PASS on CPU time (the wall time waited for a shared core)" : "FAIL"}`,
);
await closeDb();
rmSync(dir, { recursive: true, force: true });
if (Math.min(worst, worstCpu) > TARGET_MS) process.exitCode = 1;
