import "server-only";
import { MOOD_MAX, MOOD_MIN } from "@/domain/mood";

/**
 * Lenient readers for model output. Each returns undefined when the value is not usable, so that the
 * task's normalizer can tell a missing field (an issue, leading to a repair) from a present one.
 */

export type Normalized<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/** camelCase and "Mood Score" keys become snake_case; a lone wrapper object ({"analysis": {...}}) is unwrapped. */
export function normalizeKeys(raw: unknown, expectedKeys: readonly string[]): Record<string, unknown> | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  if (Array.isArray(raw)) return raw.length === 1 ? normalizeKeys(raw[0], expectedKeys) : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const key = k
      .replace(/([a-z0-9])([A-Z])/gu, "$1_$2")
      .replace(/[\s-]+/gu, "_")
      .toLowerCase();
    out[key] = v;
  }
  const hits = expectedKeys.filter((k) => k in out).length;
  if (hits === 0) {
    const objects = Object.values(out).filter((v) => v && typeof v === "object" && !Array.isArray(v));
    if (objects.length === 1) return normalizeKeys(objects[0], expectedKeys);
  }
  return out;
}

export function asString(v: unknown, max = 5000): string | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return undefined;
  const s = v.trim();
  return s ? s.slice(0, max) : undefined;
}

/** A list of strings from an array, or from one string split on newlines, bullets, semicolons or commas. */
export function asStringList(v: unknown, maxItems = 10, maxLen = 500): string[] | undefined {
  let items: unknown[];
  if (Array.isArray(v)) items = v;
  else if (typeof v === "string") {
    const s = v.trim();
    if (!s) return [];
    items = /\n/u.test(s) ? s.split(/\n+/u) : s.split(/\s*[;,]\s*/u);
  } else return undefined;
  const out: string[] = [];
  for (const item of items) {
    const str =
      typeof item === "string"
        ? item
        : typeof item === "number"
          ? String(item)
          : item && typeof item === "object"
            ? Object.values(item as Record<string, unknown>).find((x): x is string => typeof x === "string")
            : undefined;
    const clean = str?.replace(/^\s*(?:[-*•]|\d+[.)])\s+/u, "").trim();
    if (clean && !out.includes(clean)) out.push(clean.slice(0, maxLen));
    if (out.length >= maxItems) break;
  }
  return out;
}

/** A number from 7, "7", "7/10", "7.5 out of 10"; undefined otherwise. */
export function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  const m = /-?\d+(?:\.\d+)?/u.exec(v);
  if (!m) return undefined;
  const n = Number.parseFloat(m[0]);
  return Number.isFinite(n) ? n : undefined;
}

/** A mood score clamped into 1..10 (one decimal); a 0..1 fraction is not guessed at. */
export function asMood(v: unknown): number | undefined {
  const n = asNumber(v);
  if (n === undefined) return undefined;
  return Math.min(MOOD_MAX, Math.max(MOOD_MIN, Math.round(n * 10) / 10));
}

export function asBoolean(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["true", "yes", "1"].includes(s)) return true;
    if (["false", "no", "0"].includes(s)) return false;
  }
  if (typeof v === "number") return v !== 0;
  return undefined;
}
