import "server-only";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { ClearResultDto } from "@/contracts/data";
import { removeEverySnapshot } from "@/server/backup/service";
import { NOT_A_SETTING } from "@/server/config/service";
import { db, foldWriteAheadLog } from "@/server/db/client";
import { sqlInstant } from "@/server/entries/mapping";
import { bumpDataVersion } from "@/server/entries/version";
import { uploadDir } from "@/server/storage/paths";
import { isTempName, removeStoredFiles } from "@/server/media/paths";
import { syncReminderFeed } from "@/server/reminders/service";

/** Removes temp files (unfinished uploads and imports) from the upload folder. */
async function removeTempFiles(): Promise<void> {
  let names: string[];
  try {
    names = await readdir(uploadDir());
  } catch {
    return;
  }
  await Promise.all(names.filter(isTempName).map((n) => rm(path.join(uploadDir(), n), { force: true }).catch(() => {})));
}

/** The stored file names kept by an entry in Recently deleted. */
function trashedFiles(snapshot: string): string[] {
  try {
    const s = JSON.parse(snapshot) as { media?: { storedName?: unknown; thumbnailName?: unknown }[] };
    return (s.media ?? []).flatMap((m) => [m.storedName, m.thumbnailName]).filter((n): n is string => typeof n === "string");
  } catch {
    return [];
  }
}

/**
 * Back to the first start: every entry (Recently deleted too), tag, media record and stored setting (not the
 * count of crisis support shown, which holds no words) is deleted in one
 * transaction (the search index follows through its triggers), then the files of those media and
 * their thumbnails, and any temp file, are removed, and every snapshot with its media. Other files in
 * the upload folder are not touched. Every id leaves a tombstone.
 */
export async function clearAllData(): Promise<ClearResultDto> {
  const prisma = await db();
  const { files, result } = await prisma.$transaction(async (tx) => {
    const media = await tx.mediaFile.findMany({ select: { storedName: true, thumbnailName: true } });
    // Recently deleted goes too, with the files its entries kept.
    const trashed = await tx.deletedEntry.findMany({ select: { snapshot: true } });
    // Every id leaves a tombstone: a device that still holds a create of one (its answer lost) cannot bring it back.
    await tx.$executeRawUnsafe(
      `INSERT OR REPLACE INTO "entry_tombstones" ("id", "deleted_at") SELECT "id", ? FROM "entries" UNION SELECT "id", ? FROM "deleted_entries"`,
      sqlInstant(new Date()),
      sqlInstant(new Date()),
    );
    const trashDeleted = await tx.deletedEntry.deleteMany({});
    const mediaDeleted = await tx.mediaFile.deleteMany({});
    // The entries' embeddings (derived data) go with them.
    await tx.entryEmbedding.deleteMany({});
    const entriesDeleted = await tx.entry.deleteMany({});
    await tx.entryTag.deleteMany({});
    const tagsDeleted = await tx.tag.deleteMany({});
    // The count of crisis support shown stays: it holds none of the person's words (src/domain/crisis/tally.ts).
    const configDeleted = await tx.config.deleteMany({ where: NOT_A_SETTING });
    await tx.safetyPlan.deleteMany({});
    // The person's check-ins and activity chips (the default chips come back on first use). Each
    // check-in leaves a tombstone, as entries do: a device still holding a create or change of one
    // cannot bring it back.
    await tx.$executeRawUnsafe(
      `INSERT OR REPLACE INTO "checkin_tombstones" ("id", "deleted_at") SELECT "id", ? FROM "checkins"`,
      sqlInstant(new Date()),
    );
    const checkinsDeleted = await tx.checkIn.deleteMany({});
    await tx.checkInActivity.deleteMany({});
    // The person's templates, the edited built-ins too (the built-ins come back as written on first use).
    const templatesDeleted = await tx.template.deleteMany({});
    // What Reverie remembered about the person.
    const memoryDeleted = await tx.memoryFact.deleteMany({});
    // Tag ids start again from 1, as on a new journal.
    await tx.$executeRawUnsafe(`DELETE FROM "sqlite_sequence" WHERE "name" = 'tags'`);
    return {
      files: [...media.flatMap((m) => [m.storedName, m.thumbnailName]), ...trashed.flatMap((t) => trashedFiles(t.snapshot))],
      result: {
        success: true as const,
        entries_deleted: entriesDeleted.count,
        media_files_deleted: mediaDeleted.count,
        tags_deleted: tagsDeleted.count,
        config_keys_deleted: configDeleted.count,
        trash_deleted: trashDeleted.count,
        checkins_deleted: checkinsDeleted.count,
        templates_deleted: templatesDeleted.count,
        memory_deleted: memoryDeleted.count,
      },
    };
  }, { maxWait: 10_000, timeout: 300_000 });
  bumpDataVersion();
  // The reminder feed's link was a setting: it stops working with the rest.
  await syncReminderFeed();
  await foldWriteAheadLog();
  await removeStoredFiles(files);
  await removeTempFiles();
  // Everything means the snapshots too: they would keep every word and photo for up to a year.
  await removeEverySnapshot();
  return result;
}
