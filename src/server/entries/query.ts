import "server-only";
import type { MoodFilter } from "@/contracts/entries";
import { EFFECTIVE_MOOD_SQL } from "@/domain/checkins";
import { moodBandRange } from "@/domain/mood";
import { MIN_INDEXED_QUERY_LENGTH, normalizeQuery } from "@/domain/search";

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
 * How a page of an indexed search is read (the results are the same; the cost is not):
 * - "collect": every match is looked up and sorted by date. Its cost grows with the number of matches,
 *   so it suits rare text (and is the only plan for the whole list or with other filters).
 * - "walk": the matches are listed once, then the entries are walked newest first until the page is full.
 *   Listing costs about a tenth of looking up and sorting, and the walk stops early when matches are common.
 * - "probe": the entries are walked newest first and the index is asked about each one: for short text
 *   that most entries contain ("the"), where even listing every match costs more than the page.
 * The thresholds come from timings at 100k entries (scripts/bench): a probe costs about 80 times a
 * listed match per trigram of the query, and walking beats collecting once matches exceed about
 * 2 x sqrt(page end x entries).
 */
export type SearchPlan = "collect" | "walk" | "probe";

export function searchPlan(matches: number, entries: number, pageEnd: number, queryLength: number): SearchPlan {
  if (matches <= 0 || entries <= 0 || pageEnd <= 0) return "collect";
  const trigrams = Math.max(1, queryLength - 2);
  if (pageEnd * entries * trigrams * 80 < matches * matches) return "probe";
  if (matches * matches >= 4 * pageEnd * entries) return "walk";
  return "collect";
}

/** An indexed search with no other filter: its matches can be counted on the index alone, and any plan applies. */
export function isPlainIndexedSearch(f: EntryFilter): boolean {
  const q = searchText(f.search);
  return (
    [...q].length >= MIN_INDEXED_QUERY_LENGTH &&
    !f.from &&
    !f.to &&
    (!f.mood || f.mood === "all") &&
    !f.tags?.length &&
    f.hasMedia === undefined
  );
}

/**
 * Builds the FROM-joins and WHERE of the entry list over `entries e`. Searches of 3 or more characters
 * are answered by the trigram index (read as `plan` says); shorter ones by a scan with the same meaning.
 */
export function buildEntryWhere(f: EntryFilter, plan: SearchPlan = "collect"): SqlWhere {
  const conds: string[] = [];
  const params: unknown[] = [];
  let joins = "";
  const q = searchText(f.search);
  if (q) {
    if ([...q].length >= MIN_INDEXED_QUERY_LENGTH) {
      if (plan === "walk") {
        conds.push(
          `EXISTS (SELECT 1 FROM "entry_search_keys" k WHERE k."entry_id" = e."id" AND k."rowid" IN (SELECT rowid FROM "entries_fts" WHERE "entries_fts" MATCH ?))`,
        );
      } else if (plan === "probe") {
        joins += ` JOIN "entry_search_keys" k ON k."entry_id" = e."id"`;
        conds.push(`EXISTS (SELECT 1 FROM "entries_fts" WHERE "entries_fts" MATCH ? AND rowid = k."rowid")`);
      } else {
        joins += ` JOIN "entry_search_keys" k ON k."entry_id" = e."id" JOIN (SELECT rowid AS r FROM "entries_fts" WHERE "entries_fts" MATCH ?) f ON f.r = k."rowid"`;
      }
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
    // The stated mood wins over the inferred one (effectiveMood).
    conds.push(`${EFFECTIVE_MOOD_SQL} IS NOT NULL`);
    if (Number.isFinite(min)) {
      conds.push(`${EFFECTIVE_MOOD_SQL} >= ?`);
      params.push(min);
    }
    if (Number.isFinite(max)) {
      conds.push(`${EFFECTIVE_MOOD_SQL} < ?`);
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

/**
 * The entry list's statements, as the service runs them (and as scripts/explain-search.ts explains them).
 * A plain indexed search is counted on the index alone (each index row is one entry, kept so by triggers).
 */
export function buildListSql(
  f: EntryFilter,
  page?: { limit: number; offset: number },
  plan: SearchPlan = "collect",
): ListSql {
  const { joins, where, params } = buildEntryWhere(f, page ? plan : "collect");
  const base = `FROM "entries" e${joins} ${where}`.trimEnd();
  const order = `ORDER BY e."created_at" DESC, e."id" DESC`;
  const plain = isPlainIndexedSearch(f);
  return {
    select: `SELECT e."id" AS id ${base} ${order}${page ? " LIMIT ? OFFSET ?" : ""}`,
    selectParams: page ? [...params, page.limit, page.offset] : params,
    count: plain
      ? `SELECT count(*) AS n FROM "entries_fts" WHERE "entries_fts" MATCH ?`
      : `SELECT count(*) AS n ${base}`,
    countParams: plain ? [ftsPhrase(searchText(f.search))] : params,
  };
}

/** An upper bound of the number of entries, read in constant time (search keys are never reused). */
export const ENTRY_COUNT_BOUND_SQL = `SELECT coalesce(max("rowid"), 0) AS n FROM "entry_search_keys"`;
