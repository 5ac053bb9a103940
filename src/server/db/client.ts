import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/generated/prisma/client";
import { databasePath } from "@/server/env";

/**
 * One Prisma client per process (kept on globalThis so that dev reloads do not open more).
 * The adapter holds a single better-sqlite3 connection; the pragmas below are set on it once.
 */
type Holder = { client: PrismaClient; ready: Promise<PrismaClient>; file: string };
const g = globalThis as unknown as { __reverieDb?: Holder };

function open(file: string): Holder {
  const adapter = new PrismaBetterSqlite3({ url: file, timeout: 10_000 });
  const client = new PrismaClient({ adapter });
  const ready = (async () => {
    await client.$queryRawUnsafe("PRAGMA foreign_keys = ON");
    await client.$queryRawUnsafe("PRAGMA busy_timeout = 10000");
    await client.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    return client;
  })();
  return { client, ready, file };
}

/** The ready client for the configured database. */
export function db(): Promise<PrismaClient> {
  const file = databasePath();
  if (!g.__reverieDb || g.__reverieDb.file !== file) {
    const old = g.__reverieDb;
    g.__reverieDb = open(file);
    if (old) void old.client.$disconnect();
  }
  return g.__reverieDb.ready;
}

/** Closes the connection (tests, shutdown). */
export async function closeDb(): Promise<void> {
  const h = g.__reverieDb;
  g.__reverieDb = undefined;
  if (h) await h.client.$disconnect();
}
