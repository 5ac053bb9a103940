import { z } from "zod";
import { MOOD_MAX, MOOD_MIN } from "@/domain/mood";
import { normalizeTags } from "@/domain/tags";

/**
 * Building blocks of the AI tasks' output schemas (src/contracts/ai.ts). One schema per task is at once:
 * - the TypeScript type of the output (`z.output`);
 * - the shape the model is asked for (its JSON Schema, read on the output side: src/server/ai/structured.ts);
 * - the lenient reader of what the model answered: keys in camelCase or "Title Case" and a lone wrapper object
 *   are accepted, each field is coerced, cut and clamped, an optional field that is missing or unusable takes
 *   its default, and a required one gives an issue that the model is asked to repair;
 * - the table of outputs in src/server/ai/README.md (generated from the field descriptions kept here).
 */

/** What the README says about a field; kept out of the JSON Schema sent to the model. */
export interface OutputFieldInfo {
  /** Other names the model may use for the field. */
  aliases?: readonly string[];
  /** Longest text, in characters (longer text is cut). */
  maxChars?: number;
  /** Most items kept. */
  maxItems?: number;
  /** The issue reported when a required field is missing or unusable (the model is then asked again). */
  missing?: string;
  /** The value used when an optional field is missing or unusable. */
  fallback?: unknown;
  /** Anything else the reader does. */
  note?: string;
  /** The model is asked for a whole number (the reader still keeps one decimal). */
  wholeNumber?: boolean;
}

export const outputFieldInfo = z.registry<OutputFieldInfo, z.core.$ZodType>();

function described<T extends z.ZodType>(schema: T, info: OutputFieldInfo): T {
  outputFieldInfo.add(schema, info);
  return schema;
}

/** A field that the model may also name otherwise ("mood" for "mood_score"). */
export function alias<T extends z.ZodType>(schema: T, ...aliases: string[]): T {
  outputFieldInfo.add(schema, { ...outputFieldInfo.get(schema), aliases });
  return schema;
}

// ---------------------------------------------------------------- coercion of single values

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

// ---------------------------------------------------------------- fields

type Required = { missing: string; fallback?: never };
type Optional<T> = { fallback: T; missing?: never };

/** Text, trimmed and cut at `max` characters; `lower` lower-cases it. */
export function text(opts: { max: number; lower?: boolean } & (Required | Optional<string>)) {
  const inner = z.preprocess(
    (v) => {
      const s = asString(v, opts.max);
      return opts.lower ? s?.toLowerCase() : s;
    },
    z.string({ error: opts.missing }),
  );
  const info = {
    maxChars: opts.max,
    missing: opts.missing,
    fallback: opts.fallback,
    note: opts.lower ? "lower-cased" : undefined,
  };
  return described(opts.fallback === undefined ? inner : inner.catch(opts.fallback), info);
}

/** Text kept as written (only trimmed); an empty text is a valid answer. */
export function plainText(opts: Required) {
  return described(
    z.preprocess((v) => (typeof v === "string" ? v.trim() : undefined), z.string({ error: opts.missing })),
    { missing: opts.missing, note: "may be empty" },
  );
}

interface ListOptions {
  maxItems: number;
  maxLen: number;
  lower?: boolean;
  /** Read as tags (src/domain/tags.ts) and keep this many. */
  tags?: number;
  /** A required list: this issue when it is missing or empty. */
  missing?: string;
  /** What an empty or unusable list becomes (default: empty). */
  fallback?: readonly string[];
}

/** A list of texts from an array or from one string split on lines, semicolons or commas; no duplicates, each cut at `maxLen`. */
export function list(opts: ListOptions) {
  const read = (v: unknown): string[] | undefined => {
    let items = asStringList(v, opts.maxItems, opts.maxLen);
    if (!items) return undefined;
    if (opts.lower) items = items.map((t) => t.toLowerCase());
    if (opts.tags !== undefined) items = normalizeTags(items).slice(0, opts.tags);
    return items;
  };
  const notes = [opts.lower && "lower-cased", opts.tags !== undefined && `read as tags, at most ${opts.tags} kept`]
    .filter(Boolean)
    .join("; ");
  const info: OutputFieldInfo = {
    maxItems: opts.maxItems,
    maxChars: opts.maxLen,
    missing: opts.missing,
    note: notes || undefined,
  };
  if (opts.missing) {
    return described(z.preprocess(read, z.array(z.string(), { error: opts.missing }).min(1, opts.missing)), info);
  }
  const fallback = [...(opts.fallback ?? [])];
  return described(
    z
      .preprocess((v) => {
        const items = read(v);
        return items?.length ? items : fallback;
      }, z.array(z.string()))
      .catch(fallback),
    { ...info, fallback },
  );
}

/** A mood score: 7, "7/10" or "7.5 out of 10", clamped into 1..10 with one decimal (a 0..1 fraction is not guessed at). */
export function mood(opts: Required | Optional<number>) {
  const inner = z.preprocess(
    (v) => {
      const n = asNumber(v);
      return n === undefined ? undefined : Math.min(MOOD_MAX, Math.max(MOOD_MIN, Math.round(n * 10) / 10));
    },
    z.number({ error: opts.missing }).min(MOOD_MIN).max(MOOD_MAX),
  );
  const info = {
    missing: opts.missing,
    fallback: opts.fallback,
    note: "clamped into 1-10, one decimal",
    wholeNumber: true,
  };
  return described(opts.fallback === undefined ? inner : inner.catch(opts.fallback), info);
}

/** A confidence from 0 to 1 (a percentage is divided by 100), two decimals; null when not given. */
export function fraction() {
  return described(
    z
      .preprocess((v) => {
        let n = asNumber(v) ?? null;
        if (n !== null && n > 1 && n <= 100) n /= 100;
        return n === null ? null : Math.min(1, Math.max(0, Math.round(n * 100) / 100));
      }, z.number().min(0).max(1).nullable())
      .catch(null),
    { fallback: null, note: "a percentage is divided by 100; clamped into 0-1, two decimals" },
  );
}

/** true/false, also "yes"/"no", "1"/"0" and numbers. */
export function flag(opts: Required) {
  return described(z.preprocess(asBoolean, z.boolean({ error: opts.missing })), {
    missing: opts.missing,
    note: 'also "yes"/"no"',
  });
}

/** One of `values`, read case-insensitively after `read` has mapped synonyms. */
export function choice<const V extends readonly [string, ...string[]]>(
  values: V,
  opts: { read?: (s: string) => string; note?: string } & (Required | Optional<V[number]>),
) {
  const inner = z.preprocess(
    (v) => {
      const s = asString(v, 40)?.toLowerCase();
      return s === undefined ? undefined : (opts.read?.(s) ?? s);
    },
    z.enum(values, { error: opts.missing }),
  );
  const info = { missing: opts.missing, fallback: opts.fallback, note: opts.note };
  return described(opts.fallback === undefined ? inner : inner.catch(opts.fallback), info);
}

/** A list of objects: the first `maxItems`, each read with `item`; unusable items are left out. */
export function items<T extends z.ZodType>(item: T, opts: { maxItems: number; missing: string }) {
  const schema = described(
    z.preprocess(
      (v) =>
        Array.isArray(v)
          ? v.slice(0, opts.maxItems).flatMap((x) => {
              const r = item.safeParse(x);
              return r.success ? [r.data] : [];
            })
          : undefined,
      z.array(item, { error: opts.missing }).min(1, opts.missing),
    ),
    { maxItems: opts.maxItems, missing: opts.missing, note: "unusable items are left out" },
  );
  ITEMS.set(schema, item);
  return schema;
}

const ITEMS = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

/** The schema of each item of a list made by items(), if the field is one. */
export function outputItem(field: z.core.$ZodType): z.core.$ZodType | undefined {
  return ITEMS.get(field);
}

// ---------------------------------------------------------------- whole outputs

/** The fields of an output, in the order they are asked for. */
export function outputFields(schema: z.core.$ZodType): Record<string, z.ZodType> {
  const shape = OUTPUT_SHAPES.get(schema);
  if (!shape) throw new Error("not an output schema made by modelOutput()");
  return shape;
}

const OUTPUT_SHAPES = new WeakMap<z.core.$ZodType, Record<string, z.ZodType>>();

/**
 * A task's output: an object of the given fields, read leniently (key spellings, a wrapper object, the
 * fields' other names). What cannot be read is listed as issues, one per required field.
 */
export function modelOutput<S extends Record<string, z.ZodType>>(shape: S) {
  const keys = Object.keys(shape);
  const schema = z.preprocess(
    (raw) => {
      const o = normalizeKeys(raw, keys);
      if (!o) return undefined;
      for (const k of keys) {
        if (o[k] != null) continue;
        const other = outputFieldInfo.get(shape[k])?.aliases?.find((a) => o[a] != null);
        if (other !== undefined) o[k] = o[other];
      }
      return o;
    },
    z.object(shape, { error: "the answer is not a JSON object" }),
  );
  OUTPUT_SHAPES.set(schema, shape);
  return schema;
}

export type Normalized<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/** Reads a model's answer with a task's output schema: the value, or the issues to ask the model to repair. */
export function readModelOutput<T extends z.ZodType>(schema: T, raw: unknown): Normalized<z.output<T>> {
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, issues: [...new Set(r.error.issues.map((i) => i.message))] };
}
