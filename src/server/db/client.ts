import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { PrismaClient } from "@/generated/prisma/client";
import { databasePath } from "@/server/env";
import { serializedAdapter } from "./serial-adapter";

/**
 * One Prisma client per process (kept on globalThis so that dev reloads do not open more).
 * The adapter holds a single better-sqlite3 connection; the pragmas below are set on it once.
 * Beside it, a read-only connection serves the hot reads (src/server/entries/read.ts): WAL lets it
 * read while the other writes, and each statement sees every write committed before it began.
 */
type Holder = { client: PrismaClient; ready: Promise<PrismaClient>; file: string; reader?: Database.Database };
const g = globalThis as unknown as { __reverieDb?: Holder };

function open(file: string): Holder {
  const adapter = serializedAdapter(new PrismaBetterSqlite3({ url: file, timeout: 10_000 }));
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
    if (old) void close(old);
  }
  return g.__reverieDb.ready;
}

/** The read-only connection to the configured database (opened on first use, after the migrations). */
export async function readDb(): Promise<Database.Database> {
  await db();
  const h = g.__reverieDb!;
  h.reader ??= new Database(h.file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  return h.reader;
}

function close(h: Holder): Promise<void> {
  h.reader?.close();
  h.reader = undefined;
  return h.client.$disconnect();
}

/** Closes the connection (tests, shutdown). */
export async function closeDb(): Promise<void> {
  const h = g.__reverieDb;
  g.__reverieDb = undefined;
  if (h) await close(h);
}
