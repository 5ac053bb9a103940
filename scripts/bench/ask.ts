/**
 * npm run bench:ask [-- --entries 10000 --vectors 100000 --dims 768 --backfill 2000 --writes 1500]
 *
 * Recall by meaning and Ask your journal, in-process:
 * - POST /api/ai/ask through its route handler without a model, over a journal of 10,000 entries
 *   (target: median <= 50 ms);
 * - the vector search alone over 100,000 stored vectors of 768 dimensions (target: <= 50 ms): the two-step
 *   search (sign bits in memory, then exact cosine on the nearest few hundred), its first search (which makes
 *   the sign bits), the exact search over every vector for comparison, and how many of the exact top 10 the
 *   two-step search finds;
 * - the background backfill of embeddings against the fake model server (target: >= 100 entries/s);
 * - creating entries with the stemmed index's triggers and without them (target: <= 1.5x).
 * No assertions in tests rest on these figures; this prints them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLine, numArg, printTable, round, stats, writeResult } from "./lib.ts";

const ENTRIES = Math.max(100, numArg("entries", 10_000));
const VECTORS = Math.max(1000, numArg("vectors", 100_000));
const DIMS = Math.max(8, numArg("dims", 768));
const BACKFILL = Math.max(100, numArg("backfill", 2000));
const WRITES = Math.max(100, numArg("writes", 1500));
const RUNS = Math.max(1, numArg("runs", 5));

const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-bench-ask-"));
const file = (name: string) => path.join(dir, name);
process.env.UPLOAD_DIR = file("uploads");
const pointDbAt = (name: string) => (process.env.DATABASE_URL = `file:${file(name)}`);
pointDbAt("ask.db");

const { migrate } = await import("../../src/server/db/migrator.ts");
const { openDatabase } = await import("../../src/server/db/keyed.ts");
const { EntryCreateSchema } = await import("../../src/contracts/entries.ts");
const { createEntry } = await import("../../src/server/entries/service.ts");
const { setConfig } = await import("../../src/server/config/service.ts");
const { grantCloudConsent } = await import("../../src/server/ai/consent.ts");
const { closeDb, db, readDb } = await import("../../src/server/db/client.ts");
const askRoute = await import("../../src/app/api/ai/ask/route.ts");
const { embedPending, warmVectorSearch } = await import("../../src/server/ai/recall/embeddings.ts");
const { nearestIds, exactNearestIds } = await import("../../src/server/ai/recall/vector-search.ts");
const { monitorEventLoopDelay } = await import("node:perf_hooks");
const { startFakeModelServer, fakeProviderEnv } = await import("../../tests/support/fake-model-server.ts");

let seed = 11;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const SENTENCES = [
  "I walked by the river after work and felt calm again.",
  "Work ran late and I felt tired and tense all evening.",
  "Ana called and we laughed about the old flat for an hour.",
  "I'm grateful for a slow breakfast and the sun on the table.",
  "The meeting went better than I feared, and I said what I meant.",
  "I slept badly and the whole day felt heavy.",
  "Tom and I cooked dinner together, which we have not done in weeks.",
  "I finished the book I started in spring and loved the ending.",
  "It rained all day so I stayed in and tidied the shelves.",
  "I ran five kilometres without stopping for the first time.",
  "Swam at the lido before work; the water was freezing.",
  "My back hurt again, so I went to bed early.",
];
const TAGS = ["gratitude", "reflection", "work", "family", "health", "weekend"];

/** Entries straight into the database (the triggers of both indexes run), one day apart. */
function seedEntries(dbFile: string, n: number): void {
  const conn = openDatabase(dbFile, null, {});
  const insert = conn.prepare(
    `INSERT INTO "entries" ("id", "title", "content", "created_at", "updated_at", "ai_mood_score", "word_count") VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.UTC(2026, 10, 20) - (n * 86_400_000) / 4;
  conn.transaction(() => {
    for (let i = 0; i < n; i++) {
      const at = new Date(start + i * 21_600_000).toISOString().replace("Z", "+00:00");
      const content = Array.from({ length: 3 + Math.floor(rand() * 5) }, () => pick(SENTENCES)).join(" ");
      insert.run(
        `e${i}`,
        i % 7 ? "" : `Day ${i}`,
        content,
        at,
        at,
        1 + Math.floor(rand() * 10),
        content.split(" ").length,
      );
    }
  })();
  conn.close();
}

async function time(fn: () => Promise<unknown> | unknown, runs = RUNS) {
  await fn();
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
  }
  return stats(wall);
}

// ---------------------------------------------------------------- Ask without a model, 10,000 entries
migrate(file("ask.db"));
const seedStart = performance.now();
seedEntries(file("ask.db"), ENTRIES);
const seedMs = performance.now() - seedStart;
await setConfig({ ai_model: "local/offline" });
const QUESTIONS = [
  "When did I last go swimming?",
  "What did I write about Ana last spring?",
  "When was I happiest this year?",
  "What was my worst week?",
  "How did I sleep two weeks ago?",
  "times I felt tired after work",
];
async function ask(question: string) {
  const res = await askRoute.POST(
    new Request("http://localhost/api/ai/ask", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question, tz: "UTC" }),
    }),
    { params: Promise.resolve({}) },
  );
  if (!res.ok) throw new Error(`POST /api/ai/ask: ${res.status} ${await res.text()}`);
  return res.json();
}
const askTimes: number[] = [];
for (const q of QUESTIONS) {
  await ask(q);
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await ask(q);
    askTimes.push(performance.now() - t);
  }
}
const askStats = stats(askTimes);
await closeDb();

// ---------------------------------------------------------------- vector search, 100,000 vectors
pointDbAt("vectors.db");
migrate(file("vectors.db"));
{
  const conn = openDatabase(file("vectors.db"), null, {});
  const entry = conn.prepare(
    `INSERT INTO "entries" ("id", "title", "content", "created_at", "updated_at") VALUES (?, '', 'x', ?, ?)`,
  );
  const vec = conn.prepare(
    `INSERT INTO "entry_embeddings" ("entry_id", "model", "dimensions", "content_hash", "vector", "updated_at") VALUES (?, 'bench/embed', ?, 'h', ?, ?)`,
  );
  const v = new Float32Array(DIMS);
  conn.transaction(() => {
    for (let i = 0; i < VECTORS; i++) {
      const at = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString().replace("Z", "+00:00");
      entry.run(`v${i}`, at, at);
      for (let d = 0; d < DIMS; d++) v[d] = rand() - 0.5;
      vec.run(`v${i}`, DIMS, Buffer.from(v.buffer.slice(0)), at);
    }
  })();
  conn.close();
}
const reader = openDatabase(file("vectors.db"), null, { readonly: true });
const query = Float32Array.from({ length: DIMS }, () => rand() - 0.5);
const ALL = { sql: "1", params: [] };
const firstStart = performance.now();
nearestIds(reader, "bench/embed", query, ALL, 50);
const firstMs = performance.now() - firstStart;
const vectorStats = await time(() => nearestIds(reader, "bench/embed", query, ALL, 50), RUNS);
const exactStats = await time(() => exactNearestIds(reader, "bench/embed", query, ALL, 50), 1);
const exactTop = new Set(exactNearestIds(reader, "bench/embed", query, ALL, 10));
const topRecall = nearestIds(reader, "bench/embed", query, ALL, 10).filter((id) => exactTop.has(id)).length / 10;
reader.close();
// Made ahead, as at the server's start: in steps, with the longest pause of the event loop meanwhile.
await setConfig({ embedding_model: "bench/embed" });
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const warmStart = performance.now();
await warmVectorSearch();
const warmMs = performance.now() - warmStart;
loop.disable();
const warmPauseMs = loop.max / 1e6;
const warmedReader = await readDb();
const afterWarmStart = performance.now();
nearestIds(warmedReader, "bench/embed", query, ALL, 50);
const afterWarmMs = performance.now() - afterWarmStart;
await closeDb();

// ---------------------------------------------------------------- backfill against the fake server
pointDbAt("backfill.db");
migrate(file("backfill.db"));
seedEntries(file("backfill.db"), BACKFILL);
const fake = await startFakeModelServer();
Object.assign(process.env, fakeProviderEnv(fake.url));
await grantCloudConsent("openai/text-embedding-3-small");
await setConfig({ embedding_model: "openai/text-embedding-3-small" });
const bfStart = performance.now();
const embedded = await embedPending();
const bfMs = performance.now() - bfStart;
await fake.close();
await setConfig({ embedding_model: "" });
await closeDb();

// ---------------------------------------------------------------- writes with and without the stemmed index
async function writeRate(name: string, stemmed: boolean): Promise<number> {
  pointDbAt(name);
  migrate(file(name));
  if (!stemmed) {
    const conn = openDatabase(file(name), null, {});
    for (const t of [
      "entries_stem_after_key",
      "entries_stem_after_update",
      "entries_stem_before_delete",
      "entry_tags_stem_after_insert",
      "entry_tags_stem_after_delete",
    ])
      conn.exec(`DROP TRIGGER "${t}"`);
    conn.close();
  }
  await db();
  const t = performance.now();
  for (let i = 0; i < WRITES; i++) {
    await createEntry(
      EntryCreateSchema.parse({
        content: Array.from({ length: 4 + (i % 5) }, () => pick(SENTENCES)).join(" "),
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        tags: [pick(TAGS)],
      }),
    );
  }
  const ms = performance.now() - t;
  await closeDb();
  return ms / WRITES;
}
const withoutMs = await writeRate("writes-trigram.db", false);
const withMs = await writeRate("writes-stemmed.db", true);

console.log(`Reverie Ask benchmark (${RUNS} runs per figure)`);
console.log(machineLine());
console.log(`Seeded ${ENTRIES} entries in ${round(seedMs / 1000, 1)} s.`);
console.log("");
printTable(
  ["what", "median ms", "p95 ms", "target", "verdict"],
  [
    [
      `POST /api/ai/ask offline, ${ENTRIES} entries, ${QUESTIONS.length} questions`,
      askStats.median,
      askStats.p95,
      "<= 50 ms",
      askStats.median <= 50 ? "ok" : "MISS",
    ],
    [
      `vector search, ${VECTORS} vectors x ${DIMS} dims`,
      vectorStats.median,
      vectorStats.p95,
      "<= 50 ms",
      vectorStats.median <= 50 ? "ok" : "MISS",
    ],
    [`  exact search over every vector (before), 1 run`, exactStats.median, exactStats.p95, "-", "-"],
  ],
);
console.log("");
console.log(
  `Vector search: first search (makes the sign bits) ${round(firstMs)} ms; exact top 10 found by the two-step search: ${round(topRecall * 100)}%.`,
);
console.log(
  `Sign bits made ahead at the start instead: ${round(warmMs)} ms in steps, longest pause of the server ${round(warmPauseMs)} ms; the first search after it ${round(afterWarmMs)} ms.`,
);
const rate = (embedded / bfMs) * 1000;
console.log("");
console.log(
  `Backfill: ${embedded} entries in ${round(bfMs)} ms = ${round(rate, 1)} entries/s (target >= 100): ${rate >= 100 ? "ok" : "MISS"}`,
);
const ratio = withMs / withoutMs;
console.log(
  `Entry create: ${round(withoutMs, 3)} ms without the stemmed index, ${round(withMs, 3)} ms with it = ${round(ratio, 2)}x (target <= 1.5x): ${ratio <= 1.5 ? "ok" : "MISS"}`,
);
const out = writeResult("ask", {
  ask: askStats,
  vector: { vectors: VECTORS, dims: DIMS, ...vectorStats, first_ms: firstMs, top10_recall: topRecall },
  vector_warm: { ms: warmMs, longest_pause_ms: warmPauseMs, first_search_after_ms: afterWarmMs },
  vector_exact: exactStats,
  backfill: { entries: embedded, ms: bfMs, per_second: rate },
  writes: { without_ms: withoutMs, with_ms: withMs, ratio },
});
console.log(`Results: ${path.relative(process.cwd(), out)}`);
rmSync(dir, { recursive: true, force: true });
