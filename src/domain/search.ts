/** Search rules: plain, case-insensitive substring over title, content, tags and AI summary. */
import { RECENT_SEARCHES_KEPT, RECENT_SEARCH_MIN_LENGTH } from "./constants";

export const MIN_INDEXED_QUERY_LENGTH = 3;
export const MAX_SEARCH_LENGTH = 200;

export interface Searchable {
  title?: string | null;
  content?: string | null;
  ai_summary?: string | null;
  tags?: ReadonlyArray<{ name: string } | string>;
}

export function normalizeQuery(q: string | null | undefined): string {
  return (q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
}

/** The reference rule every search path (FTS index, scan, client) must agree with. */
export function matchesSearch(entry: Searchable, query: string): boolean {
  const q = normalizeQuery(query).toLowerCase();
  if (!q) return true;
  const fields = [
    entry.title,
    entry.content,
    entry.ai_summary,
    ...(entry.tags ?? []).map((t) => (typeof t === "string" ? t : t.name)),
  ];
  return fields.some((f) => !!f && f.toLowerCase().includes(q));
}

/** Add a query to recent searches: only when longer than 2 characters and new; the 5 most recent kept. */
export function addRecentSearch(recent: readonly string[], query: string): string[] {
  const q = query.trim();
  if (q.length < RECENT_SEARCH_MIN_LENGTH) return [...recent];
  if (recent.some((r) => r.toLowerCase() === q.toLowerCase())) return [...recent];
  return [q, ...recent].slice(0, RECENT_SEARCHES_KEPT);
}
