/**
 * The journal key and its key file. Plain Node (no Next, no aliases) so that the server, the start-up,
 * `npm run journal:encrypt` and the snapshot scripts share it.
 *
 * The journal is encrypted with a random 32-byte journal key. The key file holds that key wrapped
 * (AES-256-GCM) by a key derived from the passphrase with Argon2id (64 MiB, 3 passes). The wrap's
 * authentication tag is the verifier: a wrong passphrase fails to unwrap and is refused before the
 * database or any media file is opened. Changing the passphrase rewraps the same journal key, so it is
 * one atomic rename of this small file, and snapshots taken before stay restorable.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env as currentEnv, type Env } from "../env";

export const KEY_BYTES = 32;

export interface KeyFile {
  format: "reverie-key";
  version: 1;
  kdf: { name: "argon2id"; memory: number; passes: number; parallelism: number; salt: string };
  wrap: { cipher: "aes-256-gcm"; nonce: string; key: string; tag: string };
  created_at: string;
}

const KDF = { memory: 65_536, passes: 3, parallelism: 1 } as const;
const AAD = Buffer.from("reverie journal key v1");

/** The key file of a database: beside it, named after it. */
export function keyFilePath(dbFile: string): string {
  return `${dbFile}.key`;
}

/** The copy of the key file kept with the snapshots (a lost disk restores from there). */
export function backupKeyFilePath(backupDir: string): string {
  return path.join(backupDir, "journal.key");
}

export function isEncryptedJournal(dbFile: string): boolean {
  return fs.existsSync(keyFilePath(dbFile));
}

function derive(passphrase: string, kdf: KeyFile["kdf"]): Buffer {
  return crypto.argon2Sync("argon2id", {
    message: Buffer.from(passphrase.normalize("NFC"), "utf8"),
    nonce: Buffer.from(kdf.salt, "base64"),
    parallelism: kdf.parallelism,
    tagLength: KEY_BYTES,
    memory: kdf.memory,
    passes: kdf.passes,
  });
}

/** A key file for `key` under `passphrase` (a fresh salt and nonce each time). */
export function wrapKey(key: Buffer, passphrase: string, now = new Date()): KeyFile {
  if (key.length !== KEY_BYTES) throw new Error("The journal key must be 32 bytes.");
  const kdf = { name: "argon2id" as const, ...KDF, salt: crypto.randomBytes(16).toString("base64") };
  const kek = derive(passphrase, kdf);
  const nonce = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", kek, nonce);
  c.setAAD(AAD);
  const wrapped = Buffer.concat([c.update(key), c.final()]);
  return {
    format: "reverie-key",
    version: 1,
    kdf,
    wrap: {
      cipher: "aes-256-gcm",
      nonce: nonce.toString("base64"),
      key: wrapped.toString("base64"),
      tag: c.getAuthTag().toString("base64"),
    },
    created_at: now.toISOString(),
  };
}

/** The journal key, or null when the passphrase is not the one of this key file. Reads nothing else. */
export function unwrapKey(file: KeyFile, passphrase: string): Buffer | null {
  const kek = derive(passphrase, file.kdf);
  try {
    const d = crypto.createDecipheriv("aes-256-gcm", kek, Buffer.from(file.wrap.nonce, "base64"));
    d.setAAD(AAD);
    d.setAuthTag(Buffer.from(file.wrap.tag, "base64"));
    const key = Buffer.concat([d.update(Buffer.from(file.wrap.key, "base64")), d.final()]);
    return key.length === KEY_BYTES ? key : null;
  } catch {
    return null;
  }
}

export function readKeyFile(file: string): KeyFile {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as KeyFile;
  if (
    parsed?.format !== "reverie-key" ||
    parsed.version !== 1 ||
    parsed.kdf?.name !== "argon2id" ||
    !parsed.wrap?.key
  ) {
    throw new Error(`${file} is not a Reverie key file.`);
  }
  return parsed;
}

/** Writes a file durably: beside it, fsync, atomic rename, fsync of the folder. */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    fs.writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDir(path.dirname(file));
}

export function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* not supported on this platform */
  }
}

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, "r+");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function writeKeyFile(file: string, value: KeyFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(value, null, 1));
}

/** A key derived from the journal key for one purpose (media files, the browser session). */
export function subKey(key: Buffer, purpose: string, salt: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", key, salt, Buffer.from(`reverie ${purpose}`), KEY_BYTES));
}

/** The SQLite pragma value for a raw key: never the passphrase itself. */
export function sqliteKeyLiteral(key: Buffer): string {
  return `"x'${key.toString("hex")}'"`;
}

/**
 * For the command-line tools (backup, restore, migrate, explain-search): the key of the journal at
 * `dbFile` from JOURNAL_PASSPHRASE, null for a plaintext journal. Throws a plain sentence when the
 * journal is encrypted and the passphrase is missing or wrong.
 */
export function keyFromEnvironment(dbFile: string, env: Partial<Env> = currentEnv()): Buffer | null {
  if (!isEncryptedJournal(dbFile)) return null;
  const passphrase = env.JOURNAL_PASSPHRASE;
  if (!passphrase) throw new Error("This journal is encrypted: set JOURNAL_PASSPHRASE to its passphrase.");
  const key = unwrapKey(readKeyFile(keyFilePath(dbFile)), passphrase);
  if (!key) throw new Error("JOURNAL_PASSPHRASE does not open this journal.");
  return key;
}
