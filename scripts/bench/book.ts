/**
 * npm run bench:book [-- --entries 365 --photos 100 --markdown 10000]
 *
 * The printable book and the Markdown export at size, through their route handlers in this process:
 * - a PDF of a year (365 entries of about 250 words with the editor's markers, 100 of them with a 12 MP
 *   phone-sized JPEG): time to the first byte, the whole time, and the growth of the process's memory
 *   (resident set, sampled every 20 ms, against the level before). Targets: <= 20 s, <= 300 MB, <= 2 s.
 * - the Markdown zip of a seeded journal of 10,000 entries (lib.ts's seeded journal, its media included).
 *   Target: <= 15 s.
 */
import Database from "better-sqlite3";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { journalFiles, machine, machineLine, printTable, seededDb, workDir } from "./lib.ts";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "365" },
    photos: { type: "string", default: "100" },
    markdown: { type: "string", default: "10000" },
  },
});
const ENTRIES = Math.max(1, Number(args.entries));
const PHOTOS = Math.min(ENTRIES, Math.max(0, Number(args.photos)));
const MD_ENTRIES = Math.max(1, Number(args.markdown));

console.log(`Reverie book benchmark: ${machineLine(machine())}`);
// The wall-clock targets assume the machine is otherwise idle; the load average above says whether it was.

// ---------------------------------------------------------------- a year with photos
const dir = workDir("book");
const dbFile = path.join(dir, "journal.db");
const uploadDir = path.join(dir, "uploads");
mkdirSync(uploadDir, { recursive: true });
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.UPLOAD_DIR = uploadDir;
process.env.TZ ||= "UTC";

const { migrate } = await import("../../src/server/db/migrator.ts");
migrate(dbFile);
const entriesRoute = await import("../../src/app/api/entries/route.ts");
const pdfRoute = await import("../../src/app/api/data/export/pdf/route.ts");
const mdRoute = await import("../../src/app/api/data/export/markdown/route.ts");
const { closeDb } = await import("../../src/server/db/client.ts");

const WORDS =
  "morning walk coffee harbour friends work quiet rain bright tired hopeful kitchen garden letter train".split(" ");
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = () => {
  const n = 8 + Math.floor(rand() * 12);
  const w = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
  if (rand() < 0.3) w[1] = `**${w[1]}**`;
  if (rand() < 0.3) w[3] = `*${w[3]}*`;
  return `${w.join(" ")}.`;
};
const content = () => {
  const paras = Array.from({ length: 4 }, () => Array.from({ length: 4 }, sentence).join(" "));
  return `${paras.slice(0, 2).join("\n\n")}\n\n• ${sentence()}\n• ${sentence()}\n\n${paras.slice(2).join("\n\n")}`;
};

const ctx = { params: Promise.resolve({}) };
const ids: string[] = [];
const start = Date.UTC(2025, 0, 1, 8);
for (let i = 0; i < ENTRIES; i++) {
  const res = await entriesRoute.POST(
    new Request("http://localhost/api/entries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title: `Day ${i + 1}`,
        content: content(),
        tags: [["work", "family", "travel"][i % 3]!],
        ai_mood_score: 3 + (i % 7),
        created_at: new Date(start + i * 86_400_000).toISOString(),
      }),
    }),
    ctx,
  );
  if (res.status !== 201) throw new Error(`entry ${i}: ${res.status} ${await res.text()}`);
  ids.push(((await res.json()) as { id: string }).id);
}
// Phone-sized photos (4032 x 3024 JPEG, a few MB each), placed as uploads are stored.
const shots = await Promise.all(
  [0, 1, 2, 3, 4].map((k) =>
    sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: { r: 40 + k * 40, g: 120, b: 200 - k * 30 },
        noise: { type: "gaussian", mean: 110, sigma: 18 },
      },
    })
      .jpeg({ quality: 82 })
      .toBuffer(),
  ),
);
const sql = new Database(dbFile);
const addMedia = sql.prepare(
  `INSERT INTO "media_files" ("id", "entry_id", "file_type", "filename", "stored_name", "mime_type", "size", "thumbnail_name", "created_at") VALUES (?, ?, 'image', ?, ?, 'image/jpeg', ?, NULL, ?)`,
);
const shotFiles = shots.map((b, k) => {
  const f = path.join(dir, `shot-${k}.jpg`);
  writeFileSync(f, b);
  return f;
});
for (let p = 0; p < PHOTOS; p++) {
  const entryId = ids[Math.floor((p * ENTRIES) / PHOTOS)]!;
  const stored = `${uuidv7()}.jpg`;
  copyFileSync(shotFiles[p % shots.length]!, path.join(uploadDir, stored));
  addMedia.run(
    uuidv7(),
    entryId,
    `IMG_${1000 + p}.jpg`,
    stored,
    shots[p % shots.length]!.length,
    new Date().toISOString().replace("Z", "+00:00"),
  );
}
sql.close();
console.log(`A journal of ${ENTRIES} entries with ${PHOTOS} photos of ${(shots[0]!.length / 1e6).toFixed(1)} MB`);

/** Reads a route's whole answer: first byte, total time, bytes, and the peak resident memory above the level before. */
async function measure(get: () => Promise<Response>) {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  // CPU time of this process (sharp's threads included): on a machine shared with other work, a closer
  // measure of the export's own cost than the wall clock.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await get();
  if (res.status !== 200 || !res.body) throw new Error(`${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - t0;
    bytes += value.byteLength;
  }
  const total = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { first, total, bytes, growth: peak - base, cpu: (cpu.user + cpu.system) / 1000 };
}

const pdf = await measure(() =>
  pdfRoute.GET(new Request("http://localhost/api/data/export/pdf?from=2025-01-01&to=2025-12-31&tz=UTC"), ctx),
);
await closeDb();

// ---------------------------------------------------------------- Markdown of a large journal
const seeded = seededDb(MD_ENTRIES);
const mdDir = workDir("book-markdown");
const layout = journalFiles(mdDir, seeded);
process.env.DATABASE_URL = `file:${layout.dbFile}`;
process.env.UPLOAD_DIR = layout.uploadDir;
migrate(layout.dbFile);
const md = await measure(() => mdRoute.GET(new Request("http://localhost/api/data/export/markdown?tz=UTC"), ctx));
await closeDb();

const MB = 1024 * 1024;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
printTable(
  ["measure", "value", "target", "verdict"],
  [
    [
      `PDF, ${ENTRIES} entries + ${PHOTOS} photos: first byte`,
      s(pdf.first),
      "<= 2 s",
      pdf.first <= 2000 ? "ok" : "OVER",
    ],
    [
      `PDF: whole book (${(pdf.bytes / MB).toFixed(1)} MB)`,
      s(pdf.total),
      "<= 20 s",
      pdf.total <= 20_000 ? "ok" : "OVER",
    ],
    [
      "PDF: memory growth (peak RSS)",
      `${(pdf.growth / MB).toFixed(0)} MB`,
      "<= 300 MB",
      pdf.growth <= 300 * MB ? "ok" : "OVER",
    ],
    [
      `Markdown zip, ${MD_ENTRIES} entries (${(md.bytes / MB).toFixed(1)} MB)`,
      s(md.total),
      "<= 15 s",
      md.total <= 15_000 ? "ok" : "OVER",
    ],
    ["Markdown: CPU time of the process", s(md.cpu), "", ""],
    ["Markdown: memory growth (peak RSS)", `${(md.growth / MB).toFixed(0)} MB`, "", ""],
  ],
);
