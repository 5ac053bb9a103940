import "server-only";
import type Database from "better-sqlite3";
import type { EntryDto, MediaFileDto, StatisticsDto } from "@/contracts/entries";
import { computeStreaks, dayKeyFormatter, localDayKey, startOfLocalDay } from "@/domain/dates";
import { MIN_INDEXED_QUERY_LENGTH } from "@/domain/search";
import {
  buildListSql,
  ENTRY_COUNT_BOUND_SQL,
  ftsPhrase,
  isPlainIndexedSearch,
  searchPlan,
  searchText,
  sqlInstant,
  type EntryFilter,
  type SearchPlan,
} from "./query";

/**
 * The hot reads of the journal (a page of entries, one entry, the statistics) as plain SQL on a
 * better-sqlite3 connection with prepared statements kept, mapped straight to the API's JSON shapes.
 * Prisma stays the path for every write; for these reads its query layer cost 3 to 20 times the SQL itself.
 */

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
/** The SQL texts are few and fixed (ids are passed as one JSON array); the bound is a guard only. */
const MAX_STATEMENTS = 256;

/** A prepared statement, kept per connection. */
export function prepared(conn: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(conn);
  if (!cache) {
    cache = new Map();
    statements.set(conn, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    s = conn.prepare(sql);
    cache.set(sql, s);
  }
  return s;
}

/** The `id` column of a statement's rows. */
function selectIds(conn: Database.Database, sql: string, params: unknown[]): string[] {
  return (prepared(conn, sql).all(...params) as { id: string }[]).map((r) => r.id);
}

/** The `n` column of a count statement. */
function selectCount(conn: Database.Database, sql: string, params: unknown[]): number {
  return Number((prepared(conn, sql).get(...params) as { n: number } | undefined)?.n ?? 0);
}

/** An entry's row: its columns carry the API's names and types (instants as stored text, normalised below). */
type EntrySqlRow = Omit<EntryDto, "tags" | "media_files">;

export interface MediaSqlRow {
  id: string;
  entry_id: string;
  file_type: string;
  filename: string;
  mime_type: string;
  size: number;
  thumbnail_name: string | null;
  created_at: string;
}

/** Stored instants are ISO text ("…+00:00"); the API answers in UTC with a Z. */
const iso = (v: string | number) => new Date(v).toISOString();

/** A media file's addresses: the file, and its thumbnail when there is one. */
const mediaUrl = (id: string) => `/api/media/${id}`;
export const thumbnailUrl = (id: string) => `/api/media/${id}?thumb=1`;

const ENTRIES_SQL = `SELECT "id", "title", "content", "created_at", "updated_at", "mood", "ai_mood_score", "stated_mood", "ai_summary", "ai_themes", "ai_model",
  "ai_questions", "location_name", "location_lat", "location_lng", "word_count", "conflict_of" FROM "entries" WHERE "id" IN (SELECT value FROM json_each(?))`;
const TAGS_SQL = `SELECT et."entry_id" AS entry_id, t."name" AS name FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id"
  WHERE et."entry_id" IN (SELECT value FROM json_each(?)) ORDER BY t."name" ASC`;
const MEDIA_SQL = `SELECT "id", "entry_id", "file_type", "filename", "mime_type", "size", "thumbnail_name", "created_at" FROM "media_files"
  WHERE "entry_id" IN (SELECT value FROM json_each(?)) ORDER BY "created_at" ASC, "id" ASC`;

export function mediaDto(m: MediaSqlRow): MediaFileDto {
  return {
    id: m.id,
    entry_id: m.entry_id,
    file_type: m.file_type as MediaFileDto["file_type"],
    filename: m.filename,
    mime_type: m.mime_type,
    size: m.size,
    url: mediaUrl(m.id),
    thumbnail_url: m.thumbnail_name ? thumbnailUrl(m.id) : null,
    created_at: iso(m.created_at),
  };
}

/** The stored file names of media files by id (the API's shape leaves them out): for exports that read the files. */
export function storedNamesOf(conn: Database.Database, mediaIds: readonly string[]): Map<string, string> {
  if (!mediaIds.length) return new Map();
  const rows = prepared(
    conn,
    `SELECT "id", "stored_name" FROM "media_files" WHERE "id" IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(mediaIds)) as { id: string; stored_name: string }[];
  return new Map(rows.map((r) => [r.id, r.stored_name]));
}

/** Every entry's id, oldest first (as an export walks the journal). */
export function readAllIdsOldestFirst(conn: Database.Database): string[] {
  return selectIds(conn, `SELECT "id" FROM "entries" ORDER BY "created_at" ASC, "id" ASC`, []);
}

/** Entries with their tags (by name) and media (oldest first), in the order of `ids`; unknown ids are left out. */
export function readEntries(conn: Database.Database, ids: readonly string[]): EntryDto[] {
  if (!ids.length) return [];
  const list = JSON.stringify(ids);
  const rows = prepared(conn, ENTRIES_SQL).all(list) as EntrySqlRow[];
  if (!rows.length) return [];
  const tagsOf = new Map<string, { name: string }[]>();
  for (const t of prepared(conn, TAGS_SQL).all(list) as { entry_id: string; name: string }[]) {
    const l = tagsOf.get(t.entry_id);
    if (l) l.push({ name: t.name });
    else tagsOf.set(t.entry_id, [{ name: t.name }]);
  }
  const mediaOf = new Map<string, MediaFileDto[]>();
  for (const m of prepared(conn, MEDIA_SQL).all(list) as MediaSqlRow[]) {
    const l = mediaOf.get(m.entry_id);
    if (l) l.push(mediaDto(m));
    else mediaOf.set(m.entry_id, [mediaDto(m)]);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const e = byId.get(id);
    if (!e) return [];
    return [
      {
        id: e.id,
        title: e.title,
        content: e.content,
        created_at: iso(e.created_at),
        updated_at: iso(e.updated_at),
        mood: e.mood,
        ai_mood_score: e.ai_mood_score,
        stated_mood: e.stated_mood ?? null,
        ai_summary: e.ai_summary,
        ai_themes: e.ai_themes,
        ai_model: e.ai_model ?? null,
        ai_questions: e.ai_questions ?? null,
        location_name: e.location_name,
        location_lat: e.location_lat,
        location_lng: e.location_lng,
        word_count: e.word_count,
        conflict_of: e.conflict_of,
        tags: tagsOf.get(id) ?? [],
        media_files: mediaOf.get(id) ?? [],
      },
    ];
  });
}

/**
 * The eight statistics figures, with days and "this month/year" in the zone `tz`, computed from the
 * database every time (the service caches them until the next write).
 */
export function readStatistics(conn: Database.Database, tz: string, now: Date): StatisticsDto {
  const today = localDayKey(now, tz);
  const [year, month] = today.split("-");
  const agg = prepared(
    conn,
    `SELECT count(*) AS n, sum("word_count") AS words, avg(coalesce("stated_mood", "ai_mood_score")) AS avg,
            sum("created_at" >= ?) AS m, sum("created_at" >= ?) AS y FROM "entries"`,
  ).get(sqlInstant(startOfLocalDay(`${year}-${month}-01`, tz)), sqlInstant(startOfLocalDay(`${year}-01-01`, tz))) as {
    n: number;
    words: number | null;
    avg: number | null;
    m: number | null;
    y: number | null;
  };
  // Distinct UTC hours are few even in a large journal, and each lies in one local day, except in
  // zones whose offset is not a whole hour: there an hour can straddle midnight, and the days are read exactly.
  // A day counts toward the streak with an entry or a check-in.
  const hours = prepared(
    conn,
    `SELECT substr("created_at", 1, 13) AS h FROM "entries" UNION SELECT substr("at", 1, 13) FROM "checkins"`,
  ).all() as {
    h: string;
  }[];
  const keyOf = dayKeyFormatter(tz);
  let days = new Set<string>();
  for (const { h } of hours) {
    const start = Date.parse(`${h}:00:00Z`);
    const a = keyOf(start);
    if (a !== keyOf(start + 3_599_999)) {
      const all = prepared(
        conn,
        `SELECT "created_at" AS c FROM "entries" UNION ALL SELECT "at" FROM "checkins"`,
      ).all() as {
        c: string;
      }[];
      days = new Set(all.map((r) => keyOf(new Date(r.c))));
      break;
    }
    days.add(a);
  }
  const streaks = computeStreaks(days, today);
  // Kept by triggers on "entries" (see the migration statistics_at_scale).
  const themes = prepared(
    conn,
    `SELECT "theme", "uses" AS c FROM "theme_counts" ORDER BY "uses" DESC, "theme" ASC LIMIT 5`,
  ).all() as {
    theme: string;
    c: number;
  }[];
  return {
    total_entries: agg.n,
    total_words: agg.words ?? 0,
    entries_this_month: agg.m ?? 0,
    entries_this_year: agg.y ?? 0,
    current_streak: streaks.current,
    longest_streak: streaks.longest,
    average_mood: agg.avg === null ? 0 : Math.round(agg.avg * 10) / 10,
    most_common_themes: themes.map((t) => ({ theme: t.theme, count: t.c })),
  };
}

const MATCH_ROWIDS_SQL = `SELECT rowid FROM "entries_fts" WHERE "entries_fts" MATCH ?`;
/** Every entry with its search key, newest first: walked until a page of matches is found. */
const WALK_SQL = `SELECT e."id" AS id, k."rowid" AS r FROM "entries" e JOIN "entry_search_keys" k ON k."entry_id" = e."id"
  ORDER BY e."created_at" DESC, e."id" DESC`;
/** The matches (search keys, as a JSON array) in list order: one page, dated from the covering index alone. */
const COLLECT_SQL = `SELECT k."entry_id" AS id FROM "entry_search_keys" k JOIN "entries" e INDEXED BY "entries_id_created_at_idx" ON e."id" = k."entry_id"
  WHERE k."rowid" IN (SELECT value FROM json_each(?)) ORDER BY e."created_at" DESC, e."id" DESC LIMIT ? OFFSET ?`;

/**
 * One page of a search with no other filter (3 or more characters), and the number of matches.
 * A query of one trigram (3 characters) can match nearly every entry: it is counted on the index first and
 * read as searchPlan says. A longer one matches fewer entries for the same work of the index, so its
 * matches are listed once and serve both the total and the page, which is then collected (sorted) or
 * walked (entries newest first until the page is full) in this process.
 */
export function readSearchPage(
  conn: Database.Database,
  search: string,
  limit: number,
  offset: number,
  /** Reads the page this way whatever the number of matches (tests compare the plans). */
  force?: SearchPlan,
): { ids: string[]; total: number; plan: SearchPlan } {
  const q = searchText(search);
  const length = [...q].length;
  const bound = () => selectCount(conn, ENTRY_COUNT_BOUND_SQL, []);
  const ids = (sql: string, params: unknown[]) => selectIds(conn, sql, params);
  if (length <= MIN_INDEXED_QUERY_LENGTH) {
    let sql = buildListSql({ search }, { limit, offset });
    const total = selectCount(conn, sql.count, sql.countParams);
    if (!total || offset >= total) return { ids: [], total, plan: "collect" };
    const plan = force ?? searchPlan(total, bound(), offset + limit, length);
    if (plan !== "collect") sql = buildListSql({ search }, { limit, offset }, plan);
    return { ids: ids(sql.select, sql.selectParams), total, plan };
  }
  const keys = prepared(conn, MATCH_ROWIDS_SQL).pluck().all(ftsPhrase(q)) as number[];
  const total = keys.length;
  if (!total || offset >= total) return { ids: [], total, plan: "collect" };
  const plan = force ?? searchPlan(total, bound(), offset + limit, length);
  if (plan === "collect") return { ids: ids(COLLECT_SQL, [JSON.stringify(keys), limit, offset]), total, plan };
  if (plan === "probe") {
    const sql = buildListSql({ search }, { limit, offset }, plan);
    return { ids: ids(sql.select, sql.selectParams), total, plan };
  }
  const wanted = new Set(keys);
  const page: string[] = [];
  let skip = offset;
  for (const row of prepared(conn, WALK_SQL).iterate() as IterableIterator<{ id: string; r: number }>) {
    if (!wanted.has(row.r)) continue;
    if (skip > 0) skip--;
    else if (page.push(row.id) >= limit) break;
  }
  return { ids: page, total, plan };
}

/** The ids of every entry that passes `filter`, newest first. */
export function readListIds(conn: Database.Database, filter: EntryFilter): string[] {
  const { select, selectParams } = buildListSql(filter);
  return selectIds(conn, select, selectParams);
}

/** One page of the entries that pass `filter` (ids, newest first) and how many pass it. */
export function readListPage(
  conn: Database.Database,
  filter: EntryFilter,
  limit: number,
  offset: number,
): { ids: string[]; total: number } {
  // A search with no other filter: how many entries match decides how the page is best read.
  if (isPlainIndexedSearch(filter)) return readSearchPage(conn, filter.search ?? "", limit, offset);
  const sql = buildListSql(filter, { limit, offset });
  const total = selectCount(conn, sql.count, sql.countParams);
  return { ids: offset < total ? selectIds(conn, sql.select, sql.selectParams) : [], total };
}
