/**
 * npm run backup [-- --list]
 * Takes a verified snapshot of the journal now (the same as the automatic ones: VACUUM INTO, integrity
 * check, row counts, media copied once by content) into BACKUP_DIR, and applies the rotation.
 * Reads the same variables as the server (DATABASE_URL, UPLOAD_DIR, DATA_DIR, BACKUP_DIR...).
 * Safe while the server runs: the copy is read from a connection of its own.
 */
import { existsSync } from "node:fs";
import { listSnapshots, snapshotSync } from "../src/server/backup/core.ts";
import { resolveLayout, type LayoutEnv } from "../src/server/storage/layout.ts";
import { keyFromEnvironment } from "../src/server/keys/keyfile.ts";

const layout = resolveLayout(process.env as LayoutEnv);
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

if (process.argv.includes("--list")) {
  const list = listSnapshots(layout.backupDir);
  console.log(`${list.length} snapshot(s) in ${layout.backupDir}`);
  for (const s of list)
    console.log(
      `  ${s.id}  ${s.created_at}  ${String(s.entries).padStart(7)} entries  ${mb(s.bytes).padStart(9)}  ${s.reason}`,
    );
  process.exit(0);
}
if (!existsSync(layout.dbFile)) {
  console.error(`There is no journal at ${layout.dbFile} to back up.`);
  process.exit(1);
}
const started = Date.now();
let key: Buffer | null;
try {
  key = keyFromEnvironment(layout.dbFile); // an encrypted journal's snapshot is encrypted with its key
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const r = snapshotSync({ ...layout, key }, "npm run backup");
console.log(
  `Snapshot ${r.id}: ${r.entries} entries, ${r.media_files} media records, ${mb(r.bytes)} database, ${r.media_new} new media file(s); integrity ${r.verified.integrity}, counts ${r.verified.counts}; ${Date.now() - started} ms.`,
);
console.log(`In ${layout.backupDir}`);
