import "server-only";
import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { readDb } from "@/server/db/client";
import { prepared } from "@/server/entries/read";
import { dataVersion } from "@/server/entries/version";
import { processSlots } from "@/server/runtime";
import type { RecallFilter } from "./search";

/**
 * The search by meaning over the stored vectors (src/server/ai/recall/embeddings.ts makes and stores them):
 * an exact scan, and the fast search in two steps, with a compact copy of every vector in memory (its sign
 * bits) compared first and the few hundred nearest then ranked exactly by cosine on their stored vectors.
 */

const withVec = new WeakMap<Database.Database, boolean>();

/** Loads sqlite-vec into a connection once; false when it cannot be loaded (the search then runs in JS). */
function vecLoaded(conn: Database.Database): boolean {
  let ok = withVec.get(conn);
  if (ok === undefined) {
    try {
      sqliteVec.load(conn);
      ok = true;
    } catch {
      ok = false;
    }
    withVec.set(conn, ok);
  }
  return ok;
}

/** The SQL of the stored vectors of one model and dimension that pass a filter. */
function vectorsFrom(filter: RecallFilter) {
  const where = `v."model" = ? AND v."dimensions" = ?${filter.sql === "1" ? "" : ` AND ${filter.sql}`}`;
  const from = `"entry_embeddings" v${filter.sql === "1" ? "" : ` JOIN "entries" e ON e."id" = v."entry_id"`}`;
  return { where, from };
}

const vectorOf = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

/** Cosine nearness of stored vectors to a query, best first (ties by id, so both searches agree). */
function rankByCosine(query: Float32Array, rows: { id: string; vector: Buffer }[], k: number): string[] {
  let qn = 0;
  for (let i = 0; i < query.length; i++) qn += query[i] * query[i];
  qn = Math.sqrt(qn) || 1;
  const scored: { id: string; s: number }[] = [];
  for (const r of rows) {
    const v = vectorOf(r.vector);
    let dot = 0;
    let vn = 0;
    for (let i = 0; i < v.length; i++) {
      dot += v[i] * query[i];
      vn += v[i] * v[i];
    }
    scored.push({ id: r.id, s: dot / (qn * (Math.sqrt(vn) || 1)) });
  }
  return scored
    .sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, k)
    .map((r) => r.id);
}

/**
 * The exact search: every stored vector of the filter compared with the query, by sqlite-vec's cosine
 * distance in SQL or in JS when the extension cannot be loaded. Slow over many entries (each vector is
 * a few kilobytes); kept as the measure the fast search is held to.
 */
export function exactNearestIds(
  conn: Database.Database,
  model: string,
  query: Float32Array,
  filter: RecallFilter,
  k: number,
): string[] {
  const { where, from } = vectorsFrom(filter);
  if (vecLoaded(conn)) {
    return (
      prepared(
        conn,
        `SELECT v."entry_id" AS id FROM ${from} WHERE ${where} ORDER BY vec_distance_cosine(v."vector", ?), v."entry_id" LIMIT ${Math.max(1, Math.floor(k))}`,
      ).all(model, query.length, ...filter.params, Buffer.from(query.buffer, query.byteOffset, query.byteLength)) as {
        id: string;
      }[]
    ).map((r) => r.id);
  }
  const rows = prepared(conn, `SELECT v."entry_id" AS id, v."vector" AS vector FROM ${from} WHERE ${where}`).all(
    model,
    query.length,
    ...filter.params,
  ) as { id: string; vector: Buffer }[];
  return rankByCosine(query, rows, k);
}

/**
 * The compact copy of the vectors of one model and dimension on one connection: each vector's sign bits
 * (768 dimensions in 96 bytes), in memory only (never written anywhere). Reading every stored vector to
 * make it takes seconds at 100,000 entries, so it is made once and then kept in step: vectors the
 * background embedding writes are patched in, and after any write to entries (a delete, Clear All Data)
 * the vectors of entries that are gone are dropped before the next search.
 */
interface VectorBits {
  model: string;
  dims: number;
  /** The generation of the stored vectors it holds, and the entries' data version it was checked at. */
  generation: number;
  version: number;
  ids: string[];
  /** Each vector's entry's rowid (a filter reads rowids from the entries' indexes), and its position. */
  rowids: number[];
  at: Map<number, number>;
  /** 32-bit words per vector. */
  words: number;
  /** Room for more than `ids.length` vectors. */
  bits: Uint32Array;
}

const bitsSlot = processSlots<{
  __reverieVectorBits?: {
    generation: number;
    byConnection: WeakMap<Database.Database, VectorBits>;
    /** The compact copy being made ahead of the first search, if it is. */
    warming: Promise<void> | null;
  };
}>();
const vectorBitsState = () =>
  (bitsSlot.__reverieVectorBits ??= { generation: 0, byConnection: new WeakMap(), warming: null });

/** Sign bits of a vector into `out` at word `offset`: bit i set when dimension i is above zero. */
function signBits(v: Float32Array, out: Uint32Array, offset: number): void {
  out.fill(0, offset, offset + Math.ceil(v.length / 32));
  for (let i = 0; i < v.length; i++) if (v[i] > 0) out[offset + (i >>> 5)] |= 1 << (i & 31);
}

/** Appends or replaces the bits of an entry's vector (by its entry's rowid). */
function putBits(c: VectorBits, id: string, rowid: number, v: Float32Array): void {
  let i = c.at.get(rowid);
  if (i === undefined) {
    i = c.ids.length;
    if ((i + 1) * c.words > c.bits.length) {
      const grown = new Uint32Array(Math.max(c.bits.length * 2, (i + 1) * c.words));
      grown.set(c.bits);
      c.bits = grown;
    }
    c.ids.push(id);
    c.rowids.push(rowid);
    c.at.set(rowid, i);
  } else c.ids[i] = id;
  signBits(v, c.bits, i * c.words);
}

function emptyBits(model: string, dims: number, generation: number): VectorBits {
  const words = Math.ceil(dims / 32);
  return {
    model,
    dims,
    generation,
    version: dataVersion(),
    ids: [],
    rowids: [],
    at: new Map(),
    words,
    bits: new Uint32Array(words * 1024),
  };
}

/** Stored vectors in the order they are kept, a page after a position; the unary plus keeps the index of models out. */
const BITS_SQL = `SELECT v."rowid" AS at, v."entry_id" AS id, e."rowid" AS rowid, v."vector" AS vector
  FROM "entry_embeddings" v JOIN "entries" e ON e."id" = v."entry_id"
  WHERE v."rowid" > ? AND +v."model" = ? AND +v."dimensions" = ? ORDER BY v."rowid" LIMIT ?`;
type BitsRow = { at: number; id: string; rowid: number; vector: Buffer };

function buildBits(conn: Database.Database, model: string, dims: number, generation: number): VectorBits {
  const c = emptyBits(model, dims, generation);
  const rows = prepared(conn, BITS_SQL).iterate(-1, model, dims, -1) as Iterable<BitsRow>;
  for (const r of rows) putBits(c, r.id, r.rowid, vectorOf(r.vector));
  return c;
}

/** Rows read per step when the compact copy is made ahead of the first search. */
const WARM_ROWS = 1000;

/**
 * Makes the compact copy of the stored vectors ahead of the first search by meaning (the start of the
 * server and the unlocking of a journal call it), a few thousand rows at a time so that the server keeps
 * answering meanwhile; otherwise the first search makes it, about 2 s at 100,000 vectors. A search that
 * comes meanwhile waits for it. Nothing is done when no embedding model is set or no vector is stored, and
 * a copy overtaken by new vectors is left for the next search to make.
 */
export function warmVectorSearch(modelName: () => Promise<string | null>): Promise<void> {
  const state = vectorBitsState();
  state.warming ??= (async () => {
    const name = await modelName();
    if (!name) return;
    const conn = await readDb();
    const dims = prepared(conn, `SELECT "dimensions" FROM "entry_embeddings" WHERE "model" = ? LIMIT 1`)
      .pluck()
      .get(name) as number | undefined;
    const generation = state.generation;
    const had = state.byConnection.get(conn);
    if (!dims || (had && had.model === name && had.dims === dims && had.generation === generation)) return;
    const c = emptyBits(name, dims, generation);
    for (let after = -1; ;) {
      const rows = prepared(conn, BITS_SQL).all(after, name, dims, WARM_ROWS) as BitsRow[];
      for (const r of rows) putBits(c, r.id, r.rowid, vectorOf(r.vector));
      if (rows.length < WARM_ROWS) break;
      after = rows[rows.length - 1].at;
      await new Promise((resolve) => setImmediate(resolve));
      if (state.generation !== generation) return;
    }
    if (state.generation === generation) state.byConnection.set(conn, c);
  })()
    .catch(() => {})
    .finally(() => {
      state.warming = null;
    });
  return state.warming;
}

/** Drops the vectors of entries that are no longer there (each entry's rowid and id, from an index). */
function dropGone(conn: Database.Database, c: VectorBits): void {
  const live = new Map(
    (prepared(conn, `SELECT e."rowid" AS r, e."id" AS id FROM "entries" e`).raw().all() as [number, string][]).map(
      ([r, id]) => [r, id],
    ),
  );
  let kept = 0;
  for (let i = 0; i < c.ids.length; i++) {
    if (live.get(c.rowids[i]) !== c.ids[i]) continue;
    if (kept !== i) {
      c.ids[kept] = c.ids[i];
      c.rowids[kept] = c.rowids[i];
      c.bits.copyWithin(kept * c.words, i * c.words, (i + 1) * c.words);
    }
    kept++;
  }
  if (kept !== c.ids.length) {
    c.ids.length = kept;
    c.rowids.length = kept;
    c.at = new Map(c.rowids.map((r, i) => [r, i]));
  }
}

function vectorBits(conn: Database.Database, model: string, dims: number): VectorBits {
  const state = vectorBitsState();
  let c = state.byConnection.get(conn);
  if (!c || c.model !== model || c.dims !== dims || c.generation !== state.generation) {
    c = buildBits(conn, model, dims, state.generation);
    state.byConnection.set(conn, c);
  } else if (c.version !== dataVersion()) {
    c.version = dataVersion();
    dropGone(conn, c);
  }
  return c;
}

/** Vectors were written other than by the background embedding (tests, tools): every compact copy is made again. */
export function forgetCompactVectors(): void {
  vectorBitsState().generation++;
}

/**
 * After vectors are written: the compact copy of the search's connection takes them in; any other copy
 * is made again at its next search.
 */
export async function vectorsWritten(model: string, written: { id: string; vector: Float32Array }[]): Promise<void> {
  const state = vectorBitsState();
  state.generation++;
  const conn = await readDb();
  const c = state.byConnection.get(conn);
  if (!c || c.model !== model || c.generation !== state.generation - 1) return;
  if (written.some((w) => w.vector.length !== c.dims)) return;
  const rowids = new Map(
    (
      prepared(
        conn,
        `SELECT e."id" AS id, e."rowid" AS r FROM "entries" e WHERE e."id" IN (SELECT value FROM json_each(?))`,
      )
        .raw()
        .all(JSON.stringify(written.map((w) => w.id))) as [string, number][]
    ).map(([id, r]) => [id, r]),
  );
  for (const w of written) {
    const r = rowids.get(w.id);
    if (r !== undefined) putBits(c, w.id, r, w.vector);
  }
  c.generation = state.generation;
}

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

/** Candidates for the exact rescoring: at least this many, or eight per result asked for. */
export const MIN_CANDIDATES = 200;
export const CANDIDATES_PER_RESULT = 8;

/**
 * Entries of the filter ranked by cosine nearness of their vectors to a query vector (best first), in two
 * steps: the compact sign bits of every vector of the filter are compared with the query's (Hamming
 * distance), and the few hundred nearest are ranked exactly by cosine on their stored vectors, fetched by
 * key. Works the same whether or not sqlite-vec can be loaded.
 */
export function nearestIds(
  conn: Database.Database,
  model: string,
  query: Float32Array,
  filter: RecallFilter,
  k: number,
): string[] {
  k = Math.max(1, Math.floor(k));
  const index = vectorBits(conn, model, query.length);
  const n = index.ids.length;
  let allowed: Uint8Array | null = null;
  let count = n;
  if (filter.sql !== "1") {
    allowed = new Uint8Array(n);
    count = 0;
    const rowids = prepared(conn, `SELECT e."rowid" AS r FROM "entries" e WHERE ${filter.sql}`)
      .pluck()
      .all(...filter.params) as number[];
    for (const r of rowids) {
      const i = index.at.get(r);
      if (i !== undefined && !allowed[i]) {
        allowed[i] = 1;
        count++;
      }
    }
  }
  // Fewer dimensions give coarser bits, and cheaper vectors to rescore: more candidates.
  const want = Math.max(MIN_CANDIDATES, CANDIDATES_PER_RESULT * k) * Math.max(1, Math.ceil(256 / query.length));
  let picked: string[];
  if (count <= want) {
    picked = allowed ? index.ids.filter((_, i) => allowed[i]) : index.ids;
  } else {
    const { words, bits } = index;
    const q = new Uint32Array(words);
    signBits(query, q, 0);
    const distance = new Uint16Array(n);
    const histogram = new Uint32Array(words * 32 + 1);
    for (let i = 0; i < n; i++) {
      if (allowed && !allowed[i]) continue;
      let d = 0;
      for (let w = 0, o = i * words; w < words; w++, o++) d += popcount(bits[o] ^ q[w]);
      distance[i] = d;
      histogram[d]++;
    }
    // The distance within which the nearest `want` lie; those at it are taken in stored order.
    let limit = 0;
    for (let seen = 0; limit < histogram.length; limit++) {
      seen += histogram[limit];
      if (seen >= want) break;
    }
    picked = [];
    let atLimit = want;
    for (let d = 0; d < limit; d++) atLimit -= histogram[d];
    for (let i = 0; i < n; i++) {
      if (allowed && !allowed[i]) continue;
      const d = distance[i];
      if (d < limit) picked.push(index.ids[i]);
      else if (d === limit && atLimit > 0) {
        picked.push(index.ids[i]);
        atLimit--;
      }
    }
  }
  if (!picked.length) return [];
  // By key: the unary plus keeps the planner off the index of models, which would read every vector.
  const rows = prepared(
    conn,
    `SELECT "entry_id" AS id, "vector" AS vector FROM "entry_embeddings"
      WHERE "entry_id" IN (SELECT value FROM json_each(?)) AND +"model" = ? AND +"dimensions" = ?`,
  ).all(JSON.stringify(picked), model, query.length) as { id: string; vector: Buffer }[];
  return rankByCosine(query, rows, k);
}

/** Whether the compact copy for a model and dimension is made and up to date (tests). */
export function compactCopyReady(conn: Database.Database, model: string, dims: number): boolean {
  const state = vectorBitsState();
  const c = state.byConnection.get(conn);
  return !!c && c.model === model && c.dims === dims && c.generation === state.generation;
}

/** The entries whose compact copy the search would look at now (tests). */
export function compactVectorIds(conn: Database.Database, model: string, dims: number): string[] {
  return [...vectorBits(conn, model, dims).ids];
}

/** The compact copy being made ahead of the first search, if it is (a search waits for it). */
export function vectorSearchWarming(): Promise<void> | null {
  return vectorBitsState().warming;
}
