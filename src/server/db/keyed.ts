/**
 * The one way a database connection is opened: the cipher and the key first (before any statement can
 * touch the file), then temp files kept in memory (SQLite does not encrypt its temp files) and deleted
 * content overwritten (secure_delete). Plain Node
 * so that the migrator, snapshots and scripts use it as the server does. `key` null: a plaintext journal.
 */
import "server-only";
import Database from "better-sqlite3";

/** The cipher of SQLite3 Multiple Ciphers: ChaCha20-Poly1305, authenticated, its default and the fastest here. */
export const SQLITE_CIPHER = "chacha20";

/** The page cache of an encrypted connection, in KiB (negative: SQLite's unit for "KiB, not pages"). */
export const ENCRYPTED_CACHE_KIB = -16_000;

export type DatabaseOptions = Database.Options;

/** Applies the key pragmas to a connection just opened (nothing must have run on it before). */
export function keyConnection(db: Database.Database, key: Buffer | null): Database.Database {
  if (key) {
    db.pragma(`cipher = '${SQLITE_CIPHER}'`);
    db.pragma(`key = "x'${key.toString("hex")}'"`);
    // Every page read from disk is decrypted: a larger page cache (16 MB instead of 2 MB) keeps the hot pages decrypted.
    db.pragma(`cache_size = ${ENCRYPTED_CACHE_KIB}`);
  }
  db.pragma("temp_store = MEMORY");
  // Deleted rows are overwritten with zeros, so that words deleted for good do not linger in free pages.
  db.pragma("secure_delete = ON");
  return db;
}

export function openDatabase(file: string, key: Buffer | null, options: DatabaseOptions = {}): Database.Database {
  const db = new Database(file, options);
  try {
    return keyConnection(db, key);
  } catch (err) {
    db.close();
    throw err;
  }
}

/** True when `key` opens the database (the first real read fails with SQLITE_NOTADB otherwise). Writes nothing. */
export function keyOpens(file: string, key: Buffer | null): boolean {
  let db: Database.Database | undefined;
  try {
    db = openDatabase(file, key, { readonly: true, fileMustExist: true });
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return true;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}
