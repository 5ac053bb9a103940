import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { listSnapshots, restoreIfMissing, type SnapshotRecord } from "@/server/backup/core";
import {
  copyKeyFileToBackups,
  recoverInterruptedChange,
  restoreKeyFileFromBackups,
  sealPlaintextMedia,
} from "@/server/crypto/convert";
import {
  isEncryptedJournal,
  KEY_BYTES,
  keyFilePath,
  readKeyFile,
  unwrapKey,
  wrapKey,
  writeKeyFile,
} from "@/server/keys/keyfile";
import { encryptionState, keyFor, setKey, type EncryptionState } from "@/server/keys/state";
import { migrate } from "@/server/db/migrator";
import { storageLayout } from "@/server/storage/paths";
import { processStartedAt, sweepOrphanFiles, sweepTempFiles } from "@/server/media/cleanup";
import { env } from "@/server/env";

/**
 * Before anything opens the database: finishes or undoes an encryption change that a crash cut short,
 * puts the key file back from the snapshots when the disk was lost, and unlocks an encrypted journal
 * with JOURNAL_PASSPHRASE when it is set. A fresh journal with JOURNAL_PASSPHRASE set starts encrypted.
 * Gives the state: "sealed" means nothing else may run until the passphrase is given.
 */
export function prepareKey(): EncryptionState {
  const layout = storageLayout();
  const file = layout.dbFile;
  const change = recoverInterruptedChange(layout);
  if (change !== "none")
    console.log(
      `[reverie] an encryption change was interrupted: ${change === "finished" ? "it was finished" : "it was undone; the journal is as it was before"}`,
    );
  if (restoreKeyFileFromBackups(layout))
    console.log(`[reverie] the key file was missing with the database: put back from ${layout.backupDir}`);
  const passphrase = env().JOURNAL_PASSPHRASE;
  if (isEncryptedJournal(file)) {
    if (encryptionState(file) === "unlocked") return "unlocked";
    if (!passphrase) {
      console.log(
        "[reverie] the journal is encrypted and sealed: it opens when the passphrase is entered (or set JOURNAL_PASSPHRASE)",
      );
      return "sealed";
    }
    const key = unwrapKey(readKeyFile(keyFilePath(file)), passphrase);
    if (!key) {
      console.error(
        "[reverie] JOURNAL_PASSPHRASE does not open this journal: it stays sealed until the right passphrase is entered",
      );
      return "sealed";
    }
    setKey(file, key);
    return "unlocked";
  }
  if (passphrase && !existsSync(file) && listSnapshots(layout.backupDir).length === 0) {
    // A new journal with a passphrase configured: encrypted from its first byte.
    const key = randomBytes(KEY_BYTES);
    writeKeyFile(keyFilePath(file), wrapKey(key, passphrase));
    setKey(file, key);
    console.log("[reverie] a new encrypted journal was created (JOURNAL_PASSPHRASE)");
    return "unlocked";
  }
  if (passphrase)
    console.warn(
      "[reverie] JOURNAL_PASSPHRASE is set but this journal is not encrypted: turn encryption on in Settings or with `npm run journal:encrypt`",
    );
  return "plain";
}

/**
 * Creates the data folders, restores the newest snapshot when the database file is missing (a Space
 * that restarted, a lost disk), brings the database schema up to date, and removes what an earlier
 * process left half done when it was killed: temp files of uploads and media files never recorded.
 * Idempotent. Gives the snapshot it restored, if any. While an encrypted journal is sealed it does
 * nothing (it runs again when the journal is unlocked): a sealed journal is never replaced or touched.
 */
export function prepareStorage(): { restored: SnapshotRecord | null; encryption: EncryptionState } {
  const encryption = prepareKey();
  if (encryption === "sealed") return { restored: null, encryption };
  const layout = storageLayout();
  const file = layout.dbFile;
  const key = keyFor(file);
  if (layout.dataDirIsNetwork) {
    console.log(
      `[reverie] the data folder is a network mount: the live database stays on local disk (${file}), snapshots go to ${layout.backupDir}`,
    );
  }
  let restored: SnapshotRecord | null = null;
  try {
    restored = restoreIfMissing({ ...layout, key });
  } catch (err) {
    console.error(
      `[reverie] the database is missing and the newest snapshot could not be restored: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (restored) {
    console.log(
      `[reverie] the database was missing: restored snapshot ${restored.id} of ${restored.created_at} (${restored.entries} entries) from ${layout.backupDir}`,
    );
  }
  const result = migrate(file, undefined, key);
  if (key) {
    copyKeyFileToBackups(layout);
    const sealed = sealPlaintextMedia(layout.uploadDir, key);
    if (sealed) console.log(`[reverie] encrypted ${sealed} media file(s) that were still plaintext`);
  }
  mkdirSync(/* turbopackIgnore: true */ layout.uploadDir, { recursive: true, mode: 0o700 });
  const startedAt = processStartedAt();
  const temps = sweepTempFiles({ staleMs: 0, now: startedAt });
  const orphans = sweepOrphanFiles({ dbFile: file, before: startedAt, key });
  if (result.applied.length) {
    console.log(`[reverie] database ${file}: applied ${result.applied.join(", ")}`);
  }
  if (temps || orphans) {
    console.log(
      `[reverie] removed ${temps} temp file(s) of interrupted uploads and ${orphans} media file(s) never recorded`,
    );
  }
  return { restored, encryption };
}
