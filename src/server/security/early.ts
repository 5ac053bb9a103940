/**
 * The check every request goes through before Next reads a byte of its body (installed on the HTTP
 * server by scripts/server-guard.mjs, which `npm start` and the Docker image load). It refuses, in the
 * one error shape and without reading the body:
 * - methods no route answers (TRACE, CONNECT, anything unknown): 405;
 * - a Host the journal does not answer to (see hosts.ts): 421;
 * - a body declared larger than its route takes: 413;
 * - a body sent while a lock holds the address (locks.ts): a Space waiting for its passcode or a sealed
 *   journal 503, a passphrase or passcode lock without a valid cookie 401.
 * For a body it lets through it names the route's limit, which the server hook counts as bytes arrive
 * (a chunked body declares no length): past it, 413.
 * It also names the client: the socket's address, or what trusted proxies saw (see client.ts).
 * Every rule comes from the route policy (src/server/http/route-policy.ts); the hook keeps none.
 * No "server-only" guard: it is loaded by instrumentation.ts and read by the plain-JS server hook.
 */
import { ERROR_STATUS, errorJson, type ErrorCode } from "@/contracts/errors";
import { KNOWN_METHODS, allowedMethods, bodyLimit, type Method } from "@/server/http/route-policy";
import { CLIENT_ADDRESS_HEADER, clientAddress, trustedProxyHops } from "./client";
import { MISDIRECTED, requestHostsAllowed } from "./hosts";
import { barrierFor, cookiesOf } from "./locks";
import { processSlots } from "@/server/runtime";

export interface Refusal {
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
}

/** A refusal as the server hook writes it: status, headers and the JSON text. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface EarlyRequest {
  method: string;
  /** The request target as sent ("/api/entries?x=1"). */
  url: string;
  headers: Headers;
  socketAddress?: string;
}

export interface EarlyResult {
  refusal: Refusal | null;
  clientAddress: string;
  /** For a body let through: the most bytes it may carry, and the answer once it carries more. */
  limit: { bytes: number; refusal: Refusal } | null;
}

/** 405 for a method no route of the app answers, with the methods the address does answer. */
export function unknownMethodRefusal(method: string, pathname: string): Refusal | null {
  if (KNOWN_METHODS.includes(method.toUpperCase() as Method)) return null;
  const allow = (pathname.startsWith("/api/") ? allowedMethods(pathname) : null) ?? ["GET", "HEAD", "OPTIONS"];
  return {
    code: "METHOD_NOT_ALLOWED",
    message: `${method.toUpperCase()} is not allowed here. Allowed: ${allow.join(", ")}.`,
    headers: { Allow: allow.join(", ") },
  };
}

function pathOf(url: string): string {
  try {
    return new URL(url, "http://x").pathname;
  } catch {
    return "/";
  }
}

export async function earlyCheck(req: EarlyRequest): Promise<EarlyResult> {
  const client = clientAddress(req.socketAddress, req.headers.get("x-forwarded-for"), trustedProxyHops());
  const done = (refusal: Refusal | null, limit: EarlyResult["limit"] = null): EarlyResult => ({
    refusal,
    clientAddress: client,
    limit,
  });
  const pathname = pathOf(req.url);

  const method = unknownMethodRefusal(req.method, pathname);
  if (method) return done(method);

  if (!requestHostsAllowed(req.headers)) return done({ code: MISDIRECTED.code, message: MISDIRECTED.message });

  const length = req.headers.get("content-length");
  const hasBody = (length !== null && length.trim() !== "0") || req.headers.has("transfer-encoding");
  if (!hasBody) return done(null);

  const limit = bodyLimit(pathname);
  const tooLarge: Refusal = { code: "PAYLOAD_TOO_LARGE", message: limit.message };
  const declared = Number(length ?? "");
  if (length !== null && (!Number.isFinite(declared) || declared > limit.bytes)) return done(tooLarge);

  const barrier = await barrierFor(pathname, cookiesOf(req.headers.get("cookie")));
  if (barrier) return done({ code: barrier.code, message: barrier.message });
  return done(null, { bytes: limit.bytes, refusal: tooLarge });
}

/** A refusal in the one error shape, ready to be written by the server hook. */
export function answerFor(refusal: Refusal): Answer {
  return {
    status: ERROR_STATUS[refusal.code],
    headers: {
      ...refusal.headers,
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
    body: JSON.stringify(errorJson(refusal.code, refusal.message)),
  };
}

/** Node's header object to Headers (repeated headers joined as the HTTP spec joins them). */
export function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    try {
      h.set(k, Array.isArray(v) ? v.join(k === "cookie" ? "; " : ", ") : v);
    } catch {
      /* a header value Headers refuses: left out */
    }
  }
  return h;
}

/** What the server hook (scripts/server-guard.mjs) reads from globalThis. */
export interface InstalledCheck {
  check: (req: {
    method?: string;
    url?: string;
    headers: Record<string, string | string[] | undefined>;
    socketAddress?: string;
  }) => Promise<{
    clientAddress: string;
    refusal: Answer | null;
    limit: { bytes: number; refusal: Answer } | null;
  }>;
  /** The header the client's address is written to. */
  header: string;
  /** The answer when the check itself fails. */
  internal: Answer;
}

/** Makes the check available to the HTTP server hook, and lets go of the requests it held meanwhile. */
export function installEarlyCheck(): void {
  const installed: InstalledCheck = {
    check: async (r) => {
      const result = await earlyCheck({
        method: r.method ?? "GET",
        url: r.url ?? "/",
        headers: toHeaders(r.headers),
        socketAddress: r.socketAddress,
      });
      return {
        clientAddress: result.clientAddress,
        refusal: result.refusal && answerFor(result.refusal),
        limit: result.limit && { bytes: result.limit.bytes, refusal: answerFor(result.limit.refusal) },
      };
    },
    header: CLIENT_ADDRESS_HEADER,
    internal: answerFor({ code: "INTERNAL", message: "An unexpected error occurred" }),
  };
  const g = processSlots<{ __reverieEarlyCheck?: InstalledCheck; __reverieEarlyCheckInstalled?: () => void }>();
  g.__reverieEarlyCheck = installed;
  g.__reverieEarlyCheckInstalled?.();
}
