/**
 * Security headers. Pure functions, shared by the proxy (which cannot rely on the "server-only"
 * guard) and the tests.
 */
import { type HostPolicy, hostPolicy, isAllowedHost } from "./hosts";

/** The Content-Security-Policy of every response: only the app's own origin, scripts by nonce. */
export function buildCsp(nonce: string, opts: { dev?: boolean } = {}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic' lets Next's nonce-loaded bootstrap load its own chunks; 'self' covers older browsers.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(opts.dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", `'nonce-${nonce}'`],
    // Style attributes (positioning of popovers, progress bars) cannot run code.
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "blob:", "data:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(opts.dev ? ["ws:"] : [])],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "frame-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

/** Headers for every response besides the CSP. */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value:
      "microphone=(self), geolocation=(self), camera=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  },
];

export function makeNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a state-changing request comes from another site. Browsers send Origin (and Sec-Fetch-Site)
 * on such requests; a request without either (curl, scripts on the server) is not a browser attack.
 * An Origin counts as this app's only when its host is one the journal answers to (see hosts.ts) and
 * it is the host the request was sent to (Host, X-Forwarded-Host or the request URL's).
 */
export function isCrossOriginWrite(
  method: string,
  headers: Headers,
  requestUrl: string,
  policy: HostPolicy = hostPolicy(),
): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  if (!isAllowedHost(originHost, policy)) return true;
  const hosts = new Set<string>();
  const fwd = headers.get("x-forwarded-host");
  if (fwd) for (const h of fwd.split(",")) hosts.add(h.trim().toLowerCase());
  const host = headers.get("host");
  if (host) hosts.add(host.toLowerCase());
  try {
    hosts.add(new URL(requestUrl).host.toLowerCase());
  } catch {
    /* ignore */
  }
  return !hosts.has(originHost);
}
