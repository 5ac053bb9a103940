/**
 * The floor of the read endpoints: the same SQL the app runs (buildListSql and the statistics
 * queries of src/server/entries/service.ts), on a read-only better-sqlite3 connection in this
 * process, plus building the same DTO shape and JSON.stringify. No HTTP, no Prisma, no Next.
 * What the app takes above this is its own overhead.
 */
import type Database from "better-sqlite3";
import { computeStreaks, dayKeyFormatter, localDayKey, startOfLocalDay } from "../../src/domain/dates.ts";
import { buildListSql, ENTRY_COUNT_BOUND_SQL, searchPlan, searchText, sqlInstant, type EntryFilter, type SearchPlan } from "../../src/server/entries/query.ts";

interface EntrySqlRow {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  mood: string | null;
  ai_mood_score: number | null;
  ai_summary: string | null;
  ai_themes: string | null;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  word_count: number;
}

interface MediaSqlRow {
  id: string;
  entry_id: string;
  file_type: string;
  filename: string;
  mime_type: string;
  size: number;
  thumbnail_name: string | null;
  created_at: string;
}

const iso = (s: string) => new Date(s).toISOString();

export class Floor {
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Database.Statement>();

  constructor(db: Database.Database) {
    this.db = db;
  }

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  /** Entries with tags and media, in the order of `ids`, as the API's EntryDto. */
  loadByIds(ids: string[]) {
    if (!ids.length) return [];
    const marks = ids.map(() => "?").join(", ");
    const rows = this.stmt(`SELECT * FROM "entries" WHERE "id" IN (${marks})`).all(...ids) as EntrySqlRow[];
    const tags = this.stmt(
      `SELECT et."entry_id" AS entry_id, t."name" AS name FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" IN (${marks}) ORDER BY t."name" ASC`,
    ).all(...ids) as { entry_id: string; name: string }[];
    const media = this.stmt(`SELECT * FROM "media_files" WHERE "entry_id" IN (${marks}) ORDER BY "created_at" ASC`).all(...ids) as MediaSqlRow[];
    const tagsOf = new Map<string, { name: string }[]>();
    for (const t of tags) tagsOf.set(t.entry_id, [...(tagsOf.get(t.entry_id) ?? []), { name: t.name }]);
    const mediaOf = new Map<string, MediaSqlRow[]>();
    for (const m of media) mediaOf.set(m.entry_id, [...(mediaOf.get(m.entry_id) ?? []), m]);
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
          ai_summary: e.ai_summary,
          ai_themes: e.ai_themes,
          location_name: e.location_name,
          location_lat: e.location_lat,
          location_lng: e.location_lng,
          word_count: e.word_count,
          tags: tagsOf.get(id) ?? [],
          media_files: (mediaOf.get(id) ?? []).map((m) => ({
            id: m.id,
            entry_id: m.entry_id,
            file_type: m.file_type,
            filename: m.filename,
            mime_type: m.mime_type,
            size: m.size,
            url: `/api/media/${m.id}`,
            thumbnail_url: m.thumbnail_name ? `/api/media/${m.id}?thumb=1` : null,
            created_at: iso(m.created_at),
          })),
        },
      ];
    });
  }

  /** GET /api/entries?limit=&offset=&search=… : page of ids, total, entries, JSON. */
  listPage(filter: EntryFilter, limit: number, offset = 0): string {
    const sql = buildListSql(filter, { limit, offset });
    const ids = (this.stmt(sql.select).all(...sql.selectParams) as { id: string }[]).map((r) => r.id);
    const total = Number((this.stmt(sql.count).get(...sql.countParams) as { n: number }).n);
    const entries = this.loadByIds(ids);
    return JSON.stringify({ entries, total, limit, offset, has_more: offset + entries.length < total });
  }

  /** GET /api/entries/:id */
  detail(id: string): string {
    const [e] = this.loadByIds([id]);
    if (!e) throw new Error(`no entry ${id}`);
    return JSON.stringify(e);
  }

  /** GET /api/entries/statistics?tz= : the service's queries, computed every time (no cache). */
  statistics(tz: string, now = new Date()): string {
    const today = localDayKey(now, tz);
    this.stmt("PRAGMA data_version").get();
    const [year, month] = today.split("-");
    const agg = this.stmt(
      `SELECT count(*) AS n, sum("word_count") AS words, avg("ai_mood_score") AS avg,
            sum("created_at" >= ?) AS m, sum("created_at" >= ?) AS y FROM "entries"`,
    ).get(sqlInstant(startOfLocalDay(`${year}-${month}-01`, tz)), sqlInstant(startOfLocalDay(`${year}-01-01`, tz))) as {
      n: number; words: number | null; avg: number | null; m: number; y: number;
    };
    const hours = this.stmt(`SELECT DISTINCT substr("created_at", 1, 13) AS h FROM "entries"`).all() as { h: string }[];
    const keyOf = dayKeyFormatter(tz);
    let days = new Set<string>();
    for (const { h } of hours) {
      const start = Date.parse(`${h}:00:00Z`);
      const a = keyOf(start);
      if (a !== keyOf(start + 3_599_999)) {
        const all = this.stmt(`SELECT "created_at" AS c FROM "entries"`).all() as { c: string }[];
        days = new Set(all.map((r) => keyOf(new Date(r.c))));
        break;
      }
      days.add(a);
    }
    const streaks = computeStreaks(days, today);
    const themes = this.stmt(
      `SELECT lower(trim(j.value)) AS theme, count(*) AS c FROM "entries" e, json_each(e."ai_themes") j
     WHERE e."ai_themes" IS NOT NULL AND json_valid(e."ai_themes") AND j.type = 'text' AND trim(j.value) <> ''
     GROUP BY theme ORDER BY c DESC, theme ASC LIMIT 5`,
    ).all() as { theme: string; c: number }[];
    return JSON.stringify({
      total_entries: agg.n,
      total_words: agg.words ?? 0,
      entries_this_month: agg.m ?? 0,
      entries_this_year: agg.y ?? 0,
      current_streak: streaks.current,
      longest_streak: streaks.longest,
      average_mood: agg.avg === null ? 0 : Math.round(agg.avg * 10) / 10,
      most_common_themes: themes.map((t) => ({ theme: t.theme, count: t.c })),
    });
  }

  /** The same meaning as the app's search, answered by scanning every row with LIKE: first page of ids + count. */
  likePage(q: string, limit = 20): number {
    const p = `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    const where = `WHERE (e."title" LIKE @p ESCAPE '\\' OR e."content" LIKE @p ESCAPE '\\' OR e."ai_summary" LIKE @p ESCAPE '\\'
    OR EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" LIKE @p ESCAPE '\\'))`;
    this.stmt(`SELECT e."id" AS id FROM "entries" e ${where} ORDER BY e."created_at" DESC, e."id" DESC LIMIT ${limit}`).all({ p });
    return Number((this.stmt(`SELECT count(*) AS n FROM "entries" e ${where}`).get({ p }) as { n: number }).n);
  }

  /** The app's own search SQL (FTS trigram, the plan the service would pick), first page of ids + count, without loading the entries. */
  ftsPage(q: string, limit = 20): { total: number; plan: SearchPlan } {
    let sql = buildListSql({ search: q }, { limit, offset: 0 });
    const total = Number((this.stmt(sql.count).get(...sql.countParams) as { n: number }).n);
    const bound = Number((this.stmt(ENTRY_COUNT_BOUND_SQL).get() as { n: number }).n);
    const plan = total > 0 ? searchPlan(total, bound, limit, [...searchText(q)].length) : "collect";
    if (plan !== "collect") sql = buildListSql({ search: q }, { limit, offset: 0 }, plan);
    this.stmt(sql.select).all(...sql.selectParams);
    return { total, plan };
  }
}
