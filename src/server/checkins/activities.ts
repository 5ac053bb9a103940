import "server-only";
import { v7 as uuidv7 } from "uuid";
import { ACTIVITY_EXISTS_MESSAGE, type ActivityDto } from "@/contracts/checkins";
import { DEFAULT_ACTIVITIES, MAX_ACTIVITY_CHIPS, moveTo } from "@/domain/checkins";
import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { bumpDataVersion } from "@/server/entries/version";
import { HttpError, badRequest, notFound } from "@/server/http/errors";
import type { Tx } from "./service";

/** The activity chips of a check-in: the defaults written on first use, the person's own, hidden or moved. */

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
export async function addMissingActivities(tx: Tx, names: readonly string[], now: Date): Promise<void> {
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
