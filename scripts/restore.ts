/**
 * npm run restore [-- <snapshot id>]
 * Restores a snapshot (the newest when no id is given) over the journal: the current journal is
 * snapshotted first, so this restore can itself be undone with `npm run restore -- <that id>`.
 * Stop the server first (a running server restores from Settings, Backups, without stopping).
 */
import { existsSync } from "node:fs";
import { listSnapshots, restoreSync, snapshotSync } from "../src/server/backup/core.ts";
import { resolveLayout, type LayoutEnv } from "../src/server/storage/layout.ts";
import { keyFromEnvironment } from "../src/server/keys/keyfile.ts";

const layout = resolveLayout(process.env as LayoutEnv);
const id = process.argv.slice(2).find((a) => !a.startsWith("-"));
const list = listSnapshots(layout.backupDir);
const target = id ? list.find((s) => s.id === id) : list[0];
if (!target) {
  console.error(
    id
      ? `There is no snapshot ${id} in ${layout.backupDir}. \`npm run backup -- --list\` lists them.`
      : `There are no snapshots in ${layout.backupDir}.`,
  );
  process.exit(1);
}
let key: Buffer | null;
try {
  // An encrypted journal's snapshots are encrypted with its key: restoring one needs the passphrase.
  key = keyFromEnvironment(layout.dbFile);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const started = Date.now();
let undo: string | null = null;
if (existsSync(layout.dbFile)) {
  undo = snapshotSync({ ...layout, key }, `before restoring ${target.id}`).id;
}
const restoreStarted = Date.now();
const r = restoreSync({ ...layout, key }, target.id);
const now = Date.now();
console.log(
  `Restored snapshot ${r.id} of ${r.created_at} (${r.entries} entries) to ${layout.dbFile} in ${now - restoreStarted} ms (${now - started} ms with the snapshot taken first).`,
);
if (undo) console.log(`The journal as it was is snapshot ${undo}: \`npm run restore -- ${undo}\` undoes this.`);
