import "server-only";
import { crisisTallyKey } from "@/domain/crisis/tally";
import { db } from "@/server/db/client";
import { sqlInstant } from "@/server/entries/mapping";

/**
 * Adds one to this year's count of crisis support shown (see src/domain/crisis/tally.ts). One statement, so
 * two at once both count. The row's updated_at is the first day of the year, so not even the row says when.
 * A failure is logged without any detail of the person and never stands in the way of the support itself.
 */
export async function countCrisisSupportShown(now = new Date()): Promise<void> {
  const year = now.getFullYear();
  try {
    const prisma = await db();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "config" ("key", "value", "updated_at") VALUES (?, '1', ?)
       ON CONFLICT ("key") DO UPDATE SET "value" = CAST(CAST("value" AS INTEGER) + 1 AS TEXT)`,
      crisisTallyKey(year),
      sqlInstant(new Date(Date.UTC(year, 0, 1))),
    );
  } catch (err) {
    console.warn("The crisis support tally could not be counted", err instanceof Error ? err.name : "error");
  }
}
