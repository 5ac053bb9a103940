/** Tag rules (spec section 5). */
import { MAX_TAGS, MAX_TAG_LENGTH, MAX_TAG_SUGGESTIONS, QUICK_PICK_TAG_COUNT, SUGGESTED_TAGS } from "./constants";

/**
 * Trim, drop a leading '#', turn control characters and line/paragraph separators into spaces, drop
 * invisible format characters (right-to-left overrides, zero-width joiners), collapse whitespace and
 * lower-case. Empty means "ignore".
 */
export function normalizeTag(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\p{Cf}/gu, "")
    .trim()
    .replace(/^#+/u, "")
    .trim()
    .replace(/\s+/gu, " ")
    .toLowerCase()
    .slice(0, MAX_TAG_LENGTH)
    .trim();
}

export type AddTagResult =
  { ok: true; tags: string[] } | { ok: false; tags: string[]; reason: "empty" | "duplicate" | "limit" };

/** Add one tag following the rules: empty ignored, no duplicates, at most 10. */
export function addTag(tags: readonly string[], raw: string): AddTagResult {
  const tag = normalizeTag(raw);
  const current = [...tags];
  if (!tag) return { ok: false, tags: current, reason: "empty" };
  if (current.includes(tag)) return { ok: false, tags: current, reason: "duplicate" };
  if (current.length >= MAX_TAGS) return { ok: false, tags: current, reason: "limit" };
  return { ok: true, tags: [...current, tag] };
}

/** Normalize a whole list: empties dropped, duplicates removed, order kept. Does not cut at the limit. */
export function normalizeTags(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of raw) {
    const t = normalizeTag(r);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

export function removeLastTag(tags: readonly string[]): string[] {
  return tags.slice(0, -1);
}

export function canAddMoreTags(tags: readonly string[]): boolean {
  return tags.length < MAX_TAGS;
}

export function tagCounter(tags: readonly string[]): string {
  return `${tags.length}/${MAX_TAGS} tags`;
}

/** Up to 5 suggestions from the fixed list, excluding tags in use, optionally filtered by typed text. */
export function tagSuggestions(tags: readonly string[], typed = ""): string[] {
  const q = normalizeTag(typed);
  return SUGGESTED_TAGS.filter((t) => !tags.includes(t) && (!q || t.includes(q))).slice(0, MAX_TAG_SUGGESTIONS);
}

/** Six quick picks shown when no tag is set. */
export function quickPickTags(tags: readonly string[]): string[] {
  return tags.length === 0 ? SUGGESTED_TAGS.slice(0, QUICK_PICK_TAG_COUNT) : [];
}
