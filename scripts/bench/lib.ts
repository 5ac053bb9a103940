/**
 * Shared helpers of the benchmark and reliability scripts: machine facts, statistics, tables, the
 * production build, seeded databases, and `next start` processes with their own data.
 *
 * Plain Node 24 runs these scripts with the hooks of scripts/src-hooks.ts (see package.json).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, type Hash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SCRIPT_NODE_ARGS } from "../node-args.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/* ---------------- command line ---------------- */

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return undefined;
  const v = process.argv[i + 1];
  return v === undefined || v.startsWith("--") ? "true" : v;
}
export const flag = (name: string) => process.argv.includes(`--${name}`);
export const numArg = (name: string, fallback: number) => {
  const v = arg(name);
  return v === undefined ? fallback : Number(v);
};

/* ---------------- the machine ---------------- */

export interface Machine {
  cores: number;
  cpu: string;
  loadavg: [number, number, number];
  memory_gb: number;
  node: string;
  platform: string;
  commit: string;
  date: string;
}

export function machine(): Machine {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    /* not a git checkout */
  }
  const l = os.loadavg();
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    loadavg: [round(l[0]!), round(l[1]!), round(l[2]!)],
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    commit,
    date: new Date().toISOString(),
  };
}

export function machineLine(m = machine()): string {
  return `${m.cores} cores (${m.cpu}), load average ${m.loadavg.join(" / ")}, ${m.memory_gb} GB, Node ${m.node}, commit ${m.commit}`;
}

export const loadNow = () => round(os.loadavg()[0]!);

/* ---------------- statistics and tables ---------------- */

export interface Stats {
  n: number;
  median: number;
  p95: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function stats(xs: number[]): Stats {
  if (!xs.length)
    return {
      n: 0,
      median: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      mean: Number.NaN,
      min: Number.NaN,
      max: Number.NaN,
    };
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
  const median = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return {
    n: s.length,
    median: round(median, 3),
    p95: round(q(0.95), 3),
    p99: round(q(0.99), 3),
    mean: round(xs.reduce((a, b) => a + b, 0) / xs.length, 3),
    min: round(s[0]!, 3),
    max: round(s.at(-1)!, 3),
  };
}

export function printTable(head: string[], rows: (string | number)[][]): void {
  const cells = rows.map((r) => r.map((c) => (typeof c === "number" ? fmt(c) : c)));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells) console.log(line(r));
}

export function fmt(x: number): string {
  if (!Number.isFinite(x)) return "-";
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/** "ok" or "MISS" against a target, for the tables. */
export const verdict = (ok: boolean | undefined) => (ok === undefined ? "" : ok ? "ok" : "MISS");

/* ---------------- results ---------------- */

export function writeResult(name: string, data: unknown): string {
  const dir = path.join(ROOT, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/gu, "-");
  const file = path.join(dir, `${name}-${stamp}.json`);
  const text = `${JSON.stringify(data, null, 2)}\n`;
  writeFileSync(file, text);
  writeFileSync(path.join(dir, `${name}-latest.json`), text);
  return file;
}

/* ---------------- the production build ---------------- */

/** Builds the app when there is no production build (webpack where node_modules is a link, as Turbopack refuses it). */
export function ensureBuild(opts: { force?: boolean } = {}): void {
  if (!opts.force && existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  const linked = lstatSync(path.join(ROOT, "node_modules")).isSymbolicLink();
  console.log(`No production build found: running next build${linked ? " --webpack" : ""} ...`);
  const r = spawnSync(
    process.execPath,
    ["node_modules/next/dist/bin/next", "build", ...(linked ? ["--webpack"] : [])],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  if (r.status !== 0) throw new Error("next build failed");
}

/* ---------------- seeded databases ---------------- */

export const SEED_NOW = "2026-11-21T12:00:00Z";

export interface SeededDb {
  dir: string;
  dbFile: string;
  uploadDir: string;
  entries: number;
  reused: boolean;
  seedMs: number;
}

function seedFingerprint(entries: number, seed: number, media: number): string {
  const h = createHash("sha256");
  h.update(JSON.stringify({ entries, seed, media, now: SEED_NOW }));
  h.update(readFileSync(path.join(ROOT, "scripts", "seed.ts")));
  const migrations = path.join(ROOT, "prisma", "migrations");
  for (const d of readdirSync(migrations).sort()) {
    const f = path.join(migrations, d, "migration.sql");
    if (existsSync(f)) h.update(readFileSync(f));
  }
  return h.digest("hex").slice(0, 16);
}

/**
 * A deterministic journal of `entries` entries made by `npm run seed`, kept between runs in
 * BENCH_DATA_DIR (default: the system temp folder) and made again when the seed script, the
 * migrations or the parameters change.
 */
export function seededDb(entries: number, opts: { seed?: number; media?: number; fresh?: boolean } = {}): SeededDb {
  const seed = opts.seed ?? 42;
  const media = opts.media ?? 0.05;
  const base = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "reverie-bench-data");
  const dir = path.join(base, `journal-${entries}-${seed}-${seedFingerprint(entries, seed, media)}`);
  const dbFile = path.join(dir, "journal.db");
  const uploadDir = path.join(dir, "uploads");
  const marker = path.join(dir, "seeded.json");
  if (!opts.fresh && existsSync(marker)) {
    const m = JSON.parse(readFileSync(marker, "utf8")) as { ms: number };
    return { dir, dbFile, uploadDir, entries, reused: true, seedMs: m.ms };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`Seeding ${entries} entries into ${dbFile} ...`);
  const t = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      ...SCRIPT_NODE_ARGS,
      "scripts/seed.ts",
      "--entries",
      String(entries),
      "--db",
      `file:${dbFile}`,
      "--uploads",
      uploadDir,
      "--seed",
      String(seed),
      "--media",
      String(media),
      "--now",
      SEED_NOW,
      "--tz",
      "UTC",
      "--reset",
    ],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (r.status !== 0) throw new Error(`seeding ${entries} entries failed`);
  const ms = performance.now() - t;
  writeFileSync(marker, JSON.stringify({ entries, seed, media, now: SEED_NOW, ms }));
  return { dir, dbFile, uploadDir, entries, reused: false, seedMs: ms };
}

/* ---------------- a journal of the benchmark's own ---------------- */

/** A temporary folder for one run of a benchmark (`reverie-bench-<name>-…`); `cleanUp` removes it. */
export const workDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `reverie-bench-${name}-`));

/** Where a journal's files live: its database, its uploads and its snapshots, all in one folder. */
export interface JournalFiles {
  dbFile: string;
  uploadDir: string;
  backupDir: string;
}

/** A journal's files in `dir`: a copy of a seeded journal (database and uploads), or none yet without `from`. */
export function journalFiles(dir: string, from?: SeededDb): JournalFiles {
  mkdirSync(dir, { recursive: true });
  const files = {
    dbFile: path.join(dir, "journal.db"),
    uploadDir: path.join(dir, "uploads"),
    backupDir: path.join(dir, "backups"),
  };
  if (from) {
    cpSync(from.dbFile, files.dbFile);
    cpSync(from.uploadDir, files.uploadDir, { recursive: true });
  }
  return files;
}

/**
 * The production server over a journal's files, on a free port, with no automatic snapshots (a benchmark
 * takes its own). `env` adds to its environment (a passphrase, say).
 */
export async function serveJournal(
  files: JournalFiles,
  env: Record<string, string> = {},
  opts: { readyPath?: string } = {},
): Promise<AppProcess> {
  const vars = { BACKUP_DIR: files.backupDir, BACKUP_DELAY_SECONDS: "off", ...env };
  return startApp(await freePort(), appEnv(files.dbFile, files.uploadDir, vars), opts);
}

/** The headers of a JSON write from the app's own page. */
export const jsonHeaders = (app: AppProcess) => ({ "content-type": "application/json", origin: app.url });

/** Stops the servers, closes the keep-alive connections and removes the run's folder. */
export async function cleanUp(dir: string, ...apps: AppProcess[]): Promise<void> {
  for (const app of apps) await app.stop();
  closeAgent();
  rmSync(dir, { recursive: true, force: true });
}

/* ---------------- the app as a process ---------------- */

export interface AppProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** milliseconds from spawn to the first 200 */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
}

/** The env a `next start` needs to use a given data folder (and nothing from the caller's journal). */
export function appEnv(dbFile: string, uploadDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    TZ: "UTC",
    DATABASE_URL: `file:${dbFile}`,
    UPLOAD_DIR: uploadDir,
    ...extra,
  };
}

/**
 * Spawns the production server of the current build as `npm start` runs it (scripts/serve.mjs: `next
 * start` behind the early request check, on 127.0.0.1) and waits for the first 200 of `readyPath`. The
 * server runs in the spawned process itself, so its pid is the one to kill and to measure.
 */
export async function startApp(
  port: number,
  env: Record<string, string>,
  opts: { readyPath?: string; timeoutMs?: number } = {},
): Promise<AppProcess> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: ROOT,
    env: { HOSTNAME: "127.0.0.1", ...env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const readyPath = opts.readyPath ?? "/api/entries?limit=1";
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${out}`);
    try {
      const r = await request(url, "GET", readyPath, { timeoutMs: 2000 });
      if (r.status === 200) {
        readyMs = performance.now() - t0;
        break;
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer 200 on ${readyPath} in time:\n${out}`);
    }
    await sleep(25);
  }
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const waitExit = () => (exited() ? Promise.resolve() : new Promise<void>((r) => child.once("exit", () => r())));
  return {
    url,
    port,
    pid: child.pid!,
    child,
    readyMs,
    output: () => out,
    stop: async () => {
      if (exited()) return;
      const done = waitExit();
      child.kill("SIGTERM");
      await Promise.race([done, sleep(5000)]);
      if (!exited()) {
        child.kill("SIGKILL");
        await waitExit();
      }
    },
    kill: async () => {
      if (exited()) return;
      const done = waitExit();
      child.kill("SIGKILL");
      await done;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resident memory of a process and its descendants, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const kids = (p: number): number[] => {
    try {
      const list = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
      return list ? list.split(/\s+/u).map(Number) : [];
    } catch {
      return [];
    }
  };
  let kb = 0;
  const seen = new Set<number>();
  const walk = (p: number) => {
    if (seen.has(p)) return;
    seen.add(p);
    try {
      const m = /VmRSS:\s+(\d+) kB/u.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {
      /* gone */
    }
    for (const k of kids(p)) walk(k);
  };
  walk(pid);
  return round(kb / 1024, 1);
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = http.createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => (typeof a === "object" && a ? resolve(a.port) : reject(new Error("no port"))));
    });
  });
}

/* ---------------- HTTP on loopback ---------------- */

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** round trip until the last byte, ms */
  ms: number;
  /** until the first body byte, ms */
  firstByteMs: number;
  /** Server-Timing app;dur, ms */
  serverMs: number;
  /** body bytes received (also when the body is not kept) */
  bytes: number;
}

/** One request over a keep-alive connection, timed from the call to the last byte. */
export function request(
  base: string,
  method: string,
  pathname: string,
  opts: {
    body?: string | Buffer;
    headers?: Record<string, string>;
    timeoutMs?: number;
    onFirstChunk?: (chunk: Buffer, ms: number) => void;
    /** Count the body's bytes (and hash them when a hash is given) without keeping them: for large bodies timed back to back. */
    discardBody?: boolean | Hash;
  } = {},
): Promise<HttpResult> {
  const u = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstByteMs = Number.NaN;
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        agent,
        headers: { ...(opts.headers ?? {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const discard = opts.discardBody;
        res.on("data", (c: Buffer) => {
          if (!bytes) {
            firstByteMs = performance.now() - t0;
            opts.onFirstChunk?.(c, firstByteMs);
          }
          bytes += c.length;
          if (!discard) chunks.push(c);
          else if (typeof discard === "object") discard.update(c);
        });
        res.on("end", () => {
          const ms = performance.now() - t0;
          const st = /app;dur=([\d.]+)/u.exec(String(res.headers["server-timing"] ?? ""));
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms,
            firstByteMs,
            serverMs: st ? Number(st[1]) : Number.NaN,
            bytes,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error("timeout")));
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/* ---------------- the fake model server as a process ---------------- */

export interface FakeProcess {
  url: string;
  stop: () => Promise<void>;
}

export async function startFakeModel(port: number): Promise<FakeProcess> {
  const child = spawn(
    process.execPath,
    ["--no-warnings", "tests/support/fake-model-server.ts", "--port", String(port)],
    { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error("fake model server exited");
    try {
      if ((await request(url, "GET", "/__health", { timeoutMs: 1000 })).status === 200) break;
    } catch {
      /* not yet */
    }
    await sleep(50);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await done;
    },
  };
}

/** The app's provider settings pointed at a fake model server. */
export function fakeModelEnv(fakeUrl: string): Record<string, string> {
  return {
    GEMINI_BASE_URL: `${fakeUrl}/v1beta`,
    OPENAI_BASE_URL: `${fakeUrl}/v1`,
    OLLAMA_BASE_URL: fakeUrl,
    GOOGLE_GENERATIVE_AI_API_KEY: "bench-gemini-key",
    OPENAI_API_KEY: "bench-openai-key",
    DEFAULT_AI_MODEL: "gemini/gemma-3n-e4b-it",
  };
}
