/**
 * Applies the SQL migrations in prisma/migrations and records them in `_prisma_migrations` exactly as
 * `prisma migrate deploy` does (same table, same SHA-256 checksum of the file's bytes), so both agree.
 * Runs in the server's start-up (instrumentation.ts) and from `npm run db:migrate`; it has no Next or
 * Prisma dependency so that plain Node can run it too.
 */
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "./keyed";

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

interface MigrationRow {
  checksum: string;
  finished_at: string | null;
  rolled_back_at: string | null;
}

/**
 * The journal is the person's alone: its folder is created 0700 and the database file 0600 before
 * SQLite first opens it (SQLite gives its -wal and -shm files the database file's mode). An existing
 * journal made before this rule is brought to it.
 */
export function ownerOnlyDatabase(dbFile: string): void {
  mkdirSync(/* turbopackIgnore: true */ path.dirname(dbFile), { recursive: true, mode: 0o700 });
  if (!existsSync(/* turbopackIgnore: true */ dbFile)) closeSync(openSync(dbFile, "a", 0o600));
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) {
    try {
      chmodSync(f, 0o600);
    } catch {
      /* missing, or a file system without modes */
    }
  }
}

export function defaultMigrationsDir(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");
}

export function listMigrations(dir: string): { name: string; file: string }[] {
  if (!existsSync(/* turbopackIgnore: true */ dir)) throw new Error(`Migrations folder not found: ${dir}`);
  return readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        existsSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ dir, d.name, "migration.sql")),
    )
    .map((d) => ({ name: d.name, file: path.join(/* turbopackIgnore: true */ dir, d.name, "migration.sql") }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Opens (creating the folder and file when needed) and applies every pending migration, over the
 * keyed connection when the journal is encrypted (`key`: the journal key, null for a plaintext one).
 */
export function migrate(
  dbFile: string,
  migrationsDir = defaultMigrationsDir(),
  key: Buffer | null = null,
): MigrationResult {
  ownerOnlyDatabase(dbFile);
  const db = openDatabase(dbFile, key, { timeout: 15_000 });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(MIGRATIONS_TABLE);
    const applied: string[] = [];
    let alreadyApplied = 0;
    const find = db.prepare<[string], MigrationRow>(
      `SELECT checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE migration_name = ? AND rolled_back_at IS NULL ORDER BY started_at DESC LIMIT 1`,
    );
    for (const m of listMigrations(migrationsDir)) {
      const bytes = readFileSync(/* turbopackIgnore: true */ m.file);
      const checksum = createHash("sha256").update(bytes).digest("hex");
      const check = (): boolean => {
        const row = find.get(m.name);
        if (!row) return false;
        if (!row.finished_at)
          throw new Error(`Migration ${m.name} failed earlier and needs attention before the app can start.`);
        if (row.checksum !== checksum)
          throw new Error(
            `Migration ${m.name} was changed after it was applied. Migrations must never be edited; add a new one.`,
          );
        return true;
      };
      if (check()) {
        alreadyApplied++;
        continue;
      }
      // Foreign keys cannot be switched inside a transaction: off before BEGIN, checked before COMMIT.
      db.pragma("foreign_keys = OFF");
      try {
        db.exec("BEGIN IMMEDIATE");
        try {
          if (check()) {
            db.exec("COMMIT");
            alreadyApplied++;
            continue;
          }
          const startedAt = new Date().toISOString();
          db.exec(bytes.toString("utf8"));
          const violations = db.pragma("foreign_key_check") as unknown[];
          if (violations.length)
            throw new Error(`Migration ${m.name} leaves ${violations.length} foreign key violation(s).`);
          db.prepare(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
          ).run(randomUUID(), checksum, new Date().toISOString(), m.name, startedAt);
          db.exec("COMMIT");
          applied.push(m.name);
        } catch (err) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw err;
        }
      } finally {
        db.pragma("foreign_keys = ON");
      }
    }
    return { applied, alreadyApplied };
  } finally {
    db.close();
  }
}
