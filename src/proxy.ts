import { NextResponse, type NextRequest } from "next/server";
import { errorAnswer } from "@/server/http/errors";
import { allowedMethods } from "@/server/http/route-policy";
import { buildCsp, isCrossOriginWrite, makeNonce } from "@/server/security/csp";
import { unknownMethodRefusal } from "@/server/security/early";
import { MISDIRECTED, requestHostsAllowed } from "@/server/security/hosts";
import { barrierFor, type Barrier } from "@/server/security/locks";
import { env } from "@/server/env";

const NO_STORE = { "cache-control": "no-store" };

/** A locked address: the API answers in the one error shape, a page goes to the screen that opens the lock. */
function locked(req: NextRequest, barrier: Barrier): Response {
  const { pathname, search } = req.nextUrl;
  if (pathname.startsWith("/api/")) return errorAnswer(barrier.code, barrier.message, { headers: NO_STORE });
  const url = req.nextUrl.clone();
  url.pathname = barrier.page;
  url.search = barrier.comeBack ? `?next=${encodeURIComponent(pathname + search)}` : "";
  return NextResponse.redirect(url, 307);
}

/**
 * Runs before every request: refuses other Host names and unknown methods, keeps the journal's locks
 * (src/server/security/locks.ts), refuses writes from other sites and methods a route does not answer
 * (src/server/http/route-policy.ts), and sets a Content-Security-Policy with a fresh nonce that Next
 * puts on its own scripts.
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const isApi = pathname.startsWith("/api/");

  // Host allow-list (DNS rebinding): every method, pages included.
  if (!requestHostsAllowed(req.headers, undefined, req.nextUrl.host))
    return errorAnswer(MISDIRECTED.code, MISDIRECTED.message);

  // Methods no route answers, on any address.
  const unknownMethod = unknownMethodRefusal(req.method, pathname);
  if (unknownMethod) return errorAnswer(unknownMethod.code, unknownMethod.message, { headers: unknownMethod.headers });

  // A Space waiting for its passcode, a sealed journal, a passphrase or a passcode lock.
  const barrier = await barrierFor(pathname, (name) => req.cookies.get(name)?.value);
  if (barrier && barrier.lock !== "passcode") return locked(req, barrier);

  if (isApi && isCrossOriginWrite(req.method, req.headers, req.url))
    return errorAnswer("FORBIDDEN", "Requests from other sites are not allowed.");

  if (barrier) return locked(req, barrier);

  const allowed = isApi ? allowedMethods(pathname) : null;
  if (allowed && !allowed.includes(req.method as (typeof allowed)[number])) {
    return errorAnswer("METHOD_NOT_ALLOWED", `${req.method} is not allowed here. Allowed: ${allowed.join(", ")}.`, {
      headers: { Allow: allowed.join(", ") },
    });
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
