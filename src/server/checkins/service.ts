import "server-only";
import { v7 as uuidv7 } from "uuid";
import {
  CHECKIN_DELETED_MESSAGE,
  CHECKIN_EXISTS_MESSAGE,
  CheckInRangeQuerySchema,
  type CheckInConflictDetails,
  type CheckInCreateParsed,
  type CheckInDto,
  type CheckInRangeQuery,
  type CheckInUpdateParsed,
} from "@/contracts/checkins";
import { parseDateParam, serverTimeZone } from "@/domain/dates";
import { nextUpdatedAt } from "@/domain/sync";
import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { bumpDataVersion } from "@/server/entries/version";
import { HttpError, badRequest, notFound } from "@/server/http/errors";
import { parseWith } from "@/server/http/request";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { addMissingActivities } from "./activities";
export type Tx = Prisma.TransactionClient | PrismaClient;

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
export function rangeOf(q: { from?: string; to?: string; tz?: string }): { from?: Date; to?: Date; tz: string } {
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
