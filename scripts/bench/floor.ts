/**
 * The floor of the read endpoints: the same SQL and row mapping the app runs (buildListSql and
 * src/server/entries/read.ts), on a read-only better-sqlite3 connection in this process, plus
 * JSON.stringify. No HTTP, no route handler, no Next. What the app takes above this is its own overhead.
 */
import type Database from "better-sqlite3";
import type { EntryFilter, SearchPlan } from "../../src/server/entries/query.ts";
import { prepared, readEntries, readListPage, readSearchPage, readStatistics } from "../../src/server/entries/read.ts";

export class Floor {
  private readonly db: Database.Database;

  constructor(db: Database.Database) {
    this.db = db;
  }

  private stmt(sql: string): Database.Statement {
    return prepared(this.db, sql);
  }

  /** Entries with tags and media, in the order of `ids`, as the API's EntryDto (the app's own mapping). */
  loadByIds(ids: string[]) {
    return readEntries(this.db, ids);
  }

  /** GET /api/entries?limit=&offset=&search=… : page of ids, total, entries, JSON. */
  listPage(filter: EntryFilter, limit: number, offset = 0): string {
    const { ids, total } = readListPage(this.db, filter, limit, offset);
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
    this.stmt("PRAGMA data_version").get();
    return JSON.stringify(readStatistics(this.db, tz, now));
  }

  /** The same meaning as the app's search, answered by scanning every row with LIKE: first page of ids + count. */
  likePage(q: string, limit = 20): number {
    const p = `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
    const where = `WHERE (e."title" LIKE @p ESCAPE '\\' OR e."content" LIKE @p ESCAPE '\\' OR e."ai_summary" LIKE @p ESCAPE '\\'
    OR EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" LIKE @p ESCAPE '\\'))`;
    this.stmt(
      `SELECT e."id" AS id FROM "entries" e ${where} ORDER BY e."created_at" DESC, e."id" DESC LIMIT ${limit}`,
    ).all({ p });
    return Number((this.stmt(`SELECT count(*) AS n FROM "entries" e ${where}`).get({ p }) as { n: number }).n);
  }

  /** The app's own search (FTS trigram, read as the service reads it): first page of ids + count, without loading the entries. */
  ftsPage(q: string, limit = 20): { total: number; plan: SearchPlan } {
    const { total, plan } = readSearchPage(this.db, q, limit, 0);
    return { total, plan };
  }
}
