// Applies pending migrations to the database in DATABASE_URL (default file:./data/journal.db).
// The server does the same at start; this is for doing it by hand, e.g. before a backup restore.
import path from "node:path";
import { keyFromEnvironment } from "../src/server/keys/keyfile.ts";
import { migrate } from "../src/server/db/migrator.ts";

const url = process.env.DATABASE_URL || "file:./data/journal.db";
const file = path.resolve(process.cwd(), url.replace(/^file:/, ""));
// An encrypted journal is migrated over its keyed connection (JOURNAL_PASSPHRASE).
const { applied, alreadyApplied } = migrate(file, undefined, keyFromEnvironment(file));
console.log(
  `${file}: ${applied.length} applied${applied.length ? ` (${applied.join(", ")})` : ""}, ${alreadyApplied} already applied.`,
);
