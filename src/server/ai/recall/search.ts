import "server-only";
import type Database from "better-sqlite3";
import { EFFECTIVE_MOOD_SQL } from "@/domain/effective-mood";
import { dayKeyFormatter } from "@/domain/dates";
import { moodBandRange } from "@/domain/mood";
import type { RecallPlan } from "@/domain/recall";
import { ftsPhrase, sqlInstant } from "@/server/entries/query";
import { prepared } from "@/server/entries/read";

/**
 * Hybrid recall: the entries a question is about, found three ways and fused by reciprocal rank.
 * - BM25 over the stemmed word index ("entries_stem": "walked" finds "walking"),
 * - BM25 over the trigram index ("entries_fts": parts of words and names),
 * - nearness of meaning, when entries have embeddings (a ranking passed in by the caller),
 * - and, with a lighter weight, the entries whose mood, tags or check-in activities the question names.
 * The question's time range and #tags filter every list. Then the order the question asks for: most
 * relevant, latest, earliest, happiest or saddest (by the stated mood, else the inferred one), or the
 * entries of the best or worst week or month.
 */

/** Reciprocal rank fusion: each list adds 1 / (K + rank) for every entry it holds. */
export const RRF_K = 60;
/** How deep each list is read. */
export const LIST_DEPTH = 50;
/** Column weights for BM25 (title, content, tags, ai_summary), as the chat's retrieval has them. */
const BM25_WEIGHTS = "3, 1, 2, 1.5";
/** A hint list (mood, tags, activities named in the question) counts this much of a ranked list. */
const HINT_WEIGHT = 0.5;
/** Relevant entries re-ordered by date or mood for "latest", "happiest"... */
const REORDER_POOL = 20;
/** The nearest in meaning that count as matches when the question orders by date or mood. */
const CLOSE_BY_MEANING = 5;

export interface RankedList {
  ids: readonly string[];
  weight?: number;
}

/** Fuses ranked lists of ids: best first; ties keep the order of first appearance. */
export function reciprocalRankFusion(lists: readonly RankedList[], k = RRF_K): string[] {
  const score = new Map<string, number>();
  for (const list of lists) {
    const w = list.weight ?? 1;
    list.ids.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + w / (k + i + 1)));
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** The WHERE conditions of the question's filters on entries `e`, with their parameters. */
export interface RecallFilter {
  sql: string;
  params: unknown[];
}

export function recallFilter(plan: RecallPlan, excludeIds: readonly string[] = []): RecallFilter {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (plan.range) {
    conds.push(`e."created_at" >= ? AND e."created_at" < ?`);
    params.push(sqlInstant(plan.range.start), sqlInstant(plan.range.end));
  }
  for (const tag of plan.tags) {
    conds.push(
      `EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" = ?)`,
    );
    params.push(tag);
  }
  if (excludeIds.length) {
    conds.push(`e."id" NOT IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(excludeIds));
  }
  return { sql: conds.length ? conds.join(" AND ") : "1", params };
}

/** Words for the stemmed index: each a quoted string (the tokenizer stems it), OR-ed. */
function stemExpression(terms: readonly string[]): string {
  return terms.map(ftsPhrase).join(" OR ");
}

function bm25Ids(
  conn: Database.Database,
  table: "entries_stem" | "entries_fts",
  expression: string,
  filter: RecallFilter,
): string[] {
  const sql = `SELECT k."entry_id" AS id FROM (
      SELECT rowid AS r, bm25("${table}", ${BM25_WEIGHTS}) AS score FROM "${table}" WHERE "${table}" MATCH ?
      ORDER BY score LIMIT ${filter.sql === "1" ? LIST_DEPTH : LIST_DEPTH * 20}) f
    JOIN "entry_search_keys" k ON k."rowid" = f.r JOIN "entries" e ON e."id" = k."entry_id"
    WHERE ${filter.sql} ORDER BY f.score, f.r DESC LIMIT ${LIST_DEPTH}`;
  return (prepared(conn, sql).all(expression, ...filter.params) as { id: string }[]).map((r) => r.id);
}

/** Entries the question's hints point at (mood named, known tags or activities), most recent first. */
function hintIds(conn: Database.Database, plan: RecallPlan, filter: RecallFilter): RankedList[] {
  const lists: RankedList[] = [];
  const run = (cond: string, params: unknown[]) =>
    (
      prepared(
        conn,
        `SELECT e."id" AS id FROM "entries" e WHERE ${filter.sql} AND ${cond} ORDER BY e."created_at" DESC LIMIT ${LIST_DEPTH}`,
      ).all(...filter.params, ...params) as { id: string }[]
    ).map((r) => r.id);
  if (plan.mood) {
    const { min, max } = moodBandRange(plan.mood);
    lists.push({
      ids: run(`${EFFECTIVE_MOOD_SQL} >= ? AND ${EFFECTIVE_MOOD_SQL} <= ?`, [min, max]),
      weight: HINT_WEIGHT,
    });
  }
  if (plan.tagHints.length)
    lists.push({
      ids: run(
        `EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" IN (SELECT value FROM json_each(?)))`,
        [JSON.stringify(plan.tagHints)],
      ),
      weight: HINT_WEIGHT,
    });
  if (plan.activities.length)
    lists.push({
      ids: run(
        `EXISTS (SELECT 1 FROM "checkins" c, json_each(c."activities") j WHERE c."entry_id" = e."id" AND lower(j.value) IN (SELECT lower(value) FROM json_each(?)))`,
        [JSON.stringify(plan.activities)],
      ),
      weight: HINT_WEIGHT,
    });
  return lists;
}

export interface RecallOptions {
  /** Entries wanted at most. */
  limit: number;
  excludeIds?: readonly string[];
  /** Entries ranked by nearness of meaning to the question (best first), within the filter; none without embeddings. */
  vectorIds?: (filter: RecallFilter) => string[];
  /** IANA zone, for the weeks and months of "worst week". */
  timeZone: string;
}

interface MoodRow {
  id: string;
  created_at: string;
  mood: number | null;
}

function moodRows(conn: Database.Database, ids: readonly string[] | null, filter: RecallFilter): MoodRow[] {
  const sql = `SELECT e."id" AS id, e."created_at" AS created_at, ${EFFECTIVE_MOOD_SQL} AS mood FROM "entries" e
    WHERE ${filter.sql}${ids ? ` AND e."id" IN (SELECT value FROM json_each(?))` : ""}`;
  return prepared(conn, sql).all(...filter.params, ...(ids ? [JSON.stringify(ids)] : [])) as MoodRow[];
}

const byDateDesc = (a: MoodRow, b: MoodRow) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** The ids of the entries a question is about, in the order it asks for (see above). */
export function recallIds(conn: Database.Database, plan: RecallPlan, opts: RecallOptions): string[] {
  const filter = recallFilter(plan, opts.excludeIds);
  const lists: RankedList[] = [];
  if (plan.terms.length) {
    lists.push({ ids: bm25Ids(conn, "entries_stem", stemExpression(plan.terms), filter) });
    const trigram = plan.terms.filter((t) => [...t].length >= 3);
    if (trigram.length) lists.push({ ids: bm25Ids(conn, "entries_fts", stemExpression(trigram), filter) });
  }
  // Meaning is asked only of questions with words to mean something ("when was I happiest" has none).
  const vector = plan.terms.length ? (opts.vectorIds?.(filter) ?? []) : [];
  if (vector.length) lists.push({ ids: vector });
  const hints = hintIds(conn, plan, filter);
  const relevant = reciprocalRankFusion([...lists, ...hints]);
  const asked = lists.length > 0 || hints.length > 0;
  // Ordered by date or mood, only close matches count: every entry is somewhat near in meaning.
  const close = new Set([
    ...lists.filter((l) => l.ids !== vector).flatMap((l) => l.ids),
    ...vector.slice(0, CLOSE_BY_MEANING),
  ]);
  for (const h of hints) h.ids.forEach((id) => close.add(id));

  if (plan.order === "relevance") {
    if (asked) return relevant.slice(0, opts.limit);
    // Nothing to search by but a time or a tag: that time's entries, latest first.
    return moodRows(conn, null, filter)
      .sort(byDateDesc)
      .slice(0, opts.limit)
      .map((r) => r.id);
  }

  // Relevant entries (or every entry of the range when the question names nothing else), re-ordered.
  const pool = asked
    ? moodRows(conn, relevant.filter((id) => close.has(id)).slice(0, REORDER_POOL), filter)
    : moodRows(conn, null, filter);
  if (plan.order === "latest" || plan.order === "earliest") {
    pool.sort(byDateDesc);
    if (plan.order === "earliest") pool.reverse();
    return pool.slice(0, opts.limit).map((r) => r.id);
  }
  const sign = plan.order === "happiest" ? -1 : 1;
  const rated = pool.filter((r) => r.mood !== null);
  if (plan.period) {
    const key = periodKey(plan.period, opts.timeZone);
    const groups = new Map<string, MoodRow[]>();
    for (const r of rated) {
      const k = key(r.created_at);
      const g = groups.get(k);
      if (g) g.push(r);
      else groups.set(k, [r]);
    }
    const mean = (rows: MoodRow[]) => rows.reduce((s, r) => s + r.mood!, 0) / rows.length;
    const best = [...groups.entries()].sort((a, b) => sign * (mean(a[1]) - mean(b[1])) || (a[0] < b[0] ? 1 : -1))[0];
    if (!best) return [];
    return best[1]
      .sort((a, b) => sign * (a.mood! - b.mood!) || byDateDesc(a, b))
      .slice(0, opts.limit)
      .map((r) => r.id);
  }
  return rated
    .sort((a, b) => sign * (a.mood! - b.mood!) || byDateDesc(a, b))
    .slice(0, opts.limit)
    .map((r) => r.id);
}

/** The key of the day, week (its Monday) or month an instant falls in, in the person's zone. */
function periodKey(period: "day" | "week" | "month", tz: string): (instant: string) => string {
  const day = dayKeyFormatter(tz);
  return (instant) => {
    const key = day(new Date(instant));
    if (period === "day") return key;
    if (period === "month") return key.slice(0, 7);
    const [y, m, d] = key.split("-").map(Number);
    const dow = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    return new Date(Date.UTC(y, m - 1, d - dow)).toISOString().slice(0, 10);
  };
}
