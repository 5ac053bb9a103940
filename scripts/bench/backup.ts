/**
 * npm run bench:backup [-- --entries 100000 --writes 300]
 *
 * Snapshots and restore at scale, on a copy of the seeded journal (100k entries by default), through
 * the real server: the time and size of a snapshot (VACUUM INTO in the server's worker, integrity
 * check, counts, media), the time of a restore (the file swap itself, and through the API with the
 * snapshot taken before it), and the latency of writes (POST /api/entries, one after another) while a
 * snapshot runs against the same writes without one. Targets: snapshot <= 3 s, restore <= 5 s,
 * write p99 during a snapshot <= 2x without.
 */
import { restoreSync } from "../../src/server/backup/core.ts";
import {
  cleanUp,
  ensureBuild,
  journalFiles,
  jsonHeaders,
  loadNow,
  machine,
  machineLine,
  numArg,
  printTable,
  request,
  round,
  seededDb,
  serveJournal,
  stats,
  workDir,
  verdict,
  writeResult,
} from "./lib.ts";

const entries = numArg("entries", 100_000);
const WRITES = numArg("writes", 300);
const SNAPSHOTS = numArg("snapshots", 3);

console.log(`Reverie backup benchmark, ${entries} entries: ${machineLine(machine())}`);
ensureBuild();
const dir = workDir("backup");
const layout = journalFiles(dir, seededDb(entries));
const app = await serveJournal(layout);
const json = jsonHeaders(app);
let n = 0;
async function write(): Promise<number> {
  const r = await request(app.url, "POST", "/api/entries", {
    body: JSON.stringify({ title: `Bench ${n++}`, content: "A short line written while the benchmark runs." }),
    headers: json,
  });
  if (r.status !== 201) throw new Error(`write: ${r.status} ${r.body.toString().slice(0, 200)}`);
  return r.ms;
}
type Snap = { id: string; bytes: number; took_ms: number; entries: number; media_new: number; media_bytes: number };
async function snapshot(): Promise<{ snap: Snap; ms: number }> {
  const r = await request(app.url, "POST", "/api/backups", { headers: { origin: app.url }, timeoutMs: 120_000 });
  if (r.status !== 201) throw new Error(`snapshot: ${r.status} ${r.body.toString()}`);
  return { snap: JSON.parse(r.body.toString()) as Snap, ms: r.ms };
}

try {
  for (let i = 0; i < 20; i++) await write(); // warm up
  // Baseline: writes with no snapshot running.
  const base: number[] = [];
  for (let i = 0; i < WRITES; i++) base.push(await write());

  // Snapshots; during each, writes one after another until it is done.
  const during: number[] = [];
  const snaps: { snap: Snap; ms: number }[] = [];
  for (let s = 0; s < SNAPSHOTS; s++) {
    let done = false;
    const p = snapshot().then((r) => ((done = true), r));
    while (!done) during.push(await write());
    snaps.push(await p);
  }
  const first = snaps[0]!;
  const later = snaps.slice(1);

  // Restore through the API (the journal is snapshotted first, then swapped).
  const rr = await request(app.url, "POST", `/api/backups/${first.snap.id}/restore`, {
    headers: { origin: app.url },
    timeoutMs: 120_000,
  });
  if (rr.status !== 200) throw new Error(`restore: ${rr.status} ${rr.body.toString()}`);
  const afterRestore = JSON.parse((await request(app.url, "GET", "/api/entries?limit=1")).body.toString()) as {
    total: number;
  };
  await app.stop();

  // The swap alone (copy, check, rename, migrations, media), server stopped.
  const t = performance.now();
  restoreSync(layout, first.snap.id);
  const swapMs = performance.now() - t;

  const b = stats(base);
  const d = stats(during);
  const snapMs = Math.max(...snaps.map((x) => x.snap.took_ms));
  const rows: (string | number)[][] = [
    [
      "snapshot, first (copies every media file)",
      `${round(first.snap.took_ms / 1000, 2)} s`,
      "<= 3 s",
      verdict(first.snap.took_ms <= 3000),
    ],
    [
      "snapshot, later ones (max)",
      later.length ? `${round(Math.max(...later.map((x) => x.snap.took_ms)) / 1000, 2)} s` : "-",
      "<= 3 s",
      later.length ? verdict(Math.max(...later.map((x) => x.snap.took_ms)) <= 3000) : "",
    ],
    [
      "snapshot size: database; media",
      `${round(first.snap.bytes / 1048576, 1)} MB; ${round(first.snap.media_bytes / 1048576, 1)} MB (${first.snap.media_new} files)`,
      "-",
      "",
    ],
    ["restore, the swap alone", `${round(swapMs / 1000, 2)} s`, "<= 5 s", verdict(swapMs <= 5000)],
    ["restore via API (snapshot first + swap)", `${round(rr.ms / 1000, 2)} s`, "-", ""],
    ["write p50 / p99 without a snapshot", `${round(b.median, 2)} / ${round(b.p99, 2)} ms (n=${b.n})`, "-", ""],
    ["write p50 / p99 during a snapshot", `${round(d.median, 2)} / ${round(d.p99, 2)} ms (n=${d.n})`, "-", ""],
    ["write p99 during / without", `${round(d.p99 / b.p99, 2)} x`, "<= 2 x", verdict(d.p99 / b.p99 <= 2)],
  ];
  printTable(["What", "Measured", "Target", ""], rows);
  console.log(
    `Entries after the restore: ${afterRestore.total} (the snapshot held ${first.snap.entries}). Load ${loadNow()}.`,
  );
  const file = writeResult("backup", {
    machine: machine(),
    entries,
    snapshots: snaps,
    snapshot_max_ms: snapMs,
    restore_swap_ms: round(swapMs),
    restore_api_ms: round(rr.ms),
    write_without: b,
    write_during: d,
    p99_ratio: round(d.p99 / b.p99),
  });
  console.log(`Written to ${file}`);
} finally {
  await cleanUp(dir, app);
}
