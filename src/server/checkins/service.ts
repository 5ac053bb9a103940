import "server-only";
import { v7 as uuidv7 } from "uuid";
import {
  ACTIVITY_EXISTS_MESSAGE,
  CHECKIN_DELETED_MESSAGE,
  CHECKIN_EXISTS_MESSAGE,
  CheckInRangeQuerySchema,
  PixelsQuerySchema,
  type ActivityDto,
  type CheckInConflictDetails,
  type CheckInCreateParsed,
  type CheckInDto,
  type CheckInRangeQuery,
  type CheckInUpdateParsed,
  type CorrelationsDto,
  type PixelsDto,
} from "@/contracts/checkins";
import type Database from "better-sqlite3";
import {
  DEFAULT_ACTIVITIES,
  MAX_ACTIVITY_CHIPS,
  moveTo,
  correlationsFromTotals,
  pixelDay,
  type DayTotals,
} from "@/domain/checkins";
import { addDaysToKey, parseDateParam, serverTimeZone, startOfLocalDay } from "@/domain/dates";
import { nextUpdatedAt } from "@/domain/sync";
import { db, readDb } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { sqlInstant } from "@/server/entries/query";
import { prepared } from "@/server/entries/read";
import { bumpDataVersion } from "@/server/entries/version";
import { dayNumberKey, localDayNumber, offsetSegments } from "./local-days";
import { HttpError, badRequest, notFound } from "@/server/http/errors";
import { parseWith } from "@/server/http/request";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";

type Tx = Prisma.TransactionClient | PrismaClient;

interface CheckInRow {
  id: string;
  mood: number;
  activities: string;
  note: string;
  at: Date;
  entryId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored JSON list of names, read defensively (a hand-edited database never makes a 500). */
export function parseActivities(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function toCheckInDto(r: CheckInRow): CheckInDto {
  return {
    id: r.id,
    mood: r.mood,
    activities: parseActivities(r.activities),
    note: r.note,
    at: r.at.toISOString(),
    entry_id: r.entryId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The range of a query as instants: `from` at the start of its local day, `to` at the end of its. */
function rangeOf(q: { from?: string; to?: string; tz?: string }): { from?: Date; to?: Date; tz: string } {
  const tz = q.tz ?? serverTimeZone();
  const from = q.from ? parseDateParam(q.from, tz, "start") : undefined;
  const to = q.to ? parseDateParam(q.to, tz, "end") : undefined;
  if (from === null || to === null) throw badRequest("Invalid query: dates must be YYYY-MM-DD or ISO date-times");
  if (from && to && from > to) throw badRequest("Invalid query: from must not be after to");
  return { from, to, tz };
}

/** Check-ins in a range (or of one entry), newest first; a page of them with `limit` and `before`. */
export async function listCheckIns(query: CheckInRangeQuery): Promise<CheckInDto[]> {
  const q = parseWith(CheckInRangeQuerySchema, query, "Invalid query");
  const { from, to } = rangeOf(q);
  const prisma = await db();
  const before = q.before ? new Date(q.before) : undefined;
  const rows = await prisma.checkIn.findMany({
    where: {
      ...(q.entry_id ? { entryId: q.entry_id } : {}),
      ...(from || to ? { at: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
      ...(before && q.before_id ? { OR: [{ at: { lt: before } }, { at: before, id: { lt: q.before_id } }] } : {}),
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    ...(q.limit ? { take: q.limit } : {}),
  });
  return rows.map(toCheckInDto);
}

export async function getCheckIn(id: string): Promise<CheckInDto> {
  const prisma = await db();
  const row = await prisma.checkIn.findUnique({ where: { id } });
  if (!row) throw notFound("Check-in not found");
  return toCheckInDto(row);
}

const checkInDeleted = () => new HttpError("CHECKIN_DELETED", CHECKIN_DELETED_MESSAGE);

/** True when the id was deleted (a tombstone): a late create or change never brings it back. */
async function isTombstoned(tx: Tx, id: string): Promise<boolean> {
  return (await tx.checkInTombstone.count({ where: { id } })) > 0;
}

/**
 * Leaves a tombstone for each deleted check-in (only its id and when): a late create or change with it
 * is refused with 410 CHECKIN_DELETED. In the caller's transaction.
 */
export async function tombstoneCheckIns(tx: Tx, ids: readonly string[], now = new Date()): Promise<void> {
  for (const id of ids) {
    await tx.checkInTombstone.upsert({ where: { id }, create: { id, deletedAt: now }, update: { deletedAt: now } });
  }
}

/** Whether the stored check-in holds every value of a create (the same create sent again). */
function holdsCreate(r: CheckInRow, input: CheckInCreateParsed): boolean {
  return (
    r.mood === input.mood &&
    JSON.stringify(parseActivities(r.activities)) === JSON.stringify(input.activities) &&
    r.note === (input.note ?? "") &&
    r.entryId === (input.entry_id ?? null) &&
    (input.at === undefined || r.at.getTime() === new Date(input.at).getTime())
  );
}

/**
 * Creates a check-in. With a device-made `id` it is idempotent: the same create again answers the
 * stored check-in (`replayed`); the id holding other values answers 409 CONFLICT with it in
 * `details.checkin`. An id that was deleted (a tombstone) answers 410 CHECKIN_DELETED. Names of
 * activities not yet among the chips are added to them.
 */
export async function createCheckInOnce(
  input: CheckInCreateParsed,
  now = new Date(),
): Promise<{ checkin: CheckInDto; replayed: boolean }> {
  const prisma = await db();
  const id = input.id ?? uuidv7();
  const data = {
    id,
    mood: input.mood,
    activities: JSON.stringify(input.activities),
    note: input.note ?? "",
    at: input.at ? new Date(input.at) : now,
    entryId: input.entry_id ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const replay = async (tx: Tx): Promise<CheckInRow | null> => {
    const stored = await tx.checkIn.findUnique({ where: { id } });
    if (!stored) return null;
    if (holdsCreate(stored, input)) return stored;
    const details: CheckInConflictDetails = { checkin: toCheckInDto(stored) };
    throw new HttpError("CONFLICT", CHECKIN_EXISTS_MESSAGE, details);
  };
  try {
    const result = await prisma.$transaction(async (tx) => {
      const stored = await replay(tx);
      if (stored) return { row: stored, replayed: true };
      if (await isTombstoned(tx, id)) throw checkInDeleted();
      const row = await tx.checkIn.create({ data });
      await addMissingActivities(tx, input.activities, now);
      return { row, replayed: false };
    });
    if (!result.replayed) bumpDataVersion();
    return { checkin: toCheckInDto(result.row), replayed: result.replayed };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same create sent twice at once: the first one is stored, this one is answered as a replay (or 409).
    const stored = await replay(prisma);
    if (!stored) throw err;
    return { checkin: toCheckInDto(stored), replayed: true };
  }
}

/** Changes the fields given; 410 when the check-in was deleted, 404 when there never was one. */
export async function updateCheckIn(id: string, input: CheckInUpdateParsed, now = new Date()): Promise<CheckInDto> {
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const current = await tx.checkIn.findUnique({ where: { id } });
    if (!current) throw (await isTombstoned(tx, id)) ? checkInDeleted() : notFound("Check-in not found");
    if (input.activities) await addMissingActivities(tx, input.activities, now);
    return tx.checkIn.update({
      where: { id },
      data: {
        ...(input.mood !== undefined ? { mood: input.mood } : {}),
        ...(input.activities !== undefined ? { activities: JSON.stringify(input.activities) } : {}),
        ...(input.note !== undefined ? { note: input.note ?? "" } : {}),
        ...(input.at !== undefined ? { at: new Date(input.at) } : {}),
        ...(input.entry_id !== undefined ? { entryId: input.entry_id } : {}),
        updatedAt: nextUpdatedAt(current.updatedAt, now),
      },
    });
  });
  bumpDataVersion();
  return toCheckInDto(row);
}

/**
 * Deletes a check-in and leaves its tombstone; 404 when there is none (a device sending its delete
 * again treats that as done).
 */
export async function deleteCheckIn(id: string, now = new Date()): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.checkIn.deleteMany({ where: { id } });
    if (count === 0) throw notFound("Check-in not found");
    await tombstoneCheckIns(tx, [id], now);
  });
  bumpDataVersion();
}

// ---------------------------------------------------------------- figures

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

// ---------------------------------------------------------------- activity chips

const toActivityDto = (a: { id: string; name: string; hidden: boolean; position: number }): ActivityDto => ({
  id: a.id,
  name: a.name,
  hidden: a.hidden,
  position: a.position,
});

/** A new journal's chips: the default set, written on first use (and again after Clear All Data). */
async function ensureDefaults(tx: Tx, now: Date): Promise<void> {
  if ((await tx.checkInActivity.count()) > 0) return;
  await tx.checkInActivity.createMany({
    data: DEFAULT_ACTIVITIES.map((name, position) => ({
      id: uuidv7(),
      name,
      position,
      hidden: false,
      createdAt: now,
      updatedAt: now,
    })),
  });
}

/** Names a check-in uses that are not chips yet become chips (at the end of the list). */
async function addMissingActivities(tx: Tx, names: readonly string[], now: Date): Promise<void> {
  await ensureDefaults(tx, now);
  if (!names.length) return;
  const known = new Set(
    (await tx.checkInActivity.findMany({ where: { name: { in: [...names] } }, select: { name: true } })).map(
      (a) => a.name,
    ),
  );
  const missing = names.filter((n) => !known.has(n));
  if (!missing.length) return;
  const last = await tx.checkInActivity.aggregate({ _max: { position: true } });
  let position = (last._max.position ?? -1) + 1;
  await tx.checkInActivity.createMany({
    data: missing.map((name) => ({
      id: uuidv7(),
      name,
      position: position++,
      hidden: false,
      createdAt: now,
      updatedAt: now,
    })),
  });
}

/** Every chip, hidden ones too, in the person's order. */
export async function listActivities(now = new Date()): Promise<ActivityDto[]> {
  const prisma = await db();
  if ((await prisma.checkInActivity.count()) === 0) {
    try {
      await prisma.$transaction((tx) => ensureDefaults(tx, now));
    } catch (err) {
      // Two first reads at once: the other one wrote the defaults.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  const rows = await prisma.checkInActivity.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map(toActivityDto);
}

/** Adds a chip; a name already there (hidden or not) answers 409 with it. */
export async function createActivity(name: string, now = new Date()): Promise<ActivityDto> {
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    await ensureDefaults(tx, now);
    const existing = await tx.checkInActivity.findUnique({ where: { name } });
    if (existing) throw new HttpError("CONFLICT", ACTIVITY_EXISTS_MESSAGE, { activity: toActivityDto(existing) });
    if ((await tx.checkInActivity.count()) >= MAX_ACTIVITY_CHIPS)
      throw badRequest(`You can have at most ${MAX_ACTIVITY_CHIPS} activities. Hide or rename one instead.`);
    const last = await tx.checkInActivity.aggregate({ _max: { position: true } });
    return tx.checkInActivity.create({
      data: {
        id: uuidv7(),
        name,
        position: (last._max.position ?? -1) + 1,
        hidden: false,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
  bumpDataVersion();
  return toActivityDto(row);
}

/**
 * Renames, hides/shows or moves a chip. A rename carries the person's check-ins with it, in the same
 * transaction (their lists name the new name, so the "often together" figures, which group by name,
 * keep their days); a name taken by another chip answers 409. A move puts the chip at `position` in
 * the person's order (past the end: last) and numbers the list again from 0.
 */
export async function updateActivity(
  id: string,
  input: { name?: string; hidden?: boolean; position?: number },
  now = new Date(),
): Promise<ActivityDto> {
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const current = await tx.checkInActivity.findUnique({ where: { id } });
    if (!current) throw notFound("Activity not found");
    if (input.name !== undefined && input.name !== current.name) {
      const taken = await tx.checkInActivity.findUnique({ where: { name: input.name } });
      if (taken) throw new HttpError("CONFLICT", ACTIVITY_EXISTS_MESSAGE, { activity: toActivityDto(taken) });
      await tx.$executeRawUnsafe(
        `UPDATE "checkins" SET "activities" = (
           SELECT json_group_array(v) FROM (
             SELECT CASE WHEN j.value = ? THEN ? ELSE j.value END AS v, min(j.key) AS k
             FROM json_each("checkins"."activities") j GROUP BY v ORDER BY k
           )
         ) WHERE json_valid("activities") AND EXISTS (SELECT 1 FROM json_each("checkins"."activities") j WHERE j.value = ?)`,
        current.name,
        input.name,
        current.name,
      );
    }
    if (input.position !== undefined) {
      const order = (
        await tx.checkInActivity.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { id: true } })
      ).map((a) => a.id);
      const moved = moveTo(order, id, input.position);
      for (let i = 0; i < moved.length; i++) {
        await tx.checkInActivity.update({ where: { id: moved[i] }, data: { position: i } });
      }
    }
    return tx.checkInActivity.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
        updatedAt: now,
      },
    });
  });
  bumpDataVersion();
  return toActivityDto(row);
}
