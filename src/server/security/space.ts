/**
 * Fail closed on a Hugging Face Space. A Space is public by address: when `SPACE_ID` is set (Hugging
 * Face sets it in every Space) and no passcode is configured, the journal would be open to anyone.
 * Then every page shows the setup screen and every API route answers 503 in the one error shape, so
 * nothing of the journal is read or written (see locks.ts; what stays open is in the route policy). `ALLOW_OPEN_JOURNAL=1` opts out on purpose; the app then
 * shows a permanent warning banner.
 * Pure apart from the environment it is given: the proxy imports it, so no "server-only" guard here.
 */
import { journalIsEncrypted } from "@/server/keys/state";
import { env as currentEnv, type Env } from "@/server/env";

/** The checked environment (src/server/env.ts); tests give their own. */
type EnvLike = Partial<Env>;

/** "locked": a passcode is set, or the journal is encrypted; "setup-required": a Space with no passcode; "open-on-purpose": opted out; "open": not a Space, no passcode. */
export type AccessMode = "locked" | "setup-required" | "open-on-purpose" | "open";

const set = (v: string | undefined) => v !== undefined && v.trim() !== "";

export function accessMode(env: EnvLike = currentEnv()): AccessMode {
  // An encrypted journal is locked by its passphrase (src/server/security/encryption-lock.ts) even without a passcode.
  if (set(env.APP_PASSWORD) || journalIsEncrypted(env)) return "locked";
  if (!set(env.SPACE_ID)) return "open";
  return env.ALLOW_OPEN_JOURNAL?.trim() === "1" ? "open-on-purpose" : "setup-required";
}

export const SETUP_PATH = "/setup";
export const SETUP_REQUIRED_MESSAGE =
  "This journal is closed until a passcode is set. Add the secret APP_PASSWORD in the Space's settings (Settings, Variables and secrets), then restart the Space.";
