import "server-only";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import type { StorageUsageDto } from "@/contracts/home";
import { db } from "@/server/db/client";
import { databasePath, uploadDir } from "@/server/storage/paths";

/** Size of a file in bytes; 0 when it does not exist. */
async function fileSize(file: string): Promise<number> {
  try {
    const s = await lstat(file);
    return s.isFile() ? s.size : 0;
  } catch {
    return 0;
  }
}

/** Total size of the regular files under a folder (links are not followed); 0 when it does not exist. */
async function folderSize(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  const sizes = await Promise.all(
    entries.map((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return folderSize(p);
      if (e.isFile()) return fileSize(p);
      return 0;
    }),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** What the journal takes on disk (database with its WAL and shared-memory files, and uploads) and what it holds. */
export async function storageUsage(): Promise<StorageUsageDto> {
  const prisma = await db();
  const [[counts], media] = await Promise.all([
    prisma.$queryRawUnsafe<{ n: bigint | number; words: bigint | number | null }[]>(`SELECT count(*) AS n, sum("word_count") AS words FROM "entries"`),
    prisma.mediaFile.count(),
  ]);
  const file = databasePath();
  const [main, wal, shm, uploads] = await Promise.all([fileSize(file), fileSize(`${file}-wal`), fileSize(`${file}-shm`), folderSize(uploadDir())]);
  const database = main + wal + shm;
  return {
    database_bytes: database,
    uploads_bytes: uploads,
    total_bytes: database + uploads,
    total_entries: Number(counts?.n ?? 0),
    total_words: Number(counts?.words ?? 0),
    media_files: media,
  };
}
