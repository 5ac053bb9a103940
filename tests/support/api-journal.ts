import { db } from "@/server/db/client";
import { bumpDataVersion } from "@/server/entries/version";

/** Empties the journal between API tests: entries (with their media rows and index), tags, Recently deleted and the tombstones of entries deleted for good. */
export async function emptyJournal(): Promise<void> {
  const prisma = await db();
  await prisma.entry.deleteMany({});
  await prisma.tag.deleteMany({});
  await prisma.deletedEntry.deleteMany({});
  await prisma.entryTombstone.deleteMany({});
  bumpDataVersion();
}
