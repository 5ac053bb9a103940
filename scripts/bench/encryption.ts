/**
 * npm run bench:encryption [-- --entries 100000 --runs 60]
 *
 * Encrypted against plain, side by side in one run, on the same seeded journal (100k entries by
 * default): the plain copy and an encrypted copy (made by the same code as Settings, Encryption)
 * answer the same reads, interleaved run by run so that a busy machine weighs on both alike:
 * - list: the app's page query and row mapping (src/server/entries/read.ts), first and a deep page;
 * - search: the app's FTS search, a common word and a rare substring;
 * - statistics: the app's statistics queries, computed each time (a new time zone per run);
 * - a single write: one entry's content updated in its own transaction (the FTS triggers run too);
 * - media: the first 64 KiB of a 4 MB file (first byte) and a 256 KiB Range from its middle, as the
 *   media route reads them (plain bytes, or only the chunks asked for decrypted), in this process;
 * - media over HTTP: the two journals served by the app (`next start`, a production build), through
 *   GET /api/media/:id as a browser asks for it (one request at a time on a keep-alive connection): the
 *   first body byte and the last byte of the whole 4 MB video, and the first byte of a 64 KiB Range.
 * Targets: at most 1.3x on reads, at most 3x on single writes. Results land in bench/results/.
 */
import { createHash, randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { encryptJournal } from "../../src/server/crypto/convert.ts";
import { encryptBuffer } from "../../src/server/keys/media-cipher.ts";
import { openReader } from "../../src/server/keys/sealed-file.ts";
import { openDatabase } from "../../src/server/db/keyed.ts";
import { Floor } from "./floor.ts";
import {
  arg,
  closeAgent,
  ensureBuild,
  flag,
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
  verdict,
  workDir,
  writeResult,
} from "./lib.ts";

const ENTRIES = numArg("entries", 100_000);
const RUNS = numArg("runs", 60);
const TARGET = { reads: 1.3, writes: 3 };
const m0 = machine();
console.log(`Reverie encryption benchmark: ${ENTRIES} entries, ${RUNS} runs per measure. ${machineLine(m0)}`);

const seeded = seededDb(ENTRIES, { media: Number(arg("media") ?? 0.05) });
const work = workDir("enc");
try {
  // Two copies of the same journal: one stays plain, one is encrypted as Settings would do it.
  const plainPaths = journalFiles(path.join(work, "plain"), seeded);
  const encPaths = journalFiles(path.join(work, "encrypted"), seeded);
  const t0 = performance.now();
  const key = encryptJournal(encPaths, "benchmark passphrase");
  const encryptMs = performance.now() - t0;
  console.log(`Encrypting the ${ENTRIES}-entry database took ${Math.round(encryptMs)} ms.`);

  const open = (file: string, k: Buffer | null, readonly: boolean) => {
    const db = openDatabase(file, k, readonly ? { readonly: true, fileMustExist: true } : { fileMustExist: true });
    if (!readonly) {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
    }
    return db;
  };
  const sides = {
    plain: {
      ro: open(plainPaths.dbFile, null, true),
      rw: open(plainPaths.dbFile, null, false),
      key: null as Buffer | null,
    },
    encrypted: { ro: open(encPaths.dbFile, key, true), rw: open(encPaths.dbFile, key, false), key },
  };
  const floors = { plain: new Floor(sides.plain.ro), encrypted: new Floor(sides.encrypted.ro) };
  const ids = (
    sides.plain.ro.prepare(`SELECT "id" FROM "entries" ORDER BY "created_at" DESC LIMIT 500`).all() as { id: string }[]
  ).map((r) => r.id);
  const zones = Intl.supportedValuesOf("timeZone");

  // A 4 MB media file, plain and encrypted.
  const media = randomBytes(4 * 1024 * 1024);
  const plainMedia = path.join(plainPaths.uploadDir, "bench.mp4");
  const encMedia = path.join(encPaths.uploadDir, "bench.mp4");
  writeFileSync(plainMedia, media);
  writeFileSync(encMedia, encryptBuffer(key, media));
  const readMedia = async (file: string, k: Buffer | null, start: number, length: number) => {
    const r = await openReader(file, k);
    try {
      const b = await r.read(start, length);
      if (b.length !== length) throw new Error("short read");
    } finally {
      await r.close();
    }
  };

  const update = (db: Database.Database) => {
    const stmt = db.prepare(`UPDATE "entries" SET "content" = ?, "updated_at" = ? WHERE "id" = ?`);
    return (i: number) => {
      db.exec("BEGIN IMMEDIATE");
      stmt.run(
        `Benchmark write ${i}: a few words about the day, the weather and a walk by the river.`,
        new Date().toISOString(),
        ids[i % ids.length],
      );
      db.exec("COMMIT");
    };
  };
  const writers = { plain: update(sides.plain.rw), encrypted: update(sides.encrypted.rw) };

  type Side = "plain" | "encrypted";
  // `repeat`: the media reads in process take well under a millisecond each, so they run ten times as
  // often (still interleaved) to give a steadier median on a shared machine.
  const measures: { name: string; kind: "read" | "write"; run: (side: Side, i: number) => unknown; repeat?: number }[] =
    [
      { name: "list page 1 (20)", kind: "read", run: (s) => floors[s].listPage({}, 20, 0) },
      {
        name: "list page 250 (20)",
        kind: "read",
        run: (s) => floors[s].listPage({}, 20, Math.min(4980, ENTRIES - 20)),
      },
      { name: "search common word", kind: "read", run: (s) => floors[s].ftsPage("grateful") },
      { name: "search rare substring", kind: "read", run: (s) => floors[s].ftsPage("quietly") },
      {
        name: "statistics (new zone)",
        kind: "read",
        run: (s, i) => floors[s].statistics(zones[(i * 7) % zones.length]!),
      },
      { name: "single write", kind: "write", run: (s, i) => writers[s](i) },
      {
        name: "media first byte (64 KiB)",
        kind: "read",
        run: (s) => readMedia(s === "plain" ? plainMedia : encMedia, sides[s].key, 0, 64 * 1024),
        repeat: 10,
      },
      {
        name: "media Range (256 KiB)",
        kind: "read",
        run: (s) => readMedia(s === "plain" ? plainMedia : encMedia, sides[s].key, 2_000_000, 256 * 1024),
        repeat: 10,
      },
    ];

  const rows: (string | number)[][] = [];
  const results: Record<string, unknown>[] = [];
  for (const m of measures) {
    const times: Record<Side, number[]> = { plain: [], encrypted: [] };
    for (let i = 0; i < 3; i++) for (const s of ["plain", "encrypted"] as const) await m.run(s, i); // warm up
    for (let i = 0; i < RUNS * (m.repeat ?? 1); i++) {
      const order: Side[] = i % 2 ? ["plain", "encrypted"] : ["encrypted", "plain"];
      for (const s of order) {
        const t = performance.now();
        await m.run(s, i + 10);
        times[s].push(performance.now() - t);
      }
    }
    const p = stats(times.plain);
    const e = stats(times.encrypted);
    const ratio = round(e.median / p.median, 2);
    const limit = m.kind === "write" ? TARGET.writes : TARGET.reads;
    rows.push([m.name, p.median, e.median, ratio, `<= ${limit}`, verdict(ratio <= limit)]);
    results.push({
      name: m.name,
      kind: m.kind,
      plain: p,
      encrypted: e,
      ratio,
      target: limit,
      ok: ratio <= limit,
      load: loadNow(),
    });
  }
  // The 4 MB file above, recorded as a video of one entry in both journals, for the HTTP measures.
  const mediaRow = { id: "0192d7a0-0000-7000-8000-00000000b4e5", size: media.length };
  for (const s of Object.values(sides)) {
    s.rw
      .prepare(
        `INSERT INTO "media_files" ("id", "entry_id", "file_type", "filename", "stored_name", "mime_type", "size", "thumbnail_name", "created_at") VALUES (?, ?, 'video', 'bench.mp4', 'bench.mp4', 'video/mp4', ?, NULL, ?)`,
      )
      .run(mediaRow.id, ids[0], media.length, new Date().toISOString());
  }
  for (const s of Object.values(sides)) {
    s.ro.close();
    s.rw.close();
  }

  if (!flag("skip-http")) {
    ensureBuild();
    const ready = { readyPath: "/api/encryption" };
    const apps = {
      plain: await serveJournal(plainPaths, {}, ready),
      encrypted: await serveJournal(encPaths, { JOURNAL_PASSPHRASE: "benchmark passphrase" }, ready),
    };
    try {
      // No APP_PASSWORD: the passphrase is the lock, so the encrypted journal's requests carry the unlock cookie.
      const unlocked = await request(apps.encrypted.url, "POST", "/api/encryption/unlock", {
        body: JSON.stringify({ passphrase: "benchmark passphrase" }),
        headers: jsonHeaders(apps.encrypted),
      });
      const cookie = String(unlocked.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
      const headers = { plain: {}, encrypted: { cookie } } as Record<Side, Record<string, string>>;
      const third = Math.floor(mediaRow.size / 3);
      const digest = createHash("sha256").update(media).digest("hex");
      const rangeDigest = createHash("sha256")
        .update(media.subarray(third, third + 65_536))
        .digest("hex");
      // Each request as a browser makes it: one at a time on an open keep-alive connection, the body
      // read as it arrives (counted and, in the warm-up, hashed against the file; not kept, so that the
      // client's own memory work does not weigh on the next request). Timed from the request's start
      // to the first body byte (the first 'data' event: headers alone are not a first byte) and to the
      // last byte.
      const get = async (s: Side, range: string | undefined, check: boolean) => {
        const hash = check ? createHash("sha256") : true;
        const r = await request(apps[s].url, "GET", `/api/media/${mediaRow.id}`, {
          headers: { ...headers[s], ...(range ? { range } : {}) },
          discardBody: hash,
        });
        const want = range
          ? { status: 206, bytes: 65_536, digest: rangeDigest }
          : { status: 200, bytes: mediaRow.size, digest };
        if (r.status !== want.status || r.bytes !== want.bytes) throw new Error(`${s}: ${r.status}, ${r.bytes} bytes`);
        if (typeof hash === "object" && hash.digest("hex") !== want.digest)
          throw new Error(`${s}: the bytes served are not the file's`);
        return r;
      };
      type Timed = { firstByteMs: number; ms: number };
      const http: { range?: string; measures: { name: string; pick: (r: Timed) => number }[] }[] = [
        {
          measures: [
            { name: "HTTP media first byte (4 MB video)", pick: (r) => r.firstByteMs },
            { name: "HTTP media whole 4 MB video (last byte)", pick: (r) => r.ms },
          ],
        },
        {
          range: `bytes=${third}-${third + 65_535}`,
          measures: [{ name: "HTTP media Range (64 KiB)", pick: (r) => r.firstByteMs }],
        },
      ];
      for (const h of http) {
        const timed: Record<Side, Timed[]> = { plain: [], encrypted: [] };
        // Three times the runs: single requests over HTTP on a shared machine spread widely (5 to 10 times
        // the median at p95), so the median needs more of them to settle.
        for (let i = 0; i < 3 * RUNS + 3; i++) {
          for (const s of (i % 2 ? ["plain", "encrypted"] : ["encrypted", "plain"]) as Side[]) {
            const r = await get(s, h.range, i < 3);
            if (i >= 3) timed[s].push(r);
          }
        }
        for (const m of h.measures) {
          const p = stats(timed.plain.map(m.pick));
          const e = stats(timed.encrypted.map(m.pick));
          const ratio = round(e.median / p.median, 2);
          rows.push([m.name, p.median, e.median, ratio, `<= ${TARGET.reads}`, verdict(ratio <= TARGET.reads)]);
          results.push({
            name: m.name,
            kind: "read",
            plain: p,
            encrypted: e,
            ratio,
            target: TARGET.reads,
            ok: ratio <= TARGET.reads,
            load: loadNow(),
          });
        }
      }
    } finally {
      closeAgent();
      await apps.plain.stop();
      await apps.encrypted.stop();
    }
  }

  console.log("");
  printTable(["measure (median ms)", "plain", "encrypted", "ratio", "target", ""], rows);
  const file = writeResult("bench-encryption", {
    machine: m0,
    entries: ENTRIES,
    runs: RUNS,
    encrypt_ms: round(encryptMs, 0),
    results,
  });
  console.log(`\nResults: ${file}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
