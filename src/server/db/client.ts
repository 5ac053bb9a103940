import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { PrismaClient } from "@/generated/prisma/client";
import { keyFor } from "@/server/keys/state";
import { databasePath } from "@/server/storage/paths";
import { keyConnection, openDatabase } from "./keyed";
import { serializedAdapter, type AdapterHooks } from "./serial-adapter";
import { processSlots } from "@/server/runtime";

/**
 * One Prisma client per process (kept on globalThis so that dev reloads do not open more).
 * The adapter holds a single better-sqlite3 connection; the pragmas below are set on it once.
 * Beside it, a read-only connection serves the hot reads (src/server/entries/read.ts): WAL lets it
 * read while the other writes, and each statement sees every write committed before it began.
 * Every committed write of the process passes the adapter, which tells the listeners registered with
 * `onCommittedWrite` (the automatic snapshots use it).
 */
type Holder = {
  client: PrismaClient;
  ready: Promise<PrismaClient>;
  file: string;
  key: Buffer | null;
  hooks: AdapterHooks;
  reader?: Database.Database;
};
const g = processSlots<{
  __reverieDb?: Holder;
  __reverieDbGate?: Promise<void>;
  __reverieWriteListeners?: Set<() => void>;
}>();

function listeners(): Set<() => void> {
  return (g.__reverieWriteListeners ??= new Set());
}

/** Registers a function called after every committed write; gives the function that unregisters it. */
export function onCommittedWrite(listener: () => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/**
 * The adapter opens its connection itself, with no hook before the first statement: its `connect()`
 * is wrapped so that the key pragmas run on the new connection first (src/server/db/keyed.ts).
 */
function keyedFactory(factory: PrismaBetterSqlite3, key: Buffer | null): PrismaBetterSqlite3 {
  return new Proxy(factory, {
    get(target, prop) {
      if (prop === "connect") {
        return async () => {
          const adapter = await target.connect();
          keyConnection((adapter as unknown as { client: Database.Database }).client, key);
          return adapter;
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function open(file: string): Holder {
  // Throws SealedError (503) while an encrypted journal has no key: nothing is opened, nothing created.
  const key = keyFor(file);
  const hooks: AdapterHooks = { onWrite: () => listeners().forEach((l) => l()) };
  const adapter = serializedAdapter(keyedFactory(new PrismaBetterSqlite3({ url: file, timeout: 10_000 }), key), hooks);
  const client = new PrismaClient({ adapter });
  const ready = (async () => {
    await client.$queryRawUnsafe("PRAGMA foreign_keys = ON");
    await client.$queryRawUnsafe("PRAGMA busy_timeout = 10000");
    await client.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    return client;
  })();
  return { client, ready, file, key, hooks };
}

/** The ready client for the configured database (waits while the database file is being replaced). */
export function db(): Promise<PrismaClient> {
  if (g.__reverieDbGate) return g.__reverieDbGate.then(() => db());
  const file = databasePath();
  const key = keyFor(file);
  if (!g.__reverieDb || g.__reverieDb.file !== file || !sameKey(g.__reverieDb.key, key)) {
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
  h.reader ??= openDatabase(h.file, h.key, { readonly: true, fileMustExist: true, timeout: 10_000 });
  return h.reader;
}

const sameKey = (a: Buffer | null, b: Buffer | null) => (a === null || b === null ? a === b : a.equals(b));

async function close(h: Holder): Promise<void> {
  // Statements already sent finish first; later ones wait at the gate of db() for the new connection.
  const release = await h.hooks.hold?.().catch(() => undefined);
  try {
    h.reader?.close();
    h.reader = undefined;
    await h.client.$disconnect();
  } finally {
    release?.();
  }
}

/** Closes the connection (tests, shutdown). */
export async function closeDb(): Promise<void> {
  const h = g.__reverieDb;
  g.__reverieDb = undefined;
  if (h) await close(h);
}

/**
 * Runs `fn` with both connections closed and every new use of the database held until it is done:
 * the way to replace the database file while the app runs (a restore). Both connections are opened
 * afresh on the next use.
 */
export async function withDatabaseClosed<T>(fn: () => T | Promise<T>): Promise<T> {
  while (g.__reverieDbGate) await g.__reverieDbGate;
  let open!: () => void;
  g.__reverieDbGate = new Promise<void>((r) => (open = r));
  try {
    await closeDb();
    return await fn();
  } finally {
    g.__reverieDbGate = undefined;
    open();
  }
}

/**
 * After words are deleted for good: the write-ahead log, which still holds earlier images of the pages
 * that carried them, is folded into the file and emptied. With secure_delete on every connection
 * (./keyed.ts) and the search index's secure-delete option (migration 20261127150000), nothing of the
 * words is left in the database's files. Best effort: a reader in the middle of a statement can keep
 * the log from being emptied this time; the next checkpoint does it.
 */
export async function foldWriteAheadLog(): Promise<void> {
  const prisma = await db();
  await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
}
