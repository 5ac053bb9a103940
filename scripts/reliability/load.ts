/**
 * Load: autocannon in this process against `next start` in another, on loopback, over a copy of a
 * seeded 10k-entry journal. Each connection repeats: list a page, search, create, update what it
 * created, create another, delete the first, read the second. A ledger keeps every acknowledged write
 * (a 201 create, a 200 update, a 200 delete); afterwards the database must hold every acknowledged
 * create that was not deleted, with the content of its last acknowledged update, and none of the
 * deleted ones.
 *
 *   npm run reliability:load                      50 connections, 30 s
 *   npm run reliability:load -- --connections 10 --duration 5 --entries 2000
 */
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  appEnv,
  ensureBuild,
  freePort,
  loadNow,
  machine,
  machineLine,
  numArg,
  printTable,
  rssMb,
  seededDb,
  startApp,
  stats,
  verdict,
  writeResult,
} from "../bench/lib.ts";

const CONNECTIONS = numArg("connections", 50);
const DURATION = numArg("duration", 30);
const ENTRIES = numArg("entries", 10_000);
const P99_TARGET = 200;

const m0 = machine();
console.log(`Load: ${CONNECTIONS} connections for ${DURATION} s over ${ENTRIES} entries. ${machineLine(m0)}`);
ensureBuild();
const seeded = seededDb(ENTRIES);
const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-load-"));
const dbFile = path.join(dir, "journal.db");
{
  const src = new Database(seeded.dbFile);
  src.pragma("wal_checkpoint(TRUNCATE)");
  src.close();
  copyFileSync(seeded.dbFile, dbFile);
  mkdirSync(path.join(dir, "uploads"));
}
const initial = (
  new Database(dbFile, { readonly: true }).prepare(`SELECT count(*) AS n FROM "entries"`).get() as { n: number }
).n;
const app = await startApp(await freePort(), appEnv(dbFile, path.join(dir, "uploads")));
console.log(`Server ready in ${Math.round(app.readyMs)} ms (pid ${app.pid}).`);

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const WORDS = ["grateful", "walk", "dinner", "Marie Curie", "team meeting", "lake", "coffee", "München"];

/** The acknowledged writes. */
const created = new Map<string, string>(); // id -> sha256 of the content last acknowledged
const deleted = new Set<string>();
/** Writes sent whose answer had not come when the run stopped may or may not have happened. */
const deleteSent = new Set<string>();
const updateSent = new Map<string, string>();
const kinds = ["list", "search", "create", "update", "create2", "delete", "read"] as const;
const lat: Record<string, number[]> = Object.fromEntries(kinds.map((k) => [k, []]));
const bad: string[] = [];
/** Each connection's first request: its time includes the TCP connect, queued while the server is busy with the others. */
const firstOnConnection: number[] = [];
/** True while autocannon constructs its clients (each builds its first request then, in one synchronous loop). */
let constructing: boolean | undefined;
function inConstruction(): boolean {
  if (constructing === undefined) {
    constructing = true;
    setImmediate(() => (constructing = false));
  }
  return constructing;
}
let seq = 0;

interface Ctx {
  /** Set up while autocannon built its connections: sent once the connection opens, and timed from before. */
  onConnect?: boolean;
  n?: number;
  t0?: number;
  first?: string;
  second?: string;
  content?: string;
}
const json = { "content-type": "application/json" };

function step(
  kind: (typeof kinds)[number],
  setup: (req: autocannon.Request, c: Ctx) => autocannon.Request,
  ok: number,
  after?: (body: string, c: Ctx) => void,
): autocannon.Request {
  return {
    setupRequest: (req, context) => {
      const c = context as Ctx;
      c.t0 = performance.now();
      c.onConnect = inConstruction();
      return setup(req, c);
    },
    onResponse: (status, body, context) => {
      const c = context as Ctx;
      const ms = performance.now() - (c.t0 ?? performance.now());
      if (c.onConnect) firstOnConnection.push(ms);
      else lat[kind]!.push(ms);
      if (status !== ok) {
        if (bad.length < 20) bad.push(`${kind}: ${status} ${body.slice(0, 200)}`);
        return;
      }
      after?.(body, c);
    },
  };
}

const requests: autocannon.Request[] = [
  step("list", (r) => ({ ...r, method: "GET", path: "/api/entries?limit=20&tz=UTC" }), 200),
  step(
    "search",
    (r, c) => ({
      ...r,
      method: "GET",
      path: `/api/entries?limit=20&search=${encodeURIComponent(WORDS[(c.n = ++seq) % WORDS.length]!)}`,
    }),
    200,
  ),
  step(
    "create",
    (r, c) => {
      c.first = undefined;
      c.second = undefined;
      c.content = `Load test entry ${c.n}-a: a day with a long walk and a quiet dinner.`;
      return {
        ...r,
        method: "POST",
        path: "/api/entries",
        headers: json,
        body: JSON.stringify({ content: c.content, tags: ["load", `n${c.n! % 7}`], ai_mood_score: 7.5 }),
      };
    },
    201,
    (body, c) => {
      c.first = (JSON.parse(body) as { id: string }).id;
      created.set(c.first, sha(c.content!));
    },
  ),
  step(
    "update",
    (r, c) => {
      c.content = `Load test entry ${c.n}-a, edited: the walk was longer than planned.`;
      updateSent.set(c.first!, sha(c.content));
      return {
        ...r,
        method: "PUT",
        path: `/api/entries/${c.first}`,
        headers: json,
        body: JSON.stringify({ content: c.content, tags: ["load", "edited"] }),
      };
    },
    200,
    (_b, c) => created.set(c.first!, sha(c.content!)),
  ),
  step(
    "create2",
    (r, c) => {
      c.content = `Load test entry ${c.n}-b: wrote this one to keep.`;
      return {
        ...r,
        method: "POST",
        path: "/api/entries",
        headers: json,
        body: JSON.stringify({ content: c.content, mood: "calm" }),
      };
    },
    201,
    (body, c) => {
      c.second = (JSON.parse(body) as { id: string }).id;
      created.set(c.second, sha(c.content!));
    },
  ),
  step(
    "delete",
    (r, c) => {
      deleteSent.add(c.first!);
      return { ...r, method: "DELETE", path: `/api/entries/${c.first}` };
    },
    200,
    (_b, c) => deleted.add(c.first!),
  ),
  step("read", (r, c) => ({ ...r, method: "GET", path: `/api/entries/${c.second}` }), 200),
];

// Warm-up outside the measurement: the first request to each route loads its code.
{
  const { request } = await import("../bench/lib.ts");
  for (let i = 0; i < 3; i++) {
    await request(app.url, "GET", "/api/entries?limit=20&tz=UTC");
    await request(app.url, "GET", `/api/entries?limit=20&search=${encodeURIComponent(WORDS[i]!)}`);
    const made = await request(app.url, "POST", "/api/entries", {
      body: JSON.stringify({ content: "Warm-up entry." }),
      headers: json,
    });
    const id = (JSON.parse(made.body.toString()) as { id: string }).id;
    await request(app.url, "PUT", `/api/entries/${id}`, {
      body: JSON.stringify({ content: "Warm-up entry, edited." }),
      headers: json,
    });
    await request(app.url, "GET", `/api/entries/${id}`);
    await request(app.url, "DELETE", `/api/entries/${id}`);
  }
}

const load0 = loadNow();
const result = await autocannon({
  url: app.url,
  connections: CONNECTIONS,
  duration: DURATION,
  pipelining: 1,
  timeout: 30,
  requests,
});
const loadDuring = loadNow();
const rss = rssMb(app.pid);
await app.stop();

// The ledger against the database.
const db = new Database(dbFile, { readonly: true });
const integrity = (db.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
const get = db.prepare<[string], { content: string }>(`SELECT "content" FROM "entries" WHERE "id" = ?`);
let missing = 0;
let stale = 0;
let resurrected = 0;
let deletesInFlight = 0;
for (const [id, hash] of created) {
  if (deleted.has(id)) {
    if (get.get(id)) resurrected++;
    continue;
  }
  const row = get.get(id);
  if (!row) {
    if (deleteSent.has(id)) deletesInFlight++;
    else missing++;
  } else if (sha(row.content) !== hash && updateSent.get(id) !== sha(row.content)) stale++;
}
const final = (db.prepare(`SELECT count(*) AS n FROM "entries"`).get() as { n: number }).n;
const ftsOk = (db.prepare(`SELECT count(*) AS n FROM "entries_fts"`).get() as { n: number }).n;
db.close();
const keptAcked = created.size - deleted.size;
const inFlight = final - initial - keptAcked;

const all = stats(Object.values(lat).flat());
const first = stats(firstOnConnection);
console.log(
  `\n${result.requests.total} requests in ${result.duration.toFixed(1)} s (${Math.round(result.requests.average)} req/s on average), load average ${load0} before, ${loadDuring} at the end, ${m0.cores} cores.`,
);
printTable(
  ["request", "count", "median ms", "p99 ms", "max ms"],
  [
    ...kinds.map((k) => {
      const s = stats(lat[k]!);
      return [k, String(s.n), s.median, s.p99, s.max];
    }),
    ["all, on open connections", String(all.n), all.median, all.p99, all.max],
    ["first on each connection (with connect)", String(first.n), first.median, first.p99, first.max],
    [
      "all (autocannon, with connects)",
      String(result.requests.total),
      result.latency.p50,
      result.latency.p99,
      result.latency.max,
    ],
  ],
);
// Connections open all at once at the start; while the server is busy with the first ones, the others wait
// to be accepted, and their first request's time includes that wait (seconds with 50 at once on 2 cores).
// The latency target is about requests, so it is read on open connections; both are printed.
const checks: [string, string, boolean][] = [
  ["connection errors", String(result.errors), result.errors === 0],
  ["timeouts", String(result.timeouts), result.timeouts === 0],
  ["non-2xx answers", String(result.non2xx), result.non2xx === 0],
  ["acknowledged creates", String(created.size), created.size > 0],
  ["acknowledged deletes", String(deleted.size), true],
  [
    "acknowledged, kept, missing from the database",
    `${missing}${deletesInFlight ? ` (+${deletesInFlight} deleted by a request in flight at the stop)` : ""}`,
    missing === 0,
  ],
  ["acknowledged update not in the database", String(stale), stale === 0],
  ["acknowledged delete still in the database", String(resurrected), resurrected === 0],
  [
    "entries: start + kept acknowledged creates = end (+ writes in flight when the run stopped)",
    `${initial} + ${keptAcked} = ${final}${inFlight ? ` (${inFlight > 0 ? "+" : ""}${inFlight} in flight)` : ""}`,
    Math.abs(inFlight) <= CONNECTIONS,
  ],
  ["search index rows = entries", `${ftsOk} / ${final}`, ftsOk === final],
  ["PRAGMA integrity_check", integrity, integrity === "ok"],
  [`p99 latency <= ${P99_TARGET} ms (open connections)`, `${all.p99} ms`, all.p99 <= P99_TARGET],
];
console.log("");
printTable(
  ["check", "value", ""],
  checks.map(([a, b, ok]) => [a, b, verdict(ok)]),
);
if (bad.length) console.log(`\nFirst failed answers:\n  ${bad.join("\n  ")}`);
console.log(`Server RSS at the end of the run: ${rss} MB.`);

const file = writeResult("load", {
  machine: m0,
  load_at_end: loadDuring,
  connections: CONNECTIONS,
  duration_s: DURATION,
  entries: ENTRIES,
  requests: result.requests.total,
  rps: result.requests.average,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  latency_autocannon: {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  },
  latency_by_kind: Object.fromEntries(kinds.map((k) => [k, stats(lat[k]!)])),
  latency_open_connections: all,
  latency_first_on_connection: first,
  ledger: {
    created: created.size,
    deleted: deleted.size,
    missing,
    deletes_in_flight: deletesInFlight,
    stale,
    resurrected,
    initial,
    final,
    in_flight: inFlight,
  },
  integrity,
  rss_mb: rss,
  failed_answers: bad,
  checks: checks.map(([what, value, ok]) => ({ what, value, ok })),
});
console.log(`Written to ${path.relative(process.cwd(), file)}.`);
rmSync(dir, { recursive: true, force: true });
// Loss or errors fail the run; a p99 over target on a busy machine is reported, not failed.
const lost = checks.filter(([w, , ok]) => !ok && !w.startsWith("p99"));
if (lost.length) process.exitCode = 1;
