/** The one rule of which mood counts for an entry (its own module: the Timeline reads it without the rest of check-ins). */

/**
 * The mood that counts for an entry: the one the person stated (its check-in) wins over the one the
 * analyzer inferred, which stays only a suggestion. Null when there is neither. The server's SQL reads
 * the same rule as `coalesce("stated_mood", "ai_mood_score")` (EFFECTIVE_MOOD_SQL).
 */
export function effectiveMood(stated: number | null | undefined, inferred: number | null | undefined): number | null {
  if (typeof stated === "number" && Number.isFinite(stated)) return stated;
  if (typeof inferred === "number" && Number.isFinite(inferred)) return inferred;
  return null;
}

/** The same rule in SQL, over an entries row aliased `e`. */
export const EFFECTIVE_MOOD_SQL = `coalesce(e."stated_mood", e."ai_mood_score")`;
