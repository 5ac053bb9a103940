/**
 * The journal's locks, in the order a request meets them, and the one place that decides which of them
 * holds a request back. The proxy (pages and API) and the early request check (any request with a body,
 * before it is read) both ask `barrierFor`; which addresses stay open under each lock is the route policy
 * (src/server/http/route-policy.ts).
 *
 * 1. setup: a Space with no passcode (space.ts) serves only its setup screen.
 * 2. sealed: an encrypted journal with no key in memory serves only its unlock screen and route. The
 *    passphrase comes first: while the journal is sealed, those stay open even when a passcode is set,
 *    so that a journal restarted without JOURNAL_PASSPHRASE can be opened from the web; the passcode is
 *    asked for next.
 * 3. passphrase: an unlocked encrypted journal without APP_PASSWORD needs the unlock cookie.
 * 4. passcode: with APP_PASSWORD, a valid session.
 * Pure apart from the environment and the key state: the proxy imports it, no "server-only" guard.
 */
import type { ErrorCode } from "@/contracts/errors";
import { SEALED_MESSAGE, UNLOCK_COOKIE_NAME, UNLOCK_PATH, encryptionLock, journalEncryption } from "./encryption-lock";
import { isOpenUnder } from "@/server/http/route-policy";
import { env as currentEnv, type Env as CheckedEnv } from "@/server/env";
import { SESSION_COOKIE, verifySessionValue } from "./session";
import { SETUP_PATH, SETUP_REQUIRED_MESSAGE, accessMode } from "./space";

export interface Barrier {
  lock: "setup" | "sealed" | "passphrase" | "passcode";
  code: ErrorCode;
  message: string;
  /** Where a page goes instead, and whether it is told where to come back to. */
  page: string;
  comeBack: boolean;
}

export const PASSCODE_LOCKED_MESSAGE = "The journal is locked. Enter your passcode to continue.";
export const PASSPHRASE_LOCKED_MESSAGE = "The journal is locked. Enter its passphrase to continue.";
export const LOCK_PATH = "/lock";

const BARRIERS: Record<Barrier["lock"], Barrier> = {
  setup: { lock: "setup", code: "SETUP_REQUIRED", message: SETUP_REQUIRED_MESSAGE, page: SETUP_PATH, comeBack: false },
  sealed: { lock: "sealed", code: "SEALED", message: SEALED_MESSAGE, page: UNLOCK_PATH, comeBack: true },
  passphrase: {
    lock: "passphrase",
    code: "UNAUTHORIZED",
    message: PASSPHRASE_LOCKED_MESSAGE,
    page: UNLOCK_PATH,
    comeBack: true,
  },
  passcode: {
    lock: "passcode",
    code: "UNAUTHORIZED",
    message: PASSCODE_LOCKED_MESSAGE,
    page: LOCK_PATH,
    comeBack: true,
  },
};

type Env = Partial<CheckedEnv>;

/** The lock that holds back a request for `pathname` with these cookies, or null when it may pass. */
export async function barrierFor(
  pathname: string,
  cookie: (name: string) => string | undefined,
  env: Env = currentEnv(),
): Promise<Barrier | null> {
  if (accessMode(env) === "setup-required") return isOpenUnder("setup", pathname) ? null : BARRIERS.setup;

  if (isOpenUnder("sealed", pathname)) {
    // The way in to an encrypted journal: no other lock comes before the passphrase.
    if (journalEncryption(env) === "sealed") return null;
  } else {
    const lock = await encryptionLock(cookie(UNLOCK_COOKIE_NAME), env);
    if (lock) return BARRIERS[lock];
  }

  const secret = env.APP_PASSWORD;
  if (secret && !isOpenUnder("locked", pathname) && !(await verifySessionValue(secret, cookie(SESSION_COOKIE))))
    return BARRIERS.passcode;
  return null;
}

/** A cookie reader over a Cookie header. */
export function cookiesOf(header: string | null | undefined): (name: string) => string | undefined {
  return (name) => {
    if (!header) return undefined;
    for (const part of header.split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
    }
    return undefined;
  };
}
