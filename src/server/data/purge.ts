import "server-only";
import type { PurgeResultDto, TrashListDto } from "@/contracts/trash";
import { purgeCutoff } from "@/domain/trash";
import { forgetInSnapshots } from "@/server/backup/service";
import { foldWriteAheadLog } from "@/server/db/client";
import { listTrashRecords, purgeEntryRecord, purgeRecords, type Purged } from "@/server/entries/trash";

/**
 * Deleting for good: the entry's rows and files go (src/server/entries/trash.ts), and then every
 * snapshot is rewritten without them, so that "gone for good" holds for the backups too.
 */
async function forget(p: Purged): Promise<PurgeResultDto> {
  if (p.ids.length) {
    await foldWriteAheadLog();
    await forgetInSnapshots(p.ids, p.files);
  }
  return { success: true, purged: p.count };
}

/** Deletes one entry of Recently deleted for good, with its files, and from every snapshot. */
export async function purgeEntry(id: string): Promise<PurgeResultDto> {
  return forget(await purgeEntryRecord(id));
}

/** Empties Recently deleted (deleting every entry in it for good, with its files, and from every snapshot). */
export async function emptyTrash(): Promise<PurgeResultDto> {
  return forget(await purgeRecords());
}

/** Purges what was deleted more than 30 days ago. */
export async function purgeExpired(now = new Date()): Promise<PurgeResultDto> {
  return forget(await purgeRecords(purgeCutoff(now)));
}

/** Everything in Recently deleted, most recently deleted first. Expired entries are purged first. */
export async function listTrash(now = new Date()): Promise<TrashListDto> {
  await purgeExpired(now);
  return listTrashRecords();
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Purges expired entries now and then every hour while the server runs. */
export function startTrashPurge(): void {
  if (timer) return;
  const run = () =>
    void purgeExpired().catch((err: unknown) => console.error("[reverie] could not purge Recently deleted", err));
  run();
  timer = setInterval(run, 60 * 60 * 1000);
  timer.unref?.();
}
