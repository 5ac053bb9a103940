import "server-only";
import type { MoodFilter } from "@/contracts/entries";
import { moodBandRange } from "@/domain/mood";
import { MIN_INDEXED_QUERY_LENGTH, normalizeQuery } from "@/domain/search";
import { sqlInstant } from "./mapping";

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

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
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
      const p = likePattern(q);
      conds.push(
        `(e."title" LIKE ? ESCAPE '\\' OR e."content" LIKE ? ESCAPE '\\' OR e."ai_summary" LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id" AND t."name" LIKE ? ESCAPE '\\'))`,
      );
      params.push(p, p, p, p);
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
