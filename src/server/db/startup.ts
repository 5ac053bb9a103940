import { mkdirSync } from "node:fs";
import { migrate } from "@/server/db/migrator";
import { databasePath, uploadDir } from "@/server/env";
import { processStartedAt, sweepOrphanFiles, sweepTempFiles } from "@/server/media/cleanup";

/**
 * Creates the data folders, brings the database schema up to date, and removes what an earlier process
 * left half done when it was killed: temp files of uploads and media files never recorded. Idempotent.
 */
export function prepareStorage(): void {
  const file = databasePath();
  const result = migrate(file);
  mkdirSync(/* turbopackIgnore: true */ uploadDir(), { recursive: true });
  const startedAt = processStartedAt();
  const temps = sweepTempFiles({ staleMs: 0, now: startedAt });
  const orphans = sweepOrphanFiles({ dbFile: file, before: startedAt });
  if (result.applied.length) {
    console.log(`[reverie] database ${file}: applied ${result.applied.join(", ")}`);
  }
  if (temps || orphans) {
    console.log(`[reverie] removed ${temps} temp file(s) of interrupted uploads and ${orphans} media file(s) never recorded`);
  }
}
