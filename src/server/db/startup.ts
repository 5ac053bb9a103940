import { mkdirSync } from "node:fs";
import { restoreIfMissing, type SnapshotRecord } from "@/server/backup/core";
import { migrate } from "@/server/db/migrator";
import { storageLayout } from "@/server/env";
import { processStartedAt, sweepOrphanFiles, sweepTempFiles } from "@/server/media/cleanup";

/**
 * Creates the data folders, restores the newest snapshot when the database file is missing (a Space
 * that restarted, a lost disk), brings the database schema up to date, and removes what an earlier
 * process left half done when it was killed: temp files of uploads and media files never recorded.
 * Idempotent. Gives the snapshot it restored, if any.
 */
export function prepareStorage(): { restored: SnapshotRecord | null } {
  const layout = storageLayout();
  const file = layout.dbFile;
  if (layout.dataDirIsNetwork) {
    console.log(`[reverie] the data folder is a network mount: the live database stays on local disk (${file}), snapshots go to ${layout.backupDir}`);
  }
  let restored: SnapshotRecord | null = null;
  try {
    restored = restoreIfMissing(layout);
  } catch (err) {
    console.error(`[reverie] the database is missing and the newest snapshot could not be restored: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (restored) {
    console.log(`[reverie] the database was missing: restored snapshot ${restored.id} of ${restored.created_at} (${restored.entries} entries) from ${layout.backupDir}`);
  }
  const result = migrate(file);
  mkdirSync(/* turbopackIgnore: true */ layout.uploadDir, { recursive: true });
  const startedAt = processStartedAt();
  const temps = sweepTempFiles({ staleMs: 0, now: startedAt });
  const orphans = sweepOrphanFiles({ dbFile: file, before: startedAt });
  if (result.applied.length) {
    console.log(`[reverie] database ${file}: applied ${result.applied.join(", ")}`);
  }
  if (temps || orphans) {
    console.log(`[reverie] removed ${temps} temp file(s) of interrupted uploads and ${orphans} media file(s) never recorded`);
  }
  return { restored };
}
