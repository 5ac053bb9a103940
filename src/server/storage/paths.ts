import "server-only";
import path from "node:path";
import { env, type Env } from "@/server/env";
import { resolveLayout, type StorageLayout } from "./layout";

const resolve = (p: string) => path.resolve(/* turbopackIgnore: true */ process.cwd(), p);

/** Where the database, the uploads and the snapshots live (see layout.ts). */
export function storageLayout(e: Env = env()): StorageLayout {
  return resolveLayout(e);
}

/** Absolute path of the SQLite file (DATABASE_URL "file:./data/journal.db" or a plain path; see storageLayout). */
export function databasePath(url?: string): string {
  return url ? resolve(url.replace(/^file:/u, "")) : storageLayout().dbFile;
}

/** Absolute path of the media folder. */
export function uploadDir(dir?: string): string {
  return dir ? resolve(dir) : storageLayout().uploadDir;
}

/** Absolute path of the snapshots folder. */
export function backupDir(): string {
  return storageLayout().backupDir;
}
