import "server-only";
import { UNLOCK_COOKIE_NAME } from "./encryption-lock";
import { HttpError } from "@/server/http/errors";
import { SESSION_COOKIE, SESSION_TTL_MS, createSessionValue, endAllSessions, safeEqual } from "./session";
import { clientKey, recordFailure, recordSuccess, waitFor } from "./throttle";
import { env } from "@/server/env";

/** A session cookie's Set-Cookie value: HttpOnly, SameSite=Strict, Secure behind https. */
export function sessionCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

const cookie = (value: string, maxAgeSeconds: number, secure: boolean) =>
  sessionCookie(SESSION_COOKIE, value, maxAgeSeconds, secure);

/** Behind https (directly or through a proxy that says so) the cookie is marked Secure. */
export function isHttps(req: Request): boolean {
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return proto ? proto === "https" : new URL(req.url).protocol === "https:";
}

/** Checks a passcode; answers the Set-Cookie value of a new session. The passcode is never logged. */
export async function login(req: Request, passcode: string): Promise<string> {
  const secret = env().APP_PASSWORD;
  if (!secret) throw new HttpError("BAD_REQUEST", "This journal has no passcode set.");
  const key = clientKey(req.headers);
  const wait = waitFor(key);
  if (wait.ms > 0) {
    const seconds = Math.ceil(wait.ms / 1000);
    const what =
      wait.reason === "journal"
        ? "Too many wrong passcodes were tried on this journal just now."
        : "Too many wrong passcodes.";
    throw new HttpError("TOO_MANY_ATTEMPTS", `${what} Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`, {
      retry_after_seconds: seconds,
    });
  }
  if (!(await safeEqual(passcode, secret))) {
    recordFailure(key);
    throw new HttpError("UNAUTHORIZED", "That passcode is not right.");
  }
  recordSuccess(key);
  return cookie(await createSessionValue(secret), Math.floor(SESSION_TTL_MS / 1000), isHttps(req));
}

export function logoutCookie(req: Request): string {
  return cookie("", 0, isHttps(req));
}

/**
 * Lock: every session of the journal ends at once (on every device), whether the passcode or an encrypted
 * journal's passphrase signed it in, and this browser's cookies go. Answers the Set-Cookie values.
 */
export function lock(req: Request): string[] {
  endAllSessions();
  return [logoutCookie(req), sessionCookie(UNLOCK_COOKIE_NAME, "", 0, isHttps(req))];
}
