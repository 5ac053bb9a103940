import { NextResponse, type NextRequest } from "next/server";
import { encryptionGate } from "@/server/crypto/gate";
import { allowedMethods } from "@/server/http/api-methods";
import { isOpenWhenLocked } from "@/server/security/access";
import { buildCsp, isCrossOriginWrite, makeNonce } from "@/server/security/csp";
import { unknownMethodRefusal } from "@/server/security/early";
import { MISDIRECTED, requestHostsAllowed } from "@/server/security/hosts";
import { SESSION_COOKIE, verifySessionValue } from "@/server/security/session";
import { setupRequiredResponse } from "@/server/security/space";
import { env } from "@/server/env";

function jsonError(status: number, code: string, message: string): NextResponse {
  return NextResponse.json({ error: { message, code } }, { status });
}

/**
 * Runs before every request: refuses other Host names and unknown methods, refuses writes from other
 * sites, enforces the optional passcode lock, and sets a Content-Security-Policy with a fresh nonce that
 * Next puts on its own scripts.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const isApi = pathname.startsWith("/api/");

  // Host allow-list (DNS rebinding): every method, pages included.
  if (!requestHostsAllowed(req.headers, undefined, req.nextUrl.host)) return jsonError(MISDIRECTED.status, MISDIRECTED.code, MISDIRECTED.message);

  // Methods no route answers, on any address.
  const unknownMethod = unknownMethodRefusal(req.method, pathname);
  if (unknownMethod) {
    const res = jsonError(unknownMethod.status, unknownMethod.code, unknownMethod.message);
    for (const [k, v] of Object.entries(unknownMethod.headers ?? {})) res.headers.set(k, v);
    return res;
  }

  // A Space with no passcode stays closed: the setup screen and 503 (src/server/security/space.ts).
  // An encrypted journal has its passphrase as a lock, so it needs no setup (accessMode says "locked").
  const setupRequired = setupRequiredResponse(req);
  if (setupRequired) return setupRequired;

  // An encrypted journal: sealed until the passphrase is given; without APP_PASSWORD the passphrase signs browsers in.
  const sealed = await encryptionGate(req);
  if (sealed) return sealed;

  if (isApi && isCrossOriginWrite(req.method, req.headers, req.url)) {
    return jsonError(403, "FORBIDDEN", "Requests from other sites are not allowed.");
  }

  const secret = env().APP_PASSWORD;
  if (secret && !isOpenWhenLocked(pathname)) {
    const ok = await verifySessionValue(secret, req.cookies.get(SESSION_COOKIE)?.value);
    if (!ok) {
      if (isApi) return jsonError(401, "UNAUTHORIZED", "The journal is locked. Enter your passcode to continue.");
      const url = req.nextUrl.clone();
      url.pathname = "/lock";
      url.search = `?next=${encodeURIComponent(pathname + search)}`;
      return NextResponse.redirect(url);
    }
  }

  const allowed = isApi ? allowedMethods(pathname) : null;
  if (allowed && !allowed.includes(req.method)) {
    const res = jsonError(405, "METHOD_NOT_ALLOWED", `${req.method} is not allowed here. Allowed: ${allowed.join(", ")}.`);
    res.headers.set("Allow", allowed.join(", "));
    return res;
  }

  const nonce = makeNonce();
  const csp = buildCsp(nonce, { dev: env().NODE_ENV === "development" });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set("Content-Security-Policy", csp);
  return res;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image).*)" }],
};
