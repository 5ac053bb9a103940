/**
 * The check every request goes through before Next reads a byte of its body (installed on the HTTP
 * server by scripts/server-guard.mjs, which `npm start` and the Docker image load). It refuses, in the
 * one error shape and without reading the body:
 * - methods no route answers (TRACE, CONNECT, anything unknown): 405;
 * - a Host the journal does not answer to (see hosts.ts): 421;
 * - a body larger than its route takes: 413;
 * - a body sent to a locked journal without a valid session: 401.
 * It also names the client: the socket's address, or what trusted proxies saw (see client.ts).
 * No "server-only" guard: it is loaded by instrumentation.ts and read by the plain-JS server hook.
 */
import { MAX_MEDIA_JSON_BYTES } from "@/contracts/ai-constants";
import { IMPORT_PART_BYTES } from "@/contracts/data-constants";
import { MAX_JSON_BODY_BYTES } from "@/domain/constants";
import { MAX_UPLOAD_BODY_BYTES } from "@/domain/media";
import { allowedMethods } from "@/server/http/api-methods";
import { isOpenWhenLocked } from "./access";
import { CLIENT_ADDRESS_HEADER, clientAddress, trustedProxyHops } from "./client";
import { MISDIRECTED, requestHostsAllowed } from "./hosts";
import { sessionFromCookieHeader, verifySessionValue } from "./session";
import { processSlots } from "@/server/runtime";
import { env } from "@/server/env";

export const KNOWN_METHODS: readonly string[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The smallest body limit, for the login form. */
export const LOGIN_BODY_BYTES = 16 * 1024;
const ENVELOPE = 1024 * 1024;

/** Route body limits, checked against Content-Length before anything is read. */
const BODY_LIMITS: ReadonlyArray<[RegExp, number]> = [
  [/^\/api\/auth\/login$/u, LOGIN_BODY_BYTES],
  [/^\/api\/entries\/[^/]+\/media$/u, MAX_UPLOAD_BODY_BYTES],
  [/^\/api\/data\/import$/u, IMPORT_PART_BYTES + ENVELOPE],
  [/^\/api\/data\/import\/uploads\/[^/]+$/u, IMPORT_PART_BYTES],
  [/^\/api\/ai\/[^/]+$/u, MAX_MEDIA_JSON_BYTES],
];

/** The largest body the route at `pathname` takes (the JSON limit when it has no larger one). */
export function bodyLimitFor(pathname: string): number {
  for (const [re, limit] of BODY_LIMITS) if (re.test(pathname)) return limit;
  return MAX_JSON_BODY_BYTES;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
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
}

/** 405 for a method no route of the app answers, with the methods the address does answer. */
export function unknownMethodRefusal(method: string, pathname: string): Refusal | null {
  if (KNOWN_METHODS.includes(method.toUpperCase())) return null;
  const allow = (pathname.startsWith("/api/") ? allowedMethods(pathname) : null) ?? ["GET", "HEAD", "OPTIONS"];
  return {
    status: 405,
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
  const done = (refusal: Refusal | null): EarlyResult => ({ refusal, clientAddress: client });
  const pathname = pathOf(req.url);

  const method = unknownMethodRefusal(req.method, pathname);
  if (method) return done(method);

  if (!requestHostsAllowed(req.headers)) return done({ ...MISDIRECTED });

  const length = req.headers.get("content-length");
  const hasBody = (length !== null && length.trim() !== "0") || req.headers.has("transfer-encoding");
  if (!hasBody) return done(null);

  const limit = bodyLimitFor(pathname);
  const declared = Number(length ?? "");
  if (length !== null && (!Number.isFinite(declared) || declared > limit)) {
    return done({ status: 413, code: "PAYLOAD_TOO_LARGE", message: `Request body is too large (limit ${limit} bytes).` });
  }

  const secret = env().APP_PASSWORD;
  if (secret && !isOpenWhenLocked(pathname)) {
    const ok = await verifySessionValue(secret, sessionFromCookieHeader(req.headers.get("cookie")));
    if (!ok) return done({ status: 401, code: "UNAUTHORIZED", message: "The journal is locked. Enter your passcode to continue." });
  }
  return done(null);
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

type Hook = (req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined>; socketAddress?: string }) => Promise<EarlyResult>;

/** Makes the check available to the HTTP server hook (scripts/server-guard.mjs). */
export function installEarlyCheck(): void {
  const hook: Hook = (r) => earlyCheck({ method: r.method ?? "GET", url: r.url ?? "/", headers: toHeaders(r.headers), socketAddress: r.socketAddress });
  processSlots<{ __reverieEarlyCheck?: { check: Hook; header: string } }>().__reverieEarlyCheck = { check: hook, header: CLIENT_ADDRESS_HEADER };
}
