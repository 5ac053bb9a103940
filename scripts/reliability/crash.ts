/**
 * Crash safety: ten times, a write storm (entries, edits and media uploads from several clients) is cut
 * by SIGKILL of the server at a random moment, and the server is started again on the same data. After
 * each restart:
 *   - PRAGMA integrity_check is ok, and the search index has a row per entry;
 *   - every acknowledged write of every round so far is there (entries with the content last
 *     acknowledged; media rows with their size, files with the sha256 of the bytes sent);
 *   - every media file on disk has a row and every row its files (thumbnails too);
 *   - no temp file of an interrupted upload remains;
 *   - the app serves again (reads, a write, an upload, and the stored bytes of a medium).
 *
 *   npm run reliability:crash [-- --rounds 10 --clients 6 --seed 7]
 */
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  appEnv,
  ensureBuild,
  flag,
  freePort,
  loadNow,
  machine,
  machineLine,
  numArg,
  printTable,
  request,
  sleep,
  startApp,
  verdict,
  writeResult,
  type AppProcess,
} from "../bench/lib.ts";

const ROUNDS = numArg("rounds", 10);
const CLIENTS = numArg("clients", 6);
const SEED = numArg("seed", 7);

const m0 = machine();
console.log(
  `Crash safety: ${ROUNDS} rounds of SIGKILL during a write storm from ${CLIENTS} clients. ${machineLine(m0)}`,
);
ensureBuild();

let rngState = SEED >>> 0;
const rng = () => {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

// Images of several sizes (noise compresses badly, so the large ones take a while to arrive and thumbnail).
const sides = [24, 96, 300, 700, 1100];
const pool: { name: string; bytes: Buffer; sha: string }[] = [];
for (const [i, side] of sides.entries()) {
  const raw = Buffer.alloc(side * side * 3);
  for (let j = 0; j < raw.length; j++) raw[j] = Math.floor(rng() * 256);
  const bytes = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  pool.push({ name: `photo-${i}.png`, bytes, sha: sha(bytes) });
}
console.log(`Media pool: ${pool.map((p) => `${Math.round(p.bytes.length / 1024)} kB`).join(", ")}.`);

const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-crash-"));
const dbFile = path.join(dir, "journal.db");
const uploads = path.join(dir, "uploads");
const port = await freePort();
const env = appEnv(dbFile, uploads);

/** Acknowledged writes, over every round. */
const entries = new Map<string, string>(); // id -> sha256 of the content last acknowledged
const media = new Map<string, { entryId: string; size: number; sha: string }>();

interface Round {
  round: number;
  kill_after_ms: number;
  acked_entries: number;
  acked_media: number;
  temp_files_at_kill: number;
  unrecorded_files_at_kill: number;
  restart_ms: number;
  integrity: string;
  fts_rows_match: boolean;
  missing_entries: number;
  wrong_content: number;
  missing_media_rows: number;
  bad_media_files: number;
  files_without_row: number;
  rows_without_file: number;
  temp_files_left: number;
  serves: boolean;
  load: number;
}

async function storm(app: AppProcess, stopAt: { stop: boolean }) {
  const acked = { entries: 0, media: 0 };
  const client = async (c: number) => {
    let n = 0;
    while (!stopAt.stop) {
      n++;
      const content = `Crash round entry ${c}-${n}-${Math.floor(rng() * 1e9)}: wrote about the lake, the rain and a long call with Maya.`;
      try {
        const r = await fetch(`${app.url}/api/entries`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ content, tags: ["crash"] }),
        });
        if (r.status !== 201) continue;
        const id = ((await r.json()) as { id: string }).id;
        entries.set(id, sha(content));
        acked.entries++;
        if (rng() < 0.3) {
          const edited = `${content} Edited later.`;
          const u = await fetch(`${app.url}/api/entries/${id}`, {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ content: edited }),
          });
          if (u.status === 200) entries.set(id, sha(edited));
        }
        const p = pool[Math.floor(rng() * pool.length)]!;
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(p.bytes)], { type: "image/png" }), p.name);
        const m = await fetch(`${app.url}/api/entries/${id}/media`, { method: "POST", body: form });
        if (m.status === 201) {
          const dto = (await m.json()) as { id: string; size: number };
          media.set(dto.id, { entryId: id, size: p.bytes.length, sha: p.sha });
          acked.media++;
        }
      } catch {
        /* the server went away mid-request: not acknowledged */
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return acked;
}

function diskState() {
  const names = existsSync(uploads) ? readdirSync(uploads) : [];
  return { temp: names.filter((n) => n.startsWith(".tmp-")), stored: names.filter((n) => !n.startsWith(".")) };
}

function verify(): Omit<
  Round,
  | "round"
  | "kill_after_ms"
  | "acked_entries"
  | "acked_media"
  | "temp_files_at_kill"
  | "unrecorded_files_at_kill"
  | "restart_ms"
  | "serves"
  | "load"
> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const integrity = (db.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    const nEntries = (db.prepare(`SELECT count(*) AS n FROM "entries"`).get() as { n: number }).n;
    const nFts = (db.prepare(`SELECT count(*) AS n FROM "entries_fts"`).get() as { n: number }).n;
    const getEntry = db.prepare<[string], { content: string }>(`SELECT "content" FROM "entries" WHERE "id" = ?`);
    let missing = 0;
    let wrong = 0;
    for (const [id, h] of entries) {
      const row = getEntry.get(id);
      if (!row) missing++;
      else if (sha(row.content) !== h) wrong++;
    }
    const rows = db
      .prepare(`SELECT "id", "size", "stored_name" AS stored, "thumbnail_name" AS thumb FROM "media_files"`)
      .all() as { id: string; size: number; stored: string; thumb: string | null }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    let missingRows = 0;
    let badFiles = 0;
    for (const [id, m] of media) {
      const row = byId.get(id);
      if (!row || row.size !== m.size) {
        missingRows++;
        continue;
      }
      const f = path.join(uploads, row.stored);
      if (!existsSync(f) || sha(readFileSync(f)) !== m.sha) badFiles++;
    }
    const { temp, stored } = diskState();
    const known = new Set(rows.flatMap((r) => [r.stored, r.thumb].filter((x): x is string => !!x)));
    const filesWithoutRow = stored.filter((n) => !known.has(n)).length;
    const onDisk = new Set(stored);
    const rowsWithoutFile = rows.filter((r) => !onDisk.has(r.stored) || (r.thumb && !onDisk.has(r.thumb))).length;
    return {
      integrity,
      fts_rows_match: nFts === nEntries,
      missing_entries: missing,
      wrong_content: wrong,
      missing_media_rows: missingRows,
      bad_media_files: badFiles,
      files_without_row: filesWithoutRow,
      rows_without_file: rowsWithoutFile,
      temp_files_left: temp.length,
    };
  } finally {
    db.close();
  }
}

async function serves(app: AppProcess): Promise<boolean> {
  try {
    const list = await request(app.url, "GET", "/api/entries?limit=5");
    const created = await request(app.url, "POST", "/api/entries", {
      body: JSON.stringify({ content: "After the restart." }),
      headers: { "content-type": "application/json" },
    });
    if (list.status !== 200 || created.status !== 201) return false;
    const id = (JSON.parse(created.body.toString()) as { id: string }).id;
    const content = "After the restart.";
    entries.set(id, sha(content));
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pool[0]!.bytes)], { type: "image/png" }), "after.png");
    const up = await fetch(`${app.url}/api/entries/${id}/media`, { method: "POST", body: form });
    if (up.status !== 201) return false;
    const dto = (await up.json()) as { id: string };
    media.set(dto.id, { entryId: id, size: pool[0]!.bytes.length, sha: pool[0]!.sha });
    // A medium acknowledged in an earlier round comes back byte for byte.
    const some = [...media.entries()][Math.floor(rng() * media.size)]!;
    const got = await request(app.url, "GET", `/api/media/${some[0]}`);
    return got.status === 200 && sha(got.body) === some[1].sha;
  } catch {
    return false;
  }
}

const rounds: Round[] = [];
let app = await startApp(port, env);
console.log(`First start (empty data folder, migrations pending): ${Math.round(app.readyMs)} ms.`);
for (let r = 1; r <= ROUNDS; r++) {
  const stop = { stop: false };
  const killAfter = Math.round(400 + rng() * 2600);
  const before = { e: entries.size, m: media.size };
  const running = storm(app, stop);
  await sleep(killAfter);
  await app.kill();
  stop.stop = true;
  await running;
  const atKill = diskState();
  let unrecorded = 0;
  {
    const db = new Database(dbFile, { readonly: true });
    const names = new Set(
      (
        db.prepare(`SELECT "stored_name" AS s, "thumbnail_name" AS t FROM "media_files"`).all() as {
          s: string;
          t: string | null;
        }[]
      ).flatMap((x) => [x.s, x.t]),
    );
    unrecorded = atKill.stored.filter((n) => !names.has(n)).length;
    db.close();
  }
  app = await startApp(port, env);
  const v = verify();
  const ok = await serves(app);
  const round: Round = {
    round: r,
    kill_after_ms: killAfter,
    acked_entries: entries.size - before.e,
    acked_media: media.size - before.m,
    temp_files_at_kill: atKill.temp.length,
    unrecorded_files_at_kill: unrecorded,
    restart_ms: Math.round(app.readyMs),
    ...v,
    serves: ok,
    load: loadNow(),
  };
  rounds.push(round);
  console.log(
    `round ${r}: killed after ${killAfter} ms, ${round.acked_entries} entries and ${round.acked_media} media acknowledged, ${round.temp_files_at_kill} temp and ${unrecorded} unrecorded files at the kill, restart ${round.restart_ms} ms`,
  );
}
await app.stop();
const last = verify();

console.log("");
const bad = (r: Round) =>
  r.integrity !== "ok" ||
  !r.fts_rows_match ||
  r.missing_entries ||
  r.wrong_content ||
  r.missing_media_rows ||
  r.bad_media_files ||
  r.files_without_row ||
  r.rows_without_file ||
  r.temp_files_left ||
  !r.serves;
printTable(
  [
    "round",
    "kill ms",
    "entries",
    "media",
    "tmp@kill",
    "unrec@kill",
    "restart ms",
    "integrity",
    "lost entries",
    "lost media",
    "files w/o row",
    "rows w/o file",
    "tmp left",
    "serves",
    "",
  ],
  rounds.map((r) => [
    String(r.round),
    String(r.kill_after_ms),
    String(r.acked_entries),
    String(r.acked_media),
    String(r.temp_files_at_kill),
    String(r.unrecorded_files_at_kill),
    String(r.restart_ms),
    r.integrity,
    String(r.missing_entries + r.wrong_content),
    String(r.missing_media_rows + r.bad_media_files),
    String(r.files_without_row),
    String(r.rows_without_file),
    String(r.temp_files_left),
    r.serves ? "yes" : "NO",
    verdict(!bad(r)),
  ]),
);
const restart = rounds.map((r) => r.restart_ms).sort((a, b) => a - b);
console.log(
  `\nAcknowledged over all rounds: ${entries.size} entries, ${media.size} media files. Restart after a kill: median ${restart[Math.floor(restart.length / 2)]} ms, max ${restart.at(-1)} ms.`,
);
console.log(
  `After the last clean stop: integrity ${last.integrity}, lost entries ${last.missing_entries + last.wrong_content}, lost media ${last.missing_media_rows + last.bad_media_files}, files without row ${last.files_without_row}, rows without file ${last.rows_without_file}, temp files ${last.temp_files_left}.`,
);
const file = writeResult("crash", {
  machine: m0,
  rounds,
  final: last,
  acknowledged: { entries: entries.size, media: media.size },
  clients: CLIENTS,
  seed: SEED,
});
console.log(`Written to ${path.relative(process.cwd(), file)}.`);
if (!flag("keep")) rmSync(dir, { recursive: true, force: true });
else console.log(`Data kept in ${dir}`);
if (rounds.some(bad)) process.exitCode = 1;
