/**
 * Where the journal's files live, from the environment. Plain Node (no Next, no aliases) so that
 * `npm run backup` / `npm run restore` resolve exactly what the server does.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isOnNetworkMount } from "../../domain/mounts";

export interface StorageLayout {
  dbFile: string;
  uploadDir: string;
  backupDir: string;
  /** DATA_DIR is a network or object-storage mount: only snapshots live there. */
  dataDirIsNetwork: boolean;
}

export interface LayoutEnv {
  DATABASE_URL?: string;
  UPLOAD_DIR?: string;
  DATA_DIR?: string;
  LOCAL_DATA_DIR?: string;
  MOUNTS_FILE?: string;
  BACKUP_DIR?: string;
}

const DEFAULT_DATABASE = "./data/journal.db";
const DEFAULT_UPLOADS = "./uploads";

let mountCache: { key: string; network: boolean } | undefined;

function onNetworkMount(dir: string, mountsFile: string): boolean {
  const key = `${dir}\0${mountsFile}`;
  if (mountCache?.key !== key) {
    let text = "";
    try {
      text = readFileSync(/* turbopackIgnore: true */ mountsFile, "utf8");
    } catch {
      text = "";
    }
    mountCache = { key, network: isOnNetworkMount(dir, text) };
  }
  return mountCache.network;
}

/**
 * Explicit DATABASE_URL / UPLOAD_DIR / BACKUP_DIR win. With DATA_DIR (the Docker image sets /data when
 * it exists): on a real disk the database, uploads and snapshots all live there; on a network or
 * object-storage mount (FUSE, NFS, SMB, as MOUNTS_FILE lists it) the live database and uploads stay on
 * local disk (LOCAL_DATA_DIR) and only the snapshots go to DATA_DIR/backups, from where the journal is
 * restored at start. Otherwise ./data/journal.db, ./uploads, and the snapshots in a folder beside the database.
 */
export function resolveLayout(e: LayoutEnv, cwd = process.cwd()): StorageLayout {
  const clean = (v: string | undefined) => (v && v.trim() !== "" ? v : undefined);
  const resolve = (p: string) => path.resolve(/* turbopackIgnore: true */ cwd, p);
  const dataDir = clean(e.DATA_DIR) ? resolve(e.DATA_DIR!) : undefined;
  const network = dataDir ? onNetworkMount(dataDir, clean(e.MOUNTS_FILE) ?? "/proc/mounts") : false;
  const liveDir = dataDir ? (network ? resolve(clean(e.LOCAL_DATA_DIR) ?? "./data") : dataDir) : undefined;
  const dbUrl = clean(e.DATABASE_URL);
  const dbFile = dbUrl
    ? resolve(dbUrl.replace(/^file:/u, ""))
    : liveDir
      ? path.join(/* turbopackIgnore: true */ liveDir, "journal.db")
      : resolve(DEFAULT_DATABASE);
  const uploads = clean(e.UPLOAD_DIR);
  const uploadDir = uploads
    ? resolve(uploads)
    : liveDir
      ? path.join(/* turbopackIgnore: true */ liveDir, "uploads")
      : resolve(DEFAULT_UPLOADS);
  const backups = clean(e.BACKUP_DIR);
  const backupDir = backups
    ? resolve(backups)
    : dataDir
      ? path.join(/* turbopackIgnore: true */ dataDir, "backups")
      : path.join(/* turbopackIgnore: true */ path.dirname(/* turbopackIgnore: true */ dbFile), "backups");
  return { dbFile, uploadDir, backupDir, dataDirIsNetwork: network };
}
