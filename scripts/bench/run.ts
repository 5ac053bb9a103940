/**
 * The whole benchmark, measured side by side in one run so that the ratios survive a busy machine:
 *
 *   npm run bench            10k and 100k entries, full iteration counts
 *   npm run bench:quick      2k entries, few iterations (a smoke run)
 *
 *   options: --sizes 10000,100000  --runs 40  --skip-pages  --skip-ai  --build (rebuild first)
 *
 * Sections: search (the app's FTS over HTTP vs a LIKE scan in this process), list/detail/statistics
 * (HTTP vs the floor: the same SQL on better-sqlite3 + DTO + JSON.stringify here), AI overhead (the app
 * vs the fake model server directly), cold start and memory, and page weight and Web Vitals in Chromium.
 * Each section prints a table; everything lands in bench/results/bench-<time>.json (and bench-latest.json).
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Floor } from "./floor.ts";
import {
  appEnv,
  arg,
  closeAgent,
  ensureBuild,
  fakeModelEnv,
  flag,
  freePort,
  loadNow,
  machine,
  machineLine,
  numArg,
  printTable,
  request,
  round,
  rssMb,
  seededDb,
  sleep,
  startApp,
  startFakeModel,
  stats,
  verdict,
  writeResult,
  type AppProcess,
} from "./lib.ts";
import { measurePages, type PageResult } from "./pages.ts";

const quick = flag("quick");
const sizes = (arg("sizes") ?? (quick ? "2000" : "10000,100000")).split(",").map(Number);
const RUNS = numArg("runs", quick ? 12 : 40);
const TARGET = {
  searchRatio: 20,
  searchServerMs: 10,
  floorRatio: 2,
  aiAddedMs: 5,
  firstByteMs: 50,
  p99Ms: 200,
};

interface Target {
  what: string;
  measured: number;
  target: string;
  ok: boolean;
  load: number;
}
const targets: Target[] = [];
const target = (what: string, measured: number, target: string, ok: boolean) =>
  targets.push({ what, measured: round(measured, 2), target, ok, load: loadNow() });

const m0 = machine();
console.log(`Reverie benchmark${quick ? " (quick)" : ""}: ${machineLine(m0)}`);
if (m0.loadavg[0] > m0.cores)
  console.log(
    `Note: the machine is busy (load ${m0.loadavg[0]} on ${m0.cores} cores); absolute times are inflated, ratios less so.`,
  );

ensureBuild({ force: flag("build") });
const fakePort = await freePort();
const fake = await startFakeModel(fakePort);
const fakeEnv = fakeModelEnv(fake.url);

const result: Record<string, unknown> = { machine: m0, quick, runs: RUNS, sizes, targets: TARGET };
const searchRows: Record<string, unknown>[] = [];
const floorRows: Record<string, unknown>[] = [];
const memory: Record<string, unknown>[] = [];

/* ---------------- search and floor, per database size ---------------- */

const SEARCHES: { kind: "common" | "rare"; q: string }[] = [
  { kind: "common", q: "the" },
  { kind: "common", q: "grateful" },
  { kind: "common", q: "walk" },
  { kind: "rare", q: "Marie Curie" },
  { kind: "rare", q: "WATERCOLOURS" },
  { kind: "rare", q: "münchen" },
];

/** Whole-hour zones, so that each statistics call of the loop misses the app's per-zone cache. */
const ZONES = Intl.supportedValuesOf("timeZone").filter((z) => {
  const off =
    new Intl.DateTimeFormat("en-US", { timeZone: z, timeZoneName: "longOffset" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  return /^GMT([+-]\d{2}:00)?$/u.test(off);
});

async function timeApp(app: AppProcess, pathname: string): Promise<{ ms: number; server: number; body: string }> {
  const r = await request(app.url, "GET", pathname);
  if (r.status !== 200) throw new Error(`GET ${pathname}: ${r.status} ${r.body.toString().slice(0, 300)}`);
  return { ms: r.ms, server: r.serverMs, body: r.body.toString() };
}

function timeSync(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const sameJson = (a: string, b: string) => JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));

for (const size of sizes) {
  const seeded = seededDb(size);
  console.log(
    `\n=== ${size} entries (${seeded.reused ? "reused" : `seeded in ${(seeded.seedMs / 1000).toFixed(1)} s`}: ${seeded.dbFile})`,
  );
  const port = await freePort();
  const app = await startApp(port, appEnv(seeded.dbFile, seeded.uploadDir, fakeEnv));
  const ro = new Database(seeded.dbFile, { readonly: true, fileMustExist: true });
  const floor = new Floor(ro);
  const ids = (ro.prepare(`SELECT "id" FROM "entries" ORDER BY "created_at" DESC`).all() as { id: string }[]).map(
    (r) => r.id,
  );
  const pickId = (i: number) => ids[(i * 7919) % ids.length]!;

  // Warm both sides: the app's routes compile lazily on first use, SQLite's page cache fills.
  for (let i = 0; i < 5; i++) {
    await timeApp(app, `/api/entries?limit=20`);
    await timeApp(app, `/api/entries/${pickId(i)}`);
    await timeApp(app, `/api/entries/statistics?tz=UTC`);
    await timeApp(app, `/api/entries?limit=20&search=${encodeURIComponent("grateful")}`);
    floor.listPage({}, 20);
    floor.likePage("grateful");
  }

  // Search: app over HTTP vs LIKE scan here, interleaved.
  console.log(
    `\nSearch, ${size} entries, ${RUNS} runs each (page of 20 + total). LIKE = scan of every row in this process.`,
  );
  const sRows: (string | number)[][] = [];
  for (const { kind, q } of SEARCHES) {
    const http: number[] = [];
    const server: number[] = [];
    const like: number[] = [];
    const fts: number[] = [];
    let appTotal = -1;
    let likeTotal = -1;
    let plan = "";
    for (let i = 0; i < RUNS; i++) {
      const r = await timeApp(app, `/api/entries?limit=20&search=${encodeURIComponent(q)}`);
      http.push(r.ms);
      server.push(r.server);
      appTotal = (JSON.parse(r.body) as { total: number }).total;
      like.push(timeSync(() => (likeTotal = floor.likePage(q))));
      fts.push(timeSync(() => (plan = floor.ftsPage(q).plan)));
    }
    const h = stats(http);
    const s = stats(server);
    const l = stats(like);
    const f = stats(fts);
    const ratio = l.median / s.median;
    searchRows.push({
      size,
      kind,
      q,
      plan,
      matches: appTotal,
      like_matches: likeTotal,
      http: h,
      server: s,
      fts_in_process: f,
      like: l,
      ratio_like_over_server: round(ratio, 1),
      ratio_like_over_http: round(l.median / h.median, 1),
    });
    sRows.push([
      `${kind} "${q}"`,
      String(appTotal),
      plan,
      h.median,
      h.p95,
      s.median,
      s.p95,
      f.median,
      l.median,
      l.p95,
      round(ratio, 1),
      round(l.median / h.median, 2),
    ]);
    if (size >= 100_000) {
      target(
        `search ${kind} "${q}" @${size}: LIKE/server ratio`,
        ratio,
        `>= ${TARGET.searchRatio}`,
        ratio >= TARGET.searchRatio,
      );
      target(
        `search ${kind} "${q}" @${size}: server median ms`,
        s.median,
        `< ${TARGET.searchServerMs}`,
        s.median < TARGET.searchServerMs,
      );
    }
  }
  printTable(
    [
      "query",
      "matches",
      "plan",
      "http med",
      "http p95",
      "server med",
      "server p95",
      "fts here",
      "LIKE med",
      "LIKE p95",
      "LIKE/server",
      "LIKE/http",
    ],
    sRows,
  );

  // Read endpoints: HTTP vs floor, interleaved; responses compared once for equality.
  console.log(
    `\nRead endpoints, ${size} entries, ${RUNS} runs each: HTTP round trip and server time against the floor (same SQL + DTO + JSON.stringify here).`,
  );
  const cases: { name: string; path: (i: number) => string; floor: (i: number) => string; compare: boolean }[] = [
    {
      name: "list page 1 (20)",
      path: () => `/api/entries?limit=20&tz=UTC`,
      floor: () => floor.listPage({}, 20, 0),
      compare: true,
    },
    {
      name: "list page 250 (20)",
      path: () => `/api/entries?limit=20&offset=${Math.min(4980, size - 20)}&tz=UTC`,
      floor: () => floor.listPage({}, 20, Math.min(4980, size - 20)),
      compare: true,
    },
    {
      name: "entry detail",
      path: (i) => `/api/entries/${pickId(i)}`,
      floor: (i) => floor.detail(pickId(i)),
      compare: true,
    },
    {
      name: "statistics (new zone)",
      path: (i) => `/api/entries/statistics?tz=${encodeURIComponent(ZONES[(i + size) % ZONES.length]!)}`,
      floor: (i) => floor.statistics(ZONES[(i + size) % ZONES.length]!),
      compare: false,
    },
    {
      name: "statistics (cached)",
      path: () => `/api/entries/statistics?tz=UTC`,
      floor: () => floor.statistics("UTC"),
      compare: true,
    },
  ];
  const fRows: (string | number)[][] = [];
  for (const c of cases) {
    const http: number[] = [];
    const server: number[] = [];
    const fl: number[] = [];
    let same: boolean | undefined;
    for (let i = 0; i < RUNS; i++) {
      const r = await timeApp(app, c.path(i));
      http.push(r.ms);
      server.push(r.server);
      let out = "";
      fl.push(timeSync(() => (out = c.floor(i))));
      if (c.compare && i === 0) same = sameJson(r.body, out);
    }
    const h = stats(http);
    const s = stats(server);
    const f = stats(fl);
    const rHttp = h.median / f.median;
    const rServer = s.median / f.median;
    floorRows.push({
      size,
      name: c.name,
      http: h,
      server: s,
      floor: f,
      ratio_http: round(rHttp, 2),
      ratio_server: round(rServer, 2),
      same_json: same ?? null,
    });
    fRows.push([
      c.name,
      h.median,
      h.p95,
      s.median,
      s.p95,
      f.median,
      f.p95,
      round(rHttp, 2),
      round(rServer, 2),
      same === undefined ? "n/a" : same ? "yes" : "NO",
    ]);
    target(`${c.name} @${size}: HTTP / floor`, rHttp, `<= ${TARGET.floorRatio}`, rHttp <= TARGET.floorRatio);
    target(`${c.name} @${size}: server / floor`, rServer, `<= ${TARGET.floorRatio}`, rServer <= TARGET.floorRatio);
    if (same === false) target(`${c.name} @${size}: app and floor give the same JSON`, 0, "same", false);
  }
  printTable(
    [
      "endpoint",
      "http med",
      "http p95",
      "server med",
      "server p95",
      "floor med",
      "floor p95",
      "http/floor",
      "server/floor",
      "same JSON",
    ],
    fRows,
  );

  // The fixed cost of any API request (Next's routing, the proxy, HTTP on loopback): a route that reads nothing.
  {
    const http: number[] = [];
    const server: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await timeApp(app, "/api/auth/status");
      http.push(r.ms);
      server.push(r.server);
    }
    const h = stats(http);
    const s = stats(server);
    floorRows.push({ size, name: "fixed cost (GET /api/auth/status)", http: h, server: s });
    console.log(
      `Fixed cost of a request that reads nothing (GET /api/auth/status): round trip median ${h.median} ms (p95 ${h.p95}), server ${s.median} ms.`,
    );
  }

  memory.push({ size, rss_mb_after_reads: rssMb(app.pid) });
  console.log(`\nServer memory after these reads: ${rssMb(app.pid)} MB RSS`);

  /* ---------------- AI overhead (once, on the first database) ---------------- */
  if (size === sizes[0] && !flag("skip-ai")) result.ai = await aiBench(app);

  /* ---------------- pages (10k or the first database) ---------------- */
  if ((size === 10_000 || (quick && size === sizes[0])) && !flag("skip-pages")) {
    console.log(`\nPages in Chromium with ${size} entries (desktop viewport, loopback, no throttling):`);
    const pages = await measurePages(app.url, ["/", "/journal", "/timeline"]);
    if (pages) {
      printPages(pages);
      result.pages = { entries: size, screens: pages };
    } else {
      result.pages = { skipped: "no Chromium found (set CHROMIUM_PATH)" };
    }
  }

  ro.close();
  await app.stop();
}

/* ---------------- AI ---------------- */

async function aiBench(app: AppProcess) {
  const N = quick ? 20 : 100;
  console.log(
    `\nAI overhead: the app (HTTP, real provider code, Gemini wire protocol) against the fake model server directly, N=${N}, interleaved.`,
  );
  const content =
    "This morning I walked to the lake before work. The air was cold and clear, and for once my head felt quiet. " +
    "Work was busy but fine; I finished the report I had been putting off. In the evening I called my sister.";
  const appBody = JSON.stringify({ content, content_type: "text" });
  const post = (
    base: string,
    p: string,
    body: string,
    headers: Record<string, string> = {},
    onFirstChunk?: (c: Buffer, ms: number) => void,
  ) => request(base, "POST", p, { body, headers: { "content-type": "application/json", ...headers }, onFirstChunk });
  await request(fake.url, "POST", "/__reset", { body: "{}" });

  const viaApp = async () => {
    const r = await post(app.url, "/api/ai/analyze-text", appBody);
    if (r.status !== 200)
      throw new Error(`analyze-text through the app: ${r.status} ${r.body.toString().slice(0, 300)}`);
    return r;
  };
  for (let i = 0; i < 10; i++) await viaApp();
  const lastSent = async () => {
    const list = JSON.parse((await request(fake.url, "GET", "/__requests")).body.toString()) as {
      path: string;
      body: unknown;
      headers: Record<string, string>;
    }[];
    const sent = list.at(-1);
    if (!sent) throw new Error("the fake model server saw no request");
    const headers: Record<string, string> = {};
    for (const h of ["x-goog-api-key", "authorization"]) if (sent.headers[h]) headers[h] = sent.headers[h];
    return { path: sent.path, body: JSON.stringify(sent.body), headers };
  };
  const sent = await lastSent();
  const direct = async () => {
    const r = await post(fake.url, sent.path, sent.body, sent.headers);
    if (r.status !== 200) throw new Error(`direct: ${r.status}`);
    return r;
  };
  for (let i = 0; i < 10; i++) await direct();
  const a: number[] = [];
  const aServer: number[] = [];
  const d: number[] = [];
  for (let i = 0; i < N; i++) {
    const r = await viaApp();
    a.push(r.ms);
    aServer.push(r.serverMs);
    d.push((await direct()).ms);
    if (i % 50 === 49) await request(fake.url, "POST", "/__reset", { body: "{}" });
  }

  // Streaming chat: the model sends 20 pieces 5 ms apart; first byte and whole answer, app vs direct.
  const chunks = Array.from({ length: 20 }, (_, i) => `piece ${i} of the reply. `);
  await request(fake.url, "POST", "/__reset", { body: "{}" });
  await request(fake.url, "POST", "/__script", {
    body: JSON.stringify({ task: "chat", times: 0, reply: { chunks, chunkDelayMs: 5 } }),
    headers: { "content-type": "application/json" },
  });
  const chatBody = JSON.stringify({ message: "I had a long day and want to talk it through.", stream: true });
  const chatApp = async () => {
    let firstToken = Number.NaN;
    const t0 = performance.now();
    const r = await request(app.url, "POST", "/api/ai/chat", {
      body: chatBody,
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      onFirstChunk: () => (firstToken = performance.now() - t0),
    });
    const text = r.body.toString();
    if (r.status !== 200 || !text.includes('"type":"text-delta"') || !text.includes('"type":"finish"'))
      throw new Error(`chat stream through the app: ${r.status} ${text.slice(0, 300)}`);
    return { first: firstToken, total: r.ms, server: r.serverMs };
  };
  for (let i = 0; i < 5; i++) await chatApp();
  const chatSent = await lastSent();
  const chatDirect = async () => {
    const r = await post(fake.url, chatSent.path, chatSent.body, chatSent.headers);
    if (r.status !== 200) throw new Error(`direct stream: ${r.status}`);
    return { first: r.firstByteMs, total: r.ms };
  };
  for (let i = 0; i < 5; i++) await chatDirect();
  const ca: { first: number; total: number; server: number }[] = [];
  const cd: { first: number; total: number }[] = [];
  const NS = Math.max(10, Math.round(N / 2));
  for (let i = 0; i < NS; i++) {
    ca.push(await chatApp());
    cd.push(await chatDirect());
  }
  await request(fake.url, "POST", "/__reset", { body: "{}" });

  const sa = stats(a);
  const sd = stats(d);
  const cfa = stats(ca.map((x) => x.first));
  const cfd = stats(cd.map((x) => x.first));
  const cta = stats(ca.map((x) => x.total));
  const ctd = stats(cd.map((x) => x.total));
  printTable(
    ["call", "app med", "app p95", "direct med", "direct p95", "added med", "added p95", "target"],
    [
      [
        "analyze-text (whole answer)",
        sa.median,
        sa.p95,
        sd.median,
        sd.p95,
        sa.median - sd.median,
        sa.p95 - sd.p95,
        `<= ${TARGET.aiAddedMs} ms`,
      ],
      [
        "chat stream: first byte",
        cfa.median,
        cfa.p95,
        cfd.median,
        cfd.p95,
        cfa.median - cfd.median,
        cfa.p95 - cfd.p95,
        `<= ${TARGET.firstByteMs} ms`,
      ],
      [
        "chat stream: whole answer",
        cta.median,
        cta.p95,
        ctd.median,
        ctd.p95,
        cta.median - ctd.median,
        cta.p95 - ctd.p95,
        "",
      ],
    ],
  );
  target(
    "analyze-text: added median ms",
    sa.median - sd.median,
    `<= ${TARGET.aiAddedMs}`,
    sa.median - sd.median <= TARGET.aiAddedMs,
  );
  target(
    "chat stream: first byte after the model's, median ms",
    cfa.median - cfd.median,
    `<= ${TARGET.firstByteMs}`,
    cfa.median - cfd.median <= TARGET.firstByteMs,
  );
  return {
    n: N,
    analyze_text: { app: sa, app_server: stats(aServer), direct: sd, added_median_ms: round(sa.median - sd.median, 2) },
    chat_stream: {
      n: NS,
      first_byte_app: cfa,
      first_byte_direct: cfd,
      total_app: cta,
      total_direct: ctd,
      first_byte_added_median_ms: round(cfa.median - cfd.median, 2),
    },
  };
}

function printPages(pages: PageResult[]) {
  printTable(
    ["screen", "JS gzip kB", "JS files", "all kB", "LCP ms", "CLS", "long tasks", "TBT-like ms", "load ms"],
    pages.map((p) => [
      p.path,
      p.scriptKb,
      String(p.scriptFiles),
      p.totalKb,
      p.lcpMs,
      p.cls,
      String(p.longTasks),
      p.tbtMs,
      p.loadMs,
    ]),
  );
}

/* ---------------- cold start and idle memory ---------------- */

{
  const N = quick ? 1 : 3;
  console.log(
    `\nCold start: next start on an empty data folder (every migration pending) to the first 200 of GET /api/entries, ${N} run(s).`,
  );
  const ready: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < N; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-cold-"));
    const app = await startApp(await freePort(), appEnv(path.join(dir, "journal.db"), path.join(dir, "uploads")));
    ready.push(app.readyMs);
    await sleep(3000);
    rss.push(rssMb(app.pid));
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const r = stats(ready);
  const m = stats(rss);
  printTable(
    ["", "median", "max"],
    [
      ["to first 200 (ms)", r.median, r.max],
      ["idle RSS after 3 s (MB)", m.median, m.max],
    ],
  );
  result.cold_start = { ready_ms: r, idle_rss_mb: m };
}

await fake.stop();
closeAgent();

result.search = searchRows;
result.floor = floorRows;
result.memory = memory;
result.summary = targets;
result.machine_end = machine();

console.log(`\nTargets (load average at the time of each measurement; ${m0.cores} cores):`);
printTable(
  ["what", "measured", "target", "", "load"],
  targets.map((t) => [t.what, t.measured, t.target, verdict(t.ok), t.load]),
);
const file = writeResult(quick ? "bench-quick" : "bench", result);
console.log(
  `\nWritten to ${path.relative(process.cwd(), file)}. Load average at the end: ${machine().loadavg.join(" / ")}.`,
);
