import { mkdirSync } from "node:fs";
import { migrate } from "@/server/db/migrator";
import { databasePath, uploadDir } from "@/server/env";
import { sweepTempFiles } from "@/server/media/cleanup";

/** Creates the data folders and brings the database schema up to date. Idempotent. */
export function prepareStorage(): void {
  const file = databasePath();
  const result = migrate(file);
  mkdirSync(/* turbopackIgnore: true */ uploadDir(), { recursive: true });
  sweepTempFiles();
  if (result.applied.length) {
    console.log(`[reverie] database ${file}: applied ${result.applied.join(", ")}`);
  }
}
