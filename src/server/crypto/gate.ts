/**
 * The proxy's check for an encrypted journal, kept apart from the passcode lock:
 * - sealed (no key in memory): every page leads to /unlock, every API route answers 503 SEALED,
 *   except the unlock route itself and the status;
 * - unlocked with no APP_PASSWORD: the passphrase is the lock, so a browser without the unlock cookie
 *   is sent to /unlock (pages) or answered 401 (API). With APP_PASSWORD set, the passcode lock applies.
 * Imported by the proxy: no "server-only" guard, nothing of Next's server internals.
 */
import { NextResponse, type NextRequest } from "next/server";
import { env as currentEnv, type Env } from "@/server/env";
import { resolveLayout, type LayoutEnv } from "@/server/storage/layout";
import { verifySessionValue } from "@/server/security/session";
import { encryptionState, sessionSecret } from "@/server/keys/state";

export const UNLOCK_PATH = "/unlock";
export const UNLOCK_COOKIE_NAME = "reverie_unlock";
const OPEN_WHILE_SEALED = [/^\/unlock$/u, /^\/offline$/u, /^\/api\/encryption(\/unlock)?$/u, /^\/icon\.svg$/u, /^\/manifest\.webmanifest$/u, /^\/robots\.txt$/u, /^\/favicon\.ico$/u, /^\/sw\.js$/u, /^\/icons\//u];

/** Cookies already verified against the current secret (two HMACs each otherwise), until their expiry. */
const verified = new Map<string, number>();
async function validCookie(secret: string, value: string | undefined): Promise<boolean> {
  if (!value) return false;
  const key = `${secret}\0${value}`;
  const until = verified.get(key);
  if (until !== undefined && until > Date.now()) return true;
  if (!(await verifySessionValue(secret, value))) return false;
  if (verified.size > 100) verified.clear();
  verified.set(key, Number(value.split(".")[0]));
  return true;
}

export const SEALED_MESSAGE = "The journal is encrypted and sealed. Enter the passphrase to open it.";

/** The answer for a request to an encrypted journal that may not pass (null: let it through). */
export async function encryptionGate(req: NextRequest, env: Partial<Env> = currentEnv()): Promise<NextResponse | null> {
  const state = encryptionState(resolveLayout(env as LayoutEnv).dbFile);
  if (state === "plain") return null;
  const { pathname, search } = req.nextUrl;
  if (OPEN_WHILE_SEALED.some((re) => re.test(pathname))) return null;
  const isApi = pathname.startsWith("/api/");
  let status: 503 | 401 | null = null;
  if (state === "sealed") status = 503;
  else if (!env.APP_PASSWORD) {
    const secret = sessionSecret();
    const ok = !!secret && (await validCookie(secret, req.cookies.get(UNLOCK_COOKIE_NAME)?.value));
    if (!ok) status = 401;
  }
  if (status === null) return null;
  if (isApi) {
    const [code, message] = status === 503 ? ["SEALED", SEALED_MESSAGE] : ["UNAUTHORIZED", "The journal is locked. Enter its passphrase to continue."];
    return NextResponse.json({ error: { message, code } }, { status, headers: { "cache-control": "no-store" } });
  }
  const url = req.nextUrl.clone();
  url.pathname = UNLOCK_PATH;
  url.search = `?next=${encodeURIComponent(pathname + search)}`;
  return NextResponse.redirect(url, 307);
}
