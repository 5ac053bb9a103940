/**
 * Timeline benchmark: how soon the first entry card is on screen with a large journal.
 *
 *   npm run build && npm run bench:timeline                       # seeds 10,000 entries, starts `next start`
 *   npm run bench:timeline -- --entries 20000 --runs 9
 *   npm run bench:timeline -- --url http://127.0.0.1:3000         # measure a server that is already running
 *   npm run bench:timeline -- --db /tmp/journal.db                # reuse (or create) a seeded database file
 *
 * Each run opens /timeline?view=list in a fresh headless Chromium context (empty cache) and records,
 * from the start of navigation: first contentful paint, the first entry card visible, and the
 * browser's timing of the first page request. The API is also timed directly for a few typical
 * queries. Medians are printed as a table; the first browser run (cold server) is reported apart.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/chromium.ts";
import { SCRIPT_NODE_ARGS } from "../node-args.ts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    db: { type: "string" },
    entries: { type: "string", default: "10000" },
    runs: { type: "string", default: "7" },
    port: { type: "string", default: "3299" },
    chromium: { type: "string", default: CHROMIUM_PATH },
    keep: { type: "boolean", default: false },
  },
});

const ROOT = path.resolve(import.meta.dirname, "../..");
const TZ = "America/New_York";
const RUNS = Math.max(1, Number(args.runs));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function waitForServer(base: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/api/config`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server at ${base} did not answer within ${timeoutMs / 1000} s`);
}

/** The project's seed script (`npm run seed`) makes the benchmark's journal, so every benchmark sees the same data. */
function seed(dbFile: string, uploads: string, entries: number): void {
  const argv = [
    ...SCRIPT_NODE_ARGS,
    path.join(ROOT, "scripts/seed.ts"),
    "--entries",
    String(entries),
    "--db",
    `file:${dbFile}`,
    "--uploads",
    uploads,
    "--tz",
    TZ,
  ];
  const r = spawnSync(process.execPath, argv, { stdio: "inherit", cwd: ROOT });
  if (r.status !== 0) throw new Error(`scripts/seed.ts failed with exit code ${r.status}`);
}

async function startServer(
  dbFile: string,
  uploads: string,
  port: number,
): Promise<{ base: string; proc: ChildProcess }> {
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID")))
    throw new Error("No production build found: run `npm run build` first.");
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: `file:${dbFile}`,
        UPLOAD_DIR: uploads,
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  await waitForServer(base);
  return { base, proc };
}

interface BrowserRun {
  fcp: number;
  firstCard: number;
  apiFirstPage: number;
  cards: number;
}

async function browserRuns(base: string): Promise<BrowserRun[]> {
  const browser = await chromium.launch({ executablePath: args.chromium, args: CHROMIUM_ARGS });
  const out: BrowserRun[] = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        timezoneId: TZ,
        locale: "en-US",
      });
      const page = await context.newPage();
      await page.goto(`${base}/timeline?view=list`, { waitUntil: "commit" });
      // performance.now() counts from the start of this navigation.
      const firstCard = await page
        .waitForFunction(
          () => {
            const el = document.querySelector('[data-testid="entry-card"]');
            if (!el) return 0;
            const r = el.getBoundingClientRect();
            return r.height > 0 && r.top < window.innerHeight ? performance.now() : 0;
          },
          undefined,
          { polling: "raf", timeout: 30_000 },
        )
        .then((h) => h.jsonValue() as Promise<number>);
      const timings = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const api = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
          (r) => r.name.includes("/api/entries?") && r.name.includes("limit=20") && r.name.includes("offset=0"),
        );
        return {
          fcp,
          api: api ? api.responseEnd - api.startTime : NaN,
          cards: document.querySelectorAll('[data-testid="entry-card"]').length,
        };
      });
      await context.close();
      out.push({ fcp: timings.fcp, firstCard, apiFirstPage: timings.api, cards: timings.cards });
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function apiTimes(base: string): Promise<{ name: string; times: number[]; total: number }[]> {
  const queries: [string, string][] = [
    ["first page (20 newest)", "limit=20&offset=0"],
    ["page deep in the list (offset 5000)", "limit=20&offset=5000"],
    ['search "park" (trigram index)', "limit=20&offset=0&search=park"],
    ["mood positive + with media", "limit=20&offset=0&mood=positive&has_media=true"],
    [
      "two tags, past year",
      `limit=20&offset=0&tags=family&tags=travel&date_from=${new Date(Date.now() - 365 * 864e5).toISOString()}`,
    ],
  ];
  const out: { name: string; times: number[]; total: number }[] = [];
  for (const [name, qs] of queries) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/api/entries?${qs}&tz=${encodeURIComponent(TZ)}`);
      const body = (await res.json()) as { total: number };
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
      if (i > 0) times.push(performance.now() - t);
      total = body.total;
    }
    out.push({ name, times, total });
  }
  const month = new Date().toISOString().slice(0, 7);
  const times: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/entries/calendar?month=${month}&tz=${encodeURIComponent(TZ)}`);
    await res.json();
    if (i > 0) times.push(performance.now() - t);
  }
  out.push({ name: `calendar month ${month}`, times, total: NaN });
  return out;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) =>
    `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(" | ")} |`;
  return [line(rows[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

async function main() {
  let base = args.url?.replace(/\/$/u, "");
  let proc: ChildProcess | undefined;
  let tmp: string | undefined;
  const entries = Number(args.entries);
  if (!base) {
    let dbFile: string;
    let uploads: string;
    if (args.db) {
      dbFile = path.resolve(args.db.replace(/^file:/u, ""));
      uploads = path.join(path.dirname(dbFile), "uploads");
      if (!existsSync(dbFile)) seed(dbFile, uploads, entries);
    } else {
      tmp = mkdtempSync(path.join(os.tmpdir(), "reverie-bench-"));
      dbFile = path.join(tmp, "journal.db");
      uploads = path.join(tmp, "uploads");
      seed(dbFile, uploads, entries);
    }
    ({ base, proc } = await startServer(dbFile, uploads, Number(args.port)));
  }
  try {
    const total = ((await (await fetch(`${base}/api/entries?limit=1`)).json()) as { total: number }).total;
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `\nTimeline benchmark against ${base}: ${total.toLocaleString("en-US")} entries, ${RUNS} runs (+1 warm-up), ${os.cpus().length} CPUs (load average ${load}), Node ${process.version}\n`,
    );
    const runs = await browserRuns(base);
    const [cold, ...warm] = runs;
    const browserRows = [
      ["Browser: /timeline?view=list (fresh context each run)", "median", "min", "max", "cold server"],
      ...(
        [
          ["first contentful paint", (r: BrowserRun) => r.fcp],
          ["first entry card visible", (r: BrowserRun) => r.firstCard],
          ["first page API request (browser timing)", (r: BrowserRun) => r.apiFirstPage],
        ] as const
      ).map(([name, get]) => {
        const xs = warm.map(get).filter(Number.isFinite);
        return [name, ms(median(xs)), ms(Math.min(...xs)), ms(Math.max(...xs)), ms(get(cold))];
      }),
    ];
    console.log(table(browserRows));
    console.log(`Cards rendered after the first page: ${warm[0]?.cards ?? cold.cards}\n`);

    const api = await apiTimes(base);
    console.log(
      table([
        ["API over HTTP (GET /api/entries ...)", "matches", "median", "min", "max"],
        ...api.map((a) => [
          a.name,
          Number.isNaN(a.total) ? "-" : a.total.toLocaleString("en-US"),
          ms(median(a.times)),
          ms(Math.min(...a.times)),
          ms(Math.max(...a.times)),
        ]),
      ]),
    );
    const dir = path.join(ROOT, "bench/results");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `timeline-${new Date().toISOString().replace(/[:.]/gu, "-")}.json`);
    writeFileSync(file, JSON.stringify({ base, total, runs: RUNS, browser: runs, api }, null, 2));
    console.log(`\nRaw numbers: ${path.relative(ROOT, file)}`);
  } finally {
    proc?.kill("SIGTERM");
    if (tmp && !args.keep) rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
