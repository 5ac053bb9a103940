/**
 * Sealed or unlocked: the journal key of this process, in memory only (never written, never logged).
 * A restart seals an encrypted journal again until JOURNAL_PASSPHRASE or the unlock screen gives the
 * passphrase. Kept on globalThis so that every module of the process (and the proxy) sees one state.
 */
import { isEncryptedJournal, readKeyFile, subKey, unwrapKey, keyFilePath } from "./keyfile";
import { clearFileKeys } from "./media-cipher";
import { env as currentEnv } from "@/server/env";
import { resolveLayout, type LayoutEnv } from "@/server/storage/layout";
import { processSlots } from "@/server/runtime";

interface KeyState {
  /** The database file this key belongs to. */
  dbFile: string | null;
  key: Buffer | null;
  /** A secret derived from the key that signs the browser's unlock cookie (when APP_PASSWORD is unset). */
  sessionSecret: string | null;
}

const g = processSlots<{ __reverieJournalKey?: KeyState }>();
const state = (): KeyState => (g.__reverieJournalKey ??= { dbFile: null, key: null, sessionSecret: null });

/** "plain": not encrypted; "sealed": encrypted and no key in memory; "unlocked": encrypted and the key is known. */
export type EncryptionState = "plain" | "sealed" | "unlocked";

export function encryptionState(dbFile: string): EncryptionState {
  if (!isEncryptedJournal(dbFile)) return "plain";
  const s = state();
  return s.key && s.dbFile === dbFile ? "unlocked" : "sealed";
}

/** Thrown when the journal is needed while it is sealed (answered 503 SEALED). */
export class SealedError extends Error {
  constructor() {
    super("The journal is encrypted and sealed. Enter the passphrase to open it.");
  }
}

/** True when the journal on disk is encrypted (sealed or not). */
export function journalIsEncrypted(env: LayoutEnv = currentEnv()): boolean {
  return encryptionState(resolveLayout(env).dbFile) !== "plain";
}

/** The key for opening `dbFile`: null for a plaintext journal; throws SealedError when sealed. */
export function keyFor(dbFile: string): Buffer | null {
  const st = encryptionState(dbFile);
  if (st === "plain") return null;
  if (st === "sealed") throw new SealedError();
  return state().key;
}

/** The journal key when unlocked (null otherwise): for media and snapshots. */
export function currentKey(dbFile: string): Buffer | null {
  return encryptionState(dbFile) === "unlocked" ? state().key : null;
}

/** Checks a passphrase against the key file only (touches nothing else); gives the key or null. */
export function keyFromPassphrase(dbFile: string, passphrase: string): Buffer | null {
  return unwrapKey(readKeyFile(keyFilePath(dbFile)), passphrase);
}

export function setKey(dbFile: string, key: Buffer | null): void {
  const s = state();
  clearFileKeys(); // media file keys derived from the previous key, if any, are forgotten
  s.dbFile = key ? dbFile : null;
  s.key = key ? Buffer.from(key) : null;
  s.sessionSecret = key ? subKey(key, "browser session").toString("base64") : null;
}

/** The secret that signs the unlock cookie, when the journal is unlocked. */
export function sessionSecret(): string | null {
  return state().sessionSecret;
}
