import "server-only";
import type { EncryptionStatusDto } from "@/contracts/encryption";
import { withBackupsPaused } from "@/server/backup/service";
import { bumpDataVersion } from "@/server/entries/version";
import { storageLayout } from "@/server/storage/paths";
import { HttpError } from "@/server/http/errors";
import { isHttps, sessionCookie } from "@/server/security/auth";
import { SESSION_TTL_MS, createSessionValue, endAllSessions } from "@/server/security/session";
import { clientKey, recordFailure, recordSuccess, waitMs } from "@/server/security/throttle";
import { UNLOCK_COOKIE_NAME as UNLOCK_COOKIE } from "@/server/security/encryption-lock";
import { changePassphrase as rewrap, decryptJournal, encryptJournal, sealPlaintextMedia } from "./convert";
import { currentKey, encryptionState, keyFor, keyFromPassphrase, sessionSecret, setKey } from "@/server/keys/state";
import { env } from "@/server/env";

const layout = () => storageLayout();

export function encryptionStatus(): EncryptionStatusDto {
  const state = encryptionState(layout().dbFile);
  return {
    state,
    passphrase_is_lock: state !== "plain" && !env().APP_PASSWORD,
    passphrase_from_environment: !!env().JOURNAL_PASSPHRASE,
  };
}

function throttled(req: Request): string {
  const who = `journal:${clientKey(req.headers)}`;
  const wait = waitMs(who);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new HttpError(
      "TOO_MANY_ATTEMPTS",
      `Too many wrong passphrases. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      { retry_after_seconds: seconds },
    );
  }
  return who;
}

const wrongPassphrase = () => new HttpError("UNAUTHORIZED", "That passphrase does not open this journal.");

/** The key for a passphrase, checked against the key file only (nothing else is read or written). */
function checkPassphrase(req: Request, passphrase: string): Buffer {
  const who = throttled(req);
  const key = keyFromPassphrase(layout().dbFile, passphrase);
  if (!key) {
    recordFailure(who);
    throw wrongPassphrase();
  }
  recordSuccess(who);
  return key;
}

/** True when the journal is encrypted and no APP_PASSWORD is set: its passphrase signs browsers in. */
const passphraseIsLock = () => !env().APP_PASSWORD;

/** The Set-Cookie value that signs this browser in to an unlocked journal whose passphrase is its lock. */
async function unlockCookie(req: Request): Promise<string | null> {
  const secret = sessionSecret();
  if (!secret || !passphraseIsLock()) return null;
  return sessionCookie(
    UNLOCK_COOKIE,
    await createSessionValue(secret),
    Math.floor(SESSION_TTL_MS / 1000),
    isHttps(req),
  );
}

/**
 * Unlocks a sealed journal (or, when it is open already, signs this browser in with the passphrase).
 * A wrong passphrase is refused from the key file alone: the database and media are not opened.
 * `openJournal` prepares the storage and starts the snapshots once the key is known (src/server/boot).
 */
export async function unlock(
  req: Request,
  passphrase: string,
  openJournal: () => void,
): Promise<{ status: EncryptionStatusDto; cookie: string | null }> {
  const { dbFile } = layout();
  const state = encryptionState(dbFile);
  if (state === "plain") throw new HttpError("CONFLICT", "This journal is not encrypted: there is nothing to unlock.");
  const key = checkPassphrase(req, passphrase);
  if (state === "sealed") {
    setKey(dbFile, key);
    try {
      openJournal();
    } catch (err) {
      setKey(dbFile, null);
      console.error(
        "[reverie] the journal could not be opened after unlocking:",
        err instanceof Error ? err.message : err,
      );
      throw new HttpError(
        "SEALED",
        "The passphrase is right, but the journal could not be opened. Its files may be damaged; see the server's log.",
      );
    }
    bumpDataVersion();
    // A sealed start ends every browser session of before: only the browsers signed in from now on open it.
    if (passphraseIsLock()) endAllSessions();
    console.log("[reverie] the journal was unlocked");
  }
  return { status: encryptionStatus(), cookie: await unlockCookie(req) };
}

/** Turns encryption on: every file of the journal and its snapshots is rewritten encrypted (crash-safe). */
export async function enableEncryption(
  req: Request,
  passphrase: string,
): Promise<{ status: EncryptionStatusDto; cookie: string | null }> {
  const p = layout();
  if (encryptionState(p.dbFile) !== "plain") throw new HttpError("CONFLICT", "This journal is already encrypted.");
  await withBackupsPaused(() => {
    const key = encryptJournal(p, passphrase);
    setKey(p.dbFile, key);
  });
  bumpDataVersion();
  console.log("[reverie] encryption was turned on");
  // An upload still being received meanwhile was written plaintext: encrypted once it has landed.
  const later = setTimeout(() => {
    const key = currentKey(p.dbFile);
    if (!key) return;
    try {
      const n = sealPlaintextMedia(p.uploadDir, key);
      if (n) console.log(`[reverie] encrypted ${n} media file(s) that arrived while encryption was being turned on`);
    } catch (err) {
      console.error(
        "[reverie] could not encrypt media that arrived meanwhile:",
        err instanceof Error ? err.message : err,
      );
    }
  }, 60_000);
  later.unref();
  return { status: encryptionStatus(), cookie: await unlockCookie(req) };
}

/**
 * Changes the passphrase (the old one is required). When the passphrase is the lock, every browser session
 * ends with the old passphrase; the browser that changed it is signed in again (the cookie answered).
 */
export async function changePassphrase(
  req: Request,
  current: string,
  next: string,
): Promise<{ status: EncryptionStatusDto; cookie: string | null }> {
  const p = layout();
  if (encryptionState(p.dbFile) === "plain") throw new HttpError("CONFLICT", "This journal is not encrypted.");
  keyFor(p.dbFile); // sealed: 503
  checkPassphrase(req, current);
  await withBackupsPaused(() => {
    if (!rewrap(p, current, next)) throw wrongPassphrase();
  });
  if (passphraseIsLock()) endAllSessions();
  console.log("[reverie] the passphrase was changed");
  return { status: encryptionStatus(), cookie: await unlockCookie(req) };
}

/** Turns encryption off (the passphrase is required): every file is rewritten in plaintext (crash-safe). */
export async function disableEncryption(req: Request, passphrase: string): Promise<EncryptionStatusDto> {
  const p = layout();
  if (encryptionState(p.dbFile) === "plain") throw new HttpError("CONFLICT", "This journal is not encrypted.");
  keyFor(p.dbFile);
  const key = checkPassphrase(req, passphrase);
  await withBackupsPaused(() => {
    decryptJournal(p, key);
    setKey(p.dbFile, null);
  });
  bumpDataVersion();
  console.log("[reverie] encryption was turned off");
  return encryptionStatus();
}
