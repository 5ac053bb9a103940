import "server-only";
import {
  CheckInRangeQuerySchema,
  PixelsQuerySchema,
  type CheckInRangeQuery,
  type CorrelationsDto,
  type PixelsDto,
} from "@/contracts/checkins";
import type Database from "better-sqlite3";
import { correlationsFromTotals, pixelDay, type DayTotals } from "@/domain/checkins";
import { addDaysToKey, serverTimeZone, startOfLocalDay } from "@/domain/dates";
import { readDb } from "@/server/db/client";
import { sqlInstant } from "@/server/entries/query";
import { prepared } from "@/server/entries/read";
import { dayNumberKey, localDayNumber, offsetSegments } from "./local-days";
import { parseWith } from "@/server/http/request";
import { parseActivities, rangeOf } from "./service";

/** The check-ins' figures: what went with better days (correlations) and the year in pixels. */

const FAR_PAST = new Date("0001-01-01T00:00:00Z");
const FAR_FUTURE = new Date("9999-12-31T23:59:59Z");

/** Parsed activity lists by their stored text: a person's check-ins repeat a few combinations of chips. */
function activityReader(): (json: string) => string[] {
  const cache = new Map<string, string[]>();
  return (json) => {
    let list = cache.get(json);
    if (!list) {
      list = parseActivities(json);
      if (cache.size < 10_000) cache.set(json, list);
    }
    return list;
  };
}

const POINTS_SQL = `SELECT "at", "mood", "activities" FROM "checkins" WHERE "at" >= ? AND "at" < ?`;

/**
 * The sums behind the "often together" figures: days with a check-in (a day's mood is the average of
 * its check-ins) and, per activity, its days and the sum of their moods. Local days in `tz`. One pass
 * over the rows, with arithmetic for the local day (local-days.ts).
 */
function readDayTotals(conn: Database.Database, from: Date, to: Date, tz: string): DayTotals {
  const rows = prepared(conn, POINTS_SQL).raw().all(sqlInstant(from), sqlInstant(to)) as [string, number, string][];
  if (!rows.length) return { days: 0, sum: 0, activities: [] };
  let lo = Infinity;
  let hi = -Infinity;
  const times = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const ms = Date.parse(rows[i]![0]);
    times[i] = ms;
    if (ms < lo) lo = ms;
    if (ms > hi) hi = ms;
  }
  const segments = offsetSegments(tz, lo, hi);
  const activitiesOf = activityReader();
  const days = new Map<number, { sum: number; n: number; acts: Set<string> }>();
  for (let i = 0; i < rows.length; i++) {
    const [, mood, json] = rows[i]!;
    const day = localDayNumber(segments, times[i]!);
    let d = days.get(day);
    if (!d) {
      d = { sum: 0, n: 0, acts: new Set() };
      days.set(day, d);
    }
    d.sum += mood;
    d.n += 1;
    for (const a of activitiesOf(json)) d.acts.add(a);
  }
  let sum = 0;
  const byName = new Map<string, { name: string; days: number; sum: number }>();
  for (const d of days.values()) {
    const m = d.sum / d.n;
    sum += m;
    for (const name of d.acts) {
      const a = byName.get(name);
      if (a) {
        a.days += 1;
        a.sum += m;
      } else byName.set(name, { name, days: 1, sum: m });
    }
  }
  return { days: days.size, sum, activities: [...byName.values()] };
}

/** GET /api/checkins/correlations: what goes with the person's good days, over a range. */
export async function checkInCorrelations(query: CheckInRangeQuery): Promise<CorrelationsDto> {
  const q = parseWith(CheckInRangeQuerySchema, query, "Invalid query");
  const { from, to, tz } = rangeOf(q);
  return correlationsFromTotals(readDayTotals(await readDb(), from ?? FAR_PAST, to ?? FAR_FUTURE, tz));
}

/** The average per local day of a value over a range of rows, by "YYYY-MM-DD". */
function dayAverages(conn: Database.Database, sql: string, from: Date, to: Date, tz: string): Map<string, number> {
  const rows = prepared(conn, sql).raw().all(sqlInstant(from), sqlInstant(to)) as [string, number][];
  const out = new Map<string, number>();
  if (!rows.length) return out;
  const segments = offsetSegments(tz, from.getTime(), to.getTime());
  const sums = new Map<number, { sum: number; n: number }>();
  for (const [at, v] of rows) {
    const day = localDayNumber(segments, Date.parse(at));
    const s = sums.get(day);
    if (s) {
      s.sum += v;
      s.n += 1;
    } else sums.set(day, { sum: v, n: 1 });
  }
  for (const [day, s] of sums) out.set(dayNumberKey(day), s.sum / s.n);
  return out;
}

const STATED_SQL = `SELECT "at", "mood" FROM "checkins" WHERE "at" >= ? AND "at" < ?`;
const INFERRED_SQL = `SELECT "created_at", "ai_mood_score" FROM "entries"
  WHERE "created_at" >= ? AND "created_at" < ? AND "stated_mood" IS NULL AND "ai_mood_score" IS NOT NULL`;

/**
 * Year in Pixels: every local day of a year with its mood, stated (the average of the day's
 * check-ins) where there is one, else inferred (the analyzer's moods of that day's entries without a
 * stated mood).
 */
export async function yearPixels(query: Record<string, unknown>): Promise<PixelsDto> {
  const q = parseWith(PixelsQuerySchema, query, "Invalid query");
  const tz = q.tz ?? serverTimeZone();
  const first = `${String(q.year).padStart(4, "0")}-01-01`;
  const start = startOfLocalDay(first, tz);
  const end = q.year >= 9999 ? FAR_FUTURE : startOfLocalDay(`${q.year + 1}-01-01`, tz);
  const conn = await readDb();
  const stated = dayAverages(conn, STATED_SQL, start, end, tz);
  const inferred = dayAverages(conn, INFERRED_SQL, start, end, tz);
  const days = [];
  for (let d = first; d.startsWith(first.slice(0, 5)); d = addDaysToKey(d, 1)) {
    const s = stated.get(d);
    const i = inferred.get(d);
    days.push(pixelDay(d, s === undefined ? [] : [s], i === undefined ? [] : [i]));
  }
  return { year: q.year, days };
}
