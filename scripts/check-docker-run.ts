/**
 * npm run check:docker
 * The Dockerfile's run stage, checked without Docker: the standalone build laid out as the Dockerfile's
 * run stage copies it (its COPY lines are read from the Dockerfile: server.js + traced node_modules,
 * .next/static, public, prisma/migrations, docker-entrypoint.sh, server-guard.mjs), started through docker-entrypoint.sh as a non-root user (setpriv from
 * util-linux when run as root, as CI is) with PORT=7860 and SPACE_ID set, a temp folder standing in
 * for /data. Then, each with a restart in between:
 *   1. no passcode: the setup screen and 503 everywhere, nothing written;
 *   2. APP_PASSWORD on a disk at /data: log in, write, stop (SIGTERM), start, read it back;
 *   3. a FUSE mount at /data (a storage bucket, given by MOUNTS_FILE): the live database on the
 *      container's disk, the snapshot at stop in /data, the container's disk thrown away, the journal
 *      restored from /data at start.
 * Reuses .next/standalone when it is there (`npm test` builds with NEXT_OUTPUT_STANDALONE=1, so the one
 * build serves the browser tests and this check); otherwise builds it. `-- --build` rebuilds.
 * CHECK_DOCKER_PORT moves the port (default 7860, as in the image).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

// The image runs Node 24 (node:24-bookworm-slim), and so must this check: another Node (the machine's
// own 20, say) would crash on the SQLite binding built for 24 and report only "the server did not start".
const NODE_MAJOR = 24;
if (Number(process.versions.node.split(".")[0]) !== NODE_MAJOR) {
  console.error(
    `check:docker runs the image's Node ${NODE_MAJOR}, but this is Node ${process.versions.node}. Put Node ${NODE_MAJOR} first on PATH (bash .ci/run does).`,
  );
  process.exit(1);
}
const PORT = Number(process.env.CHECK_DOCKER_PORT ?? 7860);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const PASSCODE = "a lantern by the sea";
const asRoot = process.getuid?.() === 0;
const UID = 1000;
const GID = 1000;

let failures = 0;
function check(ok: boolean, what: string): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

// 1. The build.
const standalone = path.join(ROOT, ".next", "standalone");
if (process.argv.includes("--build") || !existsSync(path.join(standalone, "server.js"))) {
  console.log("Building the standalone output (NEXT_OUTPUT_STANDALONE=1) ...");
  const r = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_OUTPUT_STANDALONE: "1" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// 2. The layout of the run stage, read from the Dockerfile's own COPY lines (so the two cannot drift apart).
/** The run stage's COPY lines as copies on this machine: `--from=build` reads the build here, others the repository. */
function runStageCopies(): { from: string; to: string }[] {
  const lines = readFileSync(path.join(ROOT, "Dockerfile"), "utf8").split("\n");
  const start = lines.findIndex((l) => /^FROM\s+\S+\s+AS\s+run\s*$/iu.test(l.trim()));
  if (start < 0) throw new Error("The Dockerfile has no stage named run.");
  const copies: { from: string; to: string }[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^FROM\s/iu.test(line)) break;
    const m = /^COPY\s+(.*)$/iu.exec(line.trim());
    if (!m) continue;
    const words = m[1]!.split(/\s+/u);
    const fromBuild = words.some((w) => w === "--from=build");
    const [src, dest] = words.filter((w) => !w.startsWith("--"));
    if (!src || !dest) throw new Error(`Cannot read: ${line}`);
    const from = fromBuild ? path.join(ROOT, path.relative("/app", src)) : path.join(ROOT, src);
    const to = path.join(app, path.relative("/app", path.resolve("/app", dest)));
    if (!existsSync(from)) throw new Error(`The Dockerfile copies ${src}, which is not here (${from}).`);
    copies.push({
      from,
      to: dest.endsWith("/") && !statSync(from).isDirectory() ? path.join(to, path.basename(from)) : to,
    });
  }
  return copies;
}
const tmp = mkdtempSync(path.join(os.tmpdir(), "reverie-docker-"));
const app = path.join(tmp, "app");
const t0 = performance.now();
for (const { from, to } of runStageCopies()) {
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}
mkdirSync(path.join(app, "data"), { recursive: true });
// The image has a Node of its own at /usr/local/bin. Here the run stage gets its own copy of this Node 24
// inside the temp folder, so that the non-root user can run it wherever the clone lives (a clone under
// /root, or in a folder only root can enter, keeps uid 1000 out of the Node that CI unpacked there).
const nodeBin = path.join(tmp, "node", "bin");
mkdirSync(nodeBin, { recursive: true });
const nodeExe = path.join(nodeBin, "node");
try {
  linkSync(process.execPath, nodeExe);
} catch {
  copyFileSync(process.execPath, nodeExe);
}
chmodSync(nodeExe, 0o755);
const disk = path.join(tmp, "data-disk");
const bucket = path.join(tmp, "data-bucket");
mkdirSync(disk);
mkdirSync(bucket);
function chownTree(p: string): void {
  chownSync(p, UID, GID);
  if (statSync(p).isDirectory()) for (const n of readdirSync(p)) chownTree(path.join(p, n));
}
if (asRoot) {
  // COPY --chown=node:node, and the folders the node user may write.
  chownTree(app);
  chownSync(disk, UID, GID);
  chownSync(bucket, UID, GID);
  chownSync(tmp, UID, GID);
  chownSync(path.join(tmp, "node"), UID, GID);
  chownSync(nodeBin, UID, GID);
}
{
  // The node the run stage will start, asked as the user that will start it.
  const probe = asRoot
    ? spawnSync(
        "setpriv",
        [`--reuid=${UID}`, `--regid=${GID}`, "--clear-groups", "--", nodeExe, "-p", "process.versions.node"],
        { encoding: "utf8" },
      )
    : spawnSync(nodeExe, ["-p", "process.versions.node"], { encoding: "utf8" });
  const version = probe.stdout?.trim() ?? "";
  if (probe.status !== 0 || Number(version.split(".")[0]) !== NODE_MAJOR) {
    console.error(
      `The run stage's node (${nodeExe}) does not run as uid ${asRoot ? UID : process.getuid?.()} as Node ${NODE_MAJOR}: ${version || probe.stderr?.trim() || `exit ${probe.status}`}`,
    );
    rmSync(tmp, { recursive: true, force: true });
    process.exit(1);
  }
  console.log(`Node for the run stage: ${version} (${nodeExe})`);
}
console.log(
  `Laid out in ${app} (${Math.round(performance.now() - t0)} ms); running as ${asRoot ? `uid ${UID} through setpriv` : `uid ${process.getuid?.()} (not root)`}`,
);

// 3. The container: docker-entrypoint.sh with the image's environment.
function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const fullEnv = {
    // Only the run stage's own Node: never a machine's older node further down the PATH.
    PATH: `${nodeBin}:/usr/bin:/bin`,
    HOME: tmp,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(PORT),
    HOSTNAME: "127.0.0.1",
    SPACE_ID: "check/reverie",
    ...env,
  };
  const cmd = asRoot ? "setpriv" : "sh";
  const args = asRoot
    ? [`--reuid=${UID}`, `--regid=${GID}`, "--clear-groups", "--", "sh", "docker-entrypoint.sh"]
    : ["docker-entrypoint.sh"];
  const child = spawn(cmd, args, { cwd: app, env: fullEnv as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return { child, output: () => out };
}
async function up(c: { child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (c.child.exitCode !== null) throw new Error(`the server exited:\n${c.output()}`);
    try {
      await fetch(`${URL_BASE}/manifest.webmanifest`);
      return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${c.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stop(c: { child: ChildProcess }): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return;
  const done = new Promise((r) => c.child.once("exit", r));
  c.child.kill("SIGTERM");
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  if (c.child.exitCode === null && c.child.signalCode === null) {
    c.child.kill("SIGKILL");
    await done;
  }
}
const headers = (cookie?: string) => ({
  "content-type": "application/json",
  origin: URL_BASE,
  ...(cookie ? { cookie } : {}),
});
async function login(): Promise<string> {
  const r = await fetch(`${URL_BASE}/api/auth/login`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ passcode: PASSCODE }),
  });
  check(r.status === 200, `log in with the passcode (${r.status})`);
  return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
}
async function titles(cookie: string): Promise<string[]> {
  const r = await fetch(`${URL_BASE}/api/entries`, { headers: headers(cookie) });
  return r.status === 200 ? ((await r.json()) as { title: string }[]).map((e) => e.title) : [];
}

let current: { child: ChildProcess; output: () => string } | undefined;
try {
  // Phase 1: a Space with no passcode.
  console.log("\n1. SPACE_ID set, no APP_PASSWORD, /data a disk");
  current = start({ DATA_DIR: disk, MOUNTS_FILE: path.join(tmp, "no-mounts") });
  await up(current);
  const page = await fetch(`${URL_BASE}/timeline`, { redirect: "manual" });
  check(
    page.status === 307 && new URL(page.headers.get("location") ?? "", URL_BASE).pathname === "/setup",
    `a page goes to the setup screen (${page.status} ${page.headers.get("location")})`,
  );
  const setup = await fetch(`${URL_BASE}/setup`);
  const setupHtml = await setup.text();
  check(setup.status === 200 && setupHtml.includes("APP_PASSWORD"), "the setup screen names APP_PASSWORD");
  for (const [method, p] of [
    ["GET", "/api/entries"],
    ["POST", "/api/entries"],
    ["GET", "/api/backups"],
    ["POST", "/api/data/clear"],
  ] as const) {
    const r = await fetch(`${URL_BASE}${p}`, {
      method,
      headers: headers(),
      body: method === "POST" ? JSON.stringify({ title: "stranger", content: "x", confirm: true }) : undefined,
    });
    const body = (await r.json().catch(() => null)) as { error?: { code?: string } } | null;
    check(
      r.status === 503 && body?.error?.code === "SETUP_REQUIRED",
      `${method} ${p} answers 503 SETUP_REQUIRED (${r.status})`,
    );
  }
  await stop(current);
  check(
    !existsSync(path.join(disk, "backups")) ||
      readdirSync(path.join(disk, "backups")).filter((n) => n.endsWith(".db")).length === 0,
    "nothing was written, so no snapshot at stop",
  );

  // Phase 2: the passcode set, /data a disk.
  console.log("\n2. APP_PASSWORD set, /data a disk: write, restart, read");
  current = start({ DATA_DIR: disk, MOUNTS_FILE: path.join(tmp, "no-mounts"), APP_PASSWORD: PASSCODE });
  await up(current);
  check((await fetch(`${URL_BASE}/api/entries`)).status === 401, "without a session the API answers 401");
  let cookie = await login();
  const w = await fetch(`${URL_BASE}/api/entries`, {
    method: "POST",
    headers: headers(cookie),
    body: JSON.stringify({ title: "On the disk", content: "Written in the container." }),
  });
  check(w.status === 201, `write an entry (${w.status})`);
  await stop(current);
  check(existsSync(path.join(disk, "journal.db")), "the database lives in /data on a disk");
  if (asRoot) check(statSync(path.join(disk, "journal.db")).uid === UID, "owned by the non-root user");
  current = start({ DATA_DIR: disk, MOUNTS_FILE: path.join(tmp, "no-mounts"), APP_PASSWORD: PASSCODE });
  await up(current);
  cookie = await login();
  check((await titles(cookie)).includes("On the disk"), "after the restart the entry is there");
  await stop(current);

  // Phase 3: /data a FUSE mount (a storage bucket): the live database on the container's disk.
  console.log(
    "\n3. APP_PASSWORD set, /data a FUSE mount: the journal restored from /data after the container's disk is lost",
  );
  const mounts = path.join(tmp, "mounts");
  writeFileSync(mounts, `overlay / overlay rw 0 0\nhf-bucket ${bucket} fuse.hf-mount rw,nosuid,nodev 0 0\n`);
  current = start({ DATA_DIR: bucket, MOUNTS_FILE: mounts, APP_PASSWORD: PASSCODE });
  await up(current);
  cookie = await login();
  const w2 = await fetch(`${URL_BASE}/api/entries`, {
    method: "POST",
    headers: headers(cookie),
    body: JSON.stringify({ title: "In the bucket", content: "Kept by the snapshots." }),
  });
  check(w2.status === 201, `write an entry (${w2.status})`);
  await stop(current);
  check(current.output().includes("network mount"), "the log says /data is a network mount");
  check(
    !existsSync(path.join(bucket, "journal.db")) && existsSync(path.join(app, "data", "journal.db")),
    "the live database is on the container's disk, not in the bucket",
  );
  const snaps = existsSync(path.join(bucket, "backups"))
    ? readdirSync(path.join(bucket, "backups")).filter((n) => n.endsWith(".db"))
    : [];
  check(snaps.length >= 1, `the snapshot taken at stop is in /data/backups (${snaps.length})`);
  rmSync(path.join(app, "data"), { recursive: true, force: true }); // a new container
  mkdirSync(path.join(app, "data"));
  if (asRoot) chownSync(path.join(app, "data"), UID, GID);
  current = start({ DATA_DIR: bucket, MOUNTS_FILE: mounts, APP_PASSWORD: PASSCODE });
  await up(current);
  check(/database was missing: restored snapshot/u.test(current.output()), "the log says the journal was restored");
  cookie = await login();
  check((await titles(cookie)).includes("In the bucket"), "after the new container starts the entry is back");
  await stop(current);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failures++;
} finally {
  if (current) await stop(current);
  rmSync(tmp, { recursive: true, force: true });
}
console.log(failures ? `\n${failures} check(s) failed.` : "\nThe run stage works: every check passed.");
process.exit(failures ? 1 : 0);
