/**
 * Bad input over HTTP: the whole corpus of scripts/reliability/fuzz-corpus.ts (every API route, huge
 * bodies included) against `next start` on a fresh data folder. Every answer must be below 500 and, when
 * 4xx, in the one JSON error shape; invalid input must get a 4xx; the server must stay up throughout.
 *
 *   npm run reliability:fuzz [-- --only /api/entries]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  appEnv,
  arg,
  ensureBuild,
  freePort,
  machine,
  machineLine,
  printTable,
  request,
  startApp,
  verdict,
  writeResult,
} from "../bench/lib.ts";
import { buildCorpus, ENTRY, judge } from "./fuzz-corpus.ts";

const m0 = machine();
const only = arg("only");
const corpus = buildCorpus().filter((c) => !only || c.route === only);
console.log(`Fuzz: ${corpus.length} cases over ${new Set(corpus.map((c) => c.route)).size} routes. ${machineLine(m0)}`);
ensureBuild();

const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-fuzz-"));
const app = await startApp(await freePort(), appEnv(path.join(dir, "journal.db"), path.join(dir, "uploads")));
const created = await request(app.url, "POST", "/api/entries", {
  body: JSON.stringify({ content: "The fuzz target entry." }),
  headers: { "content-type": "application/json" },
});
if (created.status !== 201) throw new Error(`could not create the target entry: ${created.status}`);
const entryId = (JSON.parse(created.body.toString()) as { id: string }).id;

const alive = async () => {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return false;
  try {
    return (await request(app.url, "GET", "/api/auth/status", { timeoutMs: 10_000 })).status === 200;
  } catch {
    return false;
  }
};

const problems: { route: string; case: string; problem: string }[] = [];
const resolved: string[] = [];
const byRoute = new Map<string, { cases: number; s2: number; s4: number; s5: number; problems: number }>();
const statuses = new Map<number, number>();
let down = false;
const t0 = performance.now();
for (const [i, c] of corpus.entries()) {
  const sub = (s: string) => s.replaceAll(ENTRY, entryId);
  const r = byRoute.get(c.route) ?? { cases: 0, s2: 0, s4: 0, s5: 0, problems: 0 };
  byRoute.set(c.route, r);
  r.cases++;
  let status = 0;
  let problem: string | null;
  try {
    const res = await request(app.url, c.method, sub(c.path), {
      body: c.body === undefined ? undefined : typeof c.body === "string" ? c.body : Buffer.from(c.body),
      headers: c.headers,
      timeoutMs: 60_000,
    });
    status = res.status;
    problem = judge(c, res.status, res.body.toString(), String(res.headers["content-type"] ?? ""));
  } catch (err) {
    // A server that refuses a huge body may close the connection before reading it all: fine if it stays up.
    const reset = /ECONNRESET|EPIPE|socket hang up/u.test(String(err));
    problem = reset && (await alive()) && c.slow ? null : `request failed: ${String(err)}`;
  }
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 200 && status < 300) r.s2++;
  else if (status >= 400 && status < 500) r.s4++;
  else if (status >= 500) r.s5++;
  if (problem && c.dotSegment && status < 500) {
    resolved.push(`${c.method} ${sub(c.path)} -> ${status}`);
  } else if (problem) {
    r.problems++;
    problems.push({ route: c.route, case: `${c.method} ${c.name}`, problem });
  }
  if (i % 50 === 49 && !(await alive())) {
    down = true;
    problems.push({ route: c.route, case: `${c.method} ${c.name}`, problem: "the server is down after this case" });
    break;
  }
}
const upAtEnd = await alive();
const seconds = (performance.now() - t0) / 1000;
await app.stop();
rmSync(dir, { recursive: true, force: true });

printTable(
  ["route", "cases", "2xx", "4xx", "5xx", "problems"],
  [...byRoute].map(([route, r]) => [
    route,
    String(r.cases),
    String(r.s2),
    String(r.s4),
    String(r.s5),
    String(r.problems),
  ]),
);
console.log(
  `\n${corpus.length} cases in ${seconds.toFixed(1)} s. Answers by status: ${[...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s || "none"}: ${n}`)
    .join(", ")}.`,
);
console.log(`Server up at the end: ${upAtEnd && !down ? "yes" : "NO"}. ${verdict(!problems.length && upAtEnd)}`);
if (resolved.length) {
  console.log(
    `Addresses with a ".." segment are resolved by HTTP before routing (a redirect or another address answers): ${resolved.length}, not counted.`,
  );
}
for (const p of problems.slice(0, 40)) console.log(`  ${p.route}  ${p.case}: ${p.problem}`);
if (problems.length > 40) console.log(`  … and ${problems.length - 40} more (see the JSON file)`);
const file = writeResult("fuzz", {
  machine: m0,
  cases: corpus.length,
  seconds,
  statuses: Object.fromEntries(statuses),
  by_route: Object.fromEntries(byRoute),
  problems,
  up_at_end: upAtEnd,
});
console.log(`Written to ${path.relative(process.cwd(), file)}.`);
if (problems.length || !upAtEnd) process.exitCode = 1;
