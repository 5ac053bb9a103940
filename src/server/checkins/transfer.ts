import "server-only";
import { v7 as uuidv7 } from "uuid";
import {
  ExportedActivitySchema,
  ExportedCheckInSchema,
  type ExportedActivity,
  type ExportedCheckIn,
} from "@/contracts/checkins";
import { MAX_ACTIVITY_CHIPS } from "@/domain/checkins";
import { db } from "@/server/db/client";
import type { Prisma } from "@/generated/prisma/client";
import { parseActivities } from "./service";

/** Every check-in, oldest first, and the chips, as journal.json holds them. */
export async function exportableCheckIns(): Promise<{ checkins: ExportedCheckIn[]; activities: ExportedActivity[] }> {
  const prisma = await db();
  const rows = await prisma.checkIn.findMany({ orderBy: [{ at: "asc" }, { id: "asc" }] });
  const chips = await prisma.checkInActivity.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return {
    checkins: rows.map((r) => ({
      id: r.id,
      mood: r.mood,
      activities: parseActivities(r.activities),
      note: r.note,
      at: r.at.toISOString(),
      entry_id: r.entryId,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    activities: chips.map((a) => ({ name: a.name, hidden: a.hidden, position: a.position })),
  };
}

export interface CheckInImportResult {
  imported: number;
  /** Check-ins already in this journal (same id), kept as they are. */
  skipped: number;
  /** Why each unreadable check-in was left out, by its place in the file. */
  failures: { label: string; reason: string }[];
}

/**
 * Takes the check-ins and chips of a file. A check-in whose id is already here is kept as it is; a chip
 * whose name is already here keeps this journal's order and visibility. Activity names the check-ins
 * use become chips too. Importing a check-in that was deleted here lifts its tombstone.
 */
export async function importCheckIns(rawCheckIns: unknown[], rawActivities: unknown[]): Promise<CheckInImportResult> {
  const prisma = await db();
  const now = new Date();
  const result: CheckInImportResult = { imported: 0, skipped: 0, failures: [] };
  const chips: ExportedActivity[] = [];
  for (const raw of rawActivities) {
    const a = ExportedActivitySchema.safeParse(raw);
    if (a.success) chips.push(a.data);
  }
  const checkins: ExportedCheckIn[] = [];
  rawCheckIns.forEach((raw, i) => {
    const c = ExportedCheckInSchema.safeParse(raw);
    if (c.success) checkins.push(c.data);
    else {
      const issue = c.error.issues[0];
      result.failures.push({
        label: `Check-in #${i + 1}`,
        reason: `It is not a valid check-in (${issue?.path.join(".") || "check-in"}: ${issue?.message ?? "invalid"}).`,
      });
    }
  });
  if (!chips.length && !checkins.length) return result;
  await prisma.$transaction(
    async (tx) => {
      const existing = new Set((await tx.checkInActivity.findMany({ select: { name: true } })).map((a) => a.name));
      let position = ((await tx.checkInActivity.aggregate({ _max: { position: true } }))._max.position ?? -1) + 1;
      const wanted = [
        ...[...chips].sort((a, b) => a.position - b.position),
        ...checkins.flatMap((c) => c.activities.map((name) => ({ name, hidden: false, position: 0 }))),
      ];
      for (const chip of wanted) {
        if (existing.has(chip.name) || existing.size >= MAX_ACTIVITY_CHIPS * 10) continue;
        existing.add(chip.name);
        await tx.checkInActivity.create({
          data: {
            id: uuidv7(),
            name: chip.name,
            hidden: chip.hidden,
            position: position++,
            createdAt: now,
            updatedAt: now,
          },
        });
      }
      // The ids already here and the tombstones, read in a few queries rather than one per check-in.
      const here = new Set<string>();
      const buried = new Set<string>();
      const ids = checkins.map((c) => c.id);
      for (let i = 0; i < ids.length; i += 500) {
        const where = { id: { in: ids.slice(i, i + 500) } };
        for (const r of await tx.checkIn.findMany({ where, select: { id: true } })) here.add(r.id);
        for (const r of await tx.checkInTombstone.findMany({ where, select: { id: true } })) buried.add(r.id);
      }
      // Written in a few multi-row inserts rather than one statement per check-in (a Daylio export has thousands).
      const rows: Prisma.CheckInCreateManyInput[] = [];
      const unburied: string[] = [];
      for (const c of checkins) {
        if (here.has(c.id)) {
          result.skipped++;
          continue;
        }
        here.add(c.id);
        rows.push({
          id: c.id,
          mood: c.mood,
          activities: JSON.stringify(c.activities),
          note: c.note,
          at: new Date(c.at),
          entryId: c.entry_id,
          createdAt: new Date(c.created_at),
          updatedAt: new Date(c.updated_at),
        });
        // Importing a check-in that was deleted is the person's choice: its tombstone goes.
        if (buried.has(c.id)) unburied.push(c.id);
      }
      for (let i = 0; i < rows.length; i += 500) await tx.checkIn.createMany({ data: rows.slice(i, i + 500) });
      for (let i = 0; i < unburied.length; i += 500)
        await tx.checkInTombstone.deleteMany({ where: { id: { in: unburied.slice(i, i + 500) } } });
      result.imported += rows.length;
    },
    { maxWait: 10_000, timeout: 300_000 },
  );
  return result;
}
