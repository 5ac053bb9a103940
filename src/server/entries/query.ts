import "server-only";
// Relative imports with extensions: the seed and explain scripts load this file with plain Node
// (`node --conditions=react-server`, under which "server-only" is an empty module).
import type { MoodFilter } from "@/contracts/entries";
import { moodBandRange } from "../../domain/mood.ts";
import { MIN_INDEXED_QUERY_LENGTH, normalizeQuery } from "../../domain/search.ts";

/** Filters of the entry list, already parsed into instants. */
export interface EntryFilter {
  search?: string;
  from?: Date;
  to?: Date;
  mood?: MoodFilter;
  tags?: string[];
  hasMedia?: boolean;
}

export interface SqlWhere {
  joins: string;
  where: string;
  params: unknown[];
}

/** Search text as the index sees it: trimmed, control characters removed (tags are joined by one). */
export function searchText(q: string | undefined): string {
  return normalizeQuery((q ?? "").replace(/\p{Cc}/gu, " "));
}

/** An FTS5 phrase that matches the text as a plain substring under the trigram tokenizer. */
export function ftsPhrase(q: string): string {
  return `"${q.replace(/"/gu, '""')}"`;
}

/** The text form Prisma uses for DateTime in SQLite, for raw SQL comparisons. */
export function sqlInstant(d: Date): string {
  return d.toISOString().replace("Z", "+00:00");
}

/**
 * Characters that lower-case to the same text as each cased character, e.g. "k" -> K, k, K (Kelvin sign).
 * Built once, on the first short search, from the code points that have case (all below U+20000).
 */
let caseClasses: Map<string, string[]> | undefined;
function caseVariants(ch: string): string[] {
  if (!caseClasses) {
    caseClasses = new Map();
    for (let cp = 0; cp < 0x20000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const lower = c.toLowerCase();
      if (lower === c) continue;
      const list = caseClasses.get(lower) ?? ([...lower].length === 1 ? [lower] : []);
      list.push(c);
      caseClasses.set(lower, list);
    }
  }
  const found = caseClasses.get(ch.toLowerCase());
  return found?.includes(ch) ? found : [ch];
}

/**
 * A GLOB pattern (case-sensitive by nature) that matches the query as a substring in any letter case,
 * with the meaning of `matchesSearch`: each character becomes the class of characters that lower-case
 * to the same text. LIKE would only fold ASCII letters.
 */
export function globPattern(q: string): string {
  let out = "*";
  for (const ch of q) {
    const variants = caseVariants(ch);
    if (variants.length > 1) out += `[${variants.join("")}]`;
    else if (ch === "*" || ch === "?" || ch === "[") out += `[${ch}]`;
    else out += ch;
  }
  return `${out}*`;
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/**
 * The scan for short queries. LIKE folds ASCII letters only, which is exact (and faster) when every
 * character's case variants are ASCII; otherwise ("ü", or "k" whose variants include the Kelvin sign)
 * a GLOB with explicit case classes.
 */
export function scanMatch(q: string): { op: string; pattern: string } {
  const ascii = [...q].every((ch) => caseVariants(ch).every((v) => v.charCodeAt(0) < 0x80));
  return ascii ? { op: `LIKE ? ESCAPE '\\'`, pattern: likePattern(q) } : { op: "GLOB ?", pattern: globPattern(q) };
}

/**
 * Builds the FROM-joins and WHERE of the entry list over `entries e`. Searches of 3 or more characters
 * are answered by the trigram index; shorter ones by a scan with the same meaning.
 */
export function buildEntryWhere(f: EntryFilter): SqlWhere {
  const conds: string[] = [];
  const params: unknown[] = [];
  let joins = "";
  const q = searchText(f.search);
  if (q) {
    if ([...q].length >= MIN_INDEXED_QUERY_LENGTH) {
      joins += ` JOIN "entry_search_keys" k ON k."entry_id" = e."id" JOIN (SELECT rowid AS r FROM "entries_fts" WHERE "entries_fts" MATCH ?) f ON f.r = k."rowid"`;
      params.push(ftsPhrase(q));
    } else {
      const { op, pattern } = scanMatch(q);
      conds.push(
        `(e."title" ${op} OR e."content" ${op} OR e."ai_summary" ${op} OR EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" ${op}))`,
      );
      params.push(pattern, pattern, pattern, pattern);
    }
  }
  if (f.from) {
    conds.push(`e."created_at" >= ?`);
    params.push(sqlInstant(f.from));
  }
  if (f.to) {
    conds.push(`e."created_at" < ?`);
    params.push(sqlInstant(f.to));
  }
  if (f.mood && f.mood !== "all") {
    const { min, max } = moodBandRange(f.mood);
    conds.push(`e."ai_mood_score" IS NOT NULL`);
    if (Number.isFinite(min)) {
      conds.push(`e."ai_mood_score" >= ?`);
      params.push(min);
    }
    if (Number.isFinite(max)) {
      conds.push(`e."ai_mood_score" < ?`);
      params.push(max);
    }
  }
  if (f.tags?.length) {
    conds.push(
      `EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" IN (${f.tags.map(() => "?").join(", ")}))`,
    );
    params.push(...f.tags);
  }
  if (f.hasMedia !== undefined) {
    conds.push(`${f.hasMedia ? "" : "NOT "}EXISTS (SELECT 1 FROM "media_files" m WHERE m."entry_id" = e."id")`);
  }
  return { joins, where: conds.length ? `WHERE ${conds.join(" AND ")}` : "", params };
}

export interface ListSql {
  /** Entry ids, newest first (one page when `page` is given). */
  select: string;
  selectParams: unknown[];
  /** The number of matching entries. */
  count: string;
  countParams: unknown[];
}

/** The entry list's statements, as the service runs them (and as scripts/explain-search.ts explains them). */
export function buildListSql(f: EntryFilter, page?: { limit: number; offset: number }): ListSql {
  const { joins, where, params } = buildEntryWhere(f);
  const base = `FROM "entries" e${joins} ${where}`.trimEnd();
  const order = `ORDER BY e."created_at" DESC, e."id" DESC`;
  return {
    select: `SELECT e."id" AS id ${base} ${order}${page ? " LIMIT ? OFFSET ?" : ""}`,
    selectParams: page ? [...params, page.limit, page.offset] : params,
    count: `SELECT count(*) AS n ${base}`,
    countParams: params,
  };
}
