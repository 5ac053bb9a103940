/**
 * `npm run test:e2e`: the browser journeys, in lanes that run side by side when the machine has the cores
 * for them, each lane a Playwright run of its own with its own app server, SQLite file and fake model
 * server (ports E2E_PORT + 100·i and FAKE_MODEL_PORT + 100·i). Spec files are shared out by their
 * measured durations (tests/e2e/durations.json, longest first to the lane with least work) so the lanes
 * end together. One lane is a plain `playwright test`.
 *
 *   E2E_LANES=2 npm run test:e2e            two lanes (by default one per two cores)
 *   npm run test:e2e -- tests/e2e/chat.spec.ts --headed   arguments go to every lane's Playwright
 *   npm run test:e2e -- --update-durations  record this run's durations per file
 *
 * Each lane's lines are printed as they come, marked with the lane's number, then a summary.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const specDir = path.join(root, "tests/e2e");
const durationsFile = path.join(specDir, "durations.json");
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseFake = Number(process.env.FAKE_MODEL_PORT ?? 4010);

const args = process.argv.slice(2);
const update = args.includes("--update-durations");
const passThrough = args.filter((a) => a !== "--update-durations");
const named = passThrough.filter((a) => /\.spec\.ts(:\d+)?$/u.test(a));
const options = passThrough.filter((a) => !named.includes(a));

const specs = named.length
  ? named
  : readdirSync(specDir)
      .filter((f) => f.endsWith(".spec.ts"))
      .sort()
      .map((f) => `tests/e2e/${f}`);
const durations = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, "utf8")) : {};
const weight = (spec) => durations[path.basename(spec.replace(/:\d+$/u, ""))] ?? 60;

// A lane keeps about two cores busy (its server and its browser): by default one lane per two cores.
const defaultLanes = Math.max(1, Math.floor(os.availableParallelism() / 2));
const laneCount = Math.max(1, Math.min(Number(process.env.E2E_LANES ?? defaultLanes), specs.length));
const lanes = Array.from({ length: laneCount }, (_, i) => ({ i, specs: [], work: 0 }));
for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const lane = lanes.reduce((a, b) => (b.work < a.work ? b : a));
  lane.specs.push(spec);
  lane.work += weight(spec);
}

function runLane(lane) {
  const port = basePort + 100 * lane.i;
  const report = path.join(root, "test-results", `e2e-lane-${port}.json`);
  rmSync(report, { force: true });
  const env = {
    ...process.env,
    E2E_PORT: String(port),
    FAKE_MODEL_PORT: String(baseFake + 100 * lane.i),
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
  };
  delete env.E2E_DATA_DIR; // each lane has its own journal
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/@playwright/test/cli.js"),
        "test",
        "--reporter=list,json",
        ...options,
        ...lane.specs,
      ],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const mark = laneCount > 1 ? `[${lane.i + 1}] ` : "";
    let rest = "";
    const print = (d) => {
      const lines = (rest + d).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${mark}${line}\n`);
    };
    child.stdout.on("data", print);
    child.stderr.on("data", print);
    child.on("close", (code) => {
      if (rest) process.stdout.write(`${mark}${rest}\n`);
      resolve({ lane, code: code ?? 1, seconds: (Date.now() - started) / 1000, report });
    });
  });
}

console.log(`Browser journeys: ${specs.length} spec files in ${laneCount} lane(s)`);
for (const lane of lanes)
  console.log(
    `  lane ${lane.i + 1}: about ${Math.round(lane.work)} s: ${lane.specs.map((s) => path.basename(s)).join(", ")}`,
  );

const results = await Promise.all(lanes.map(runLane));

// What each file took (from the JSON reports), the flaky tests, and the outcome.
const measured = {};
const flaky = [];
for (const r of results) {
  if (!existsSync(r.report)) continue;
  const walk = (suite, file) => {
    const f = suite.file ? path.basename(suite.file) : file;
    for (const s of suite.specs ?? [])
      for (const t of s.tests ?? []) {
        for (const res of t.results ?? []) measured[f] = (measured[f] ?? 0) + res.duration / 1000;
        if (t.status === "flaky") flaky.push(`${f}: ${s.title}`);
      }
    for (const child of suite.suites ?? []) walk(child, f);
  };
  for (const suite of JSON.parse(readFileSync(r.report, "utf8")).suites ?? []) walk(suite, "");
}
console.log("\n━━━ browser journeys: summary ━━━");
for (const r of results)
  console.log(
    `  lane ${r.lane.i + 1}: ${r.code === 0 ? "passed" : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(0)} s`,
  );
if (flaky.length) console.log(`  passed on the second try (flaky, to be mended):\n    ${flaky.join("\n    ")}`);
if (update) {
  const next = { ...durations };
  for (const [f, s] of Object.entries(measured)) next[f] = Math.round(s);
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`  durations written to ${path.relative(root, durationsFile)}`);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
