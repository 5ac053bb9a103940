/**
 * The encrypted journal's own lock, kept apart from the passcode lock:
 * - sealed (no key in memory): only the unlock screen and its route are open (see route-policy.ts);
 * - unlocked with no APP_PASSWORD: the passphrase is the lock, so a browser needs the unlock cookie.
 *   With APP_PASSWORD set, the passcode lock applies instead.
 * How it combines with the other locks: src/server/security/locks.ts.
 * Imported by the proxy: no "server-only" guard, nothing of Next's server internals.
 */
import { env as currentEnv } from "@/server/env";
import { resolveLayout, type LayoutEnv } from "@/server/storage/layout";
import { currentSessionEpoch, verifySessionValue } from "@/server/security/session";
import { encryptionState, sessionSecret, type EncryptionState } from "@/server/keys/state";

export const UNLOCK_PATH = "/unlock";
export const UNLOCK_COOKIE_NAME = "reverie_unlock";

/**
 * Cookies already verified against the current secret (two HMACs each otherwise), until their expiry.
 * Remembered under the journal's current session epoch: Lock, a passphrase change and an unlock after a
 * sealed start each make a new epoch, so a cookie remembered before is checked again (and refused).
 */
const verified = new Map<string, number>();
async function validCookie(secret: string, value: string | undefined): Promise<boolean> {
  if (!value) return false;
  const key = `${secret}\0${currentSessionEpoch()}\0${value}`;
  const until = verified.get(key);
  if (until !== undefined && until > Date.now()) return true;
  if (!(await verifySessionValue(secret, value))) return false;
  if (verified.size > 100) verified.clear();
  verified.set(key, Number(value.split(".")[0]));
  return true;
}

export const SEALED_MESSAGE = "The journal is encrypted and sealed. Enter the passphrase to open it.";

/** The journal on disk: "plain", "sealed" (encrypted, no key in memory) or "unlocked". */
export function journalEncryption(env: LayoutEnv = currentEnv()): EncryptionState {
  return encryptionState(resolveLayout(env).dbFile);
}

/**
 * Which lock of the encryption holds a request back: "sealed" (no key in memory), "passphrase" (the
 * passphrase is the lock and `unlockCookie` does not open it), or null.
 */
export async function encryptionLock(
  unlockCookie: string | undefined,
  env: LayoutEnv & { APP_PASSWORD?: string } = currentEnv(),
): Promise<"sealed" | "passphrase" | null> {
  const state = journalEncryption(env);
  if (state === "plain") return null;
  if (state === "sealed") return "sealed";
  if (env.APP_PASSWORD) return null;
  const secret = sessionSecret();
  return secret && (await validCookie(secret, unlockCookie)) ? null : "passphrase";
}
