/**
 * Which Host names the journal answers to (a guard against DNS rebinding: a page on another site whose
 * name is made to point at this machine). Pure: the proxy, the early request check and the tests share
 * it, so no "server-only" guard here.
 *
 * Allowed by default: loopback names (localhost and *.localhost) and IP address literals (a rebinding
 * page always arrives under a domain name). Added by configuration: ALLOWED_HOSTS (comma-separated names,
 * a leading "." allows every subdomain) and SPACE_HOST (set by Hugging Face on a Space).
 */
// Relative: next.config.ts loads this module (through csp.ts), where the "@/" alias does not resolve.
import { env as currentEnv, type Env } from "../env";

export interface HostPolicy {
  names: ReadonlySet<string>;
  suffixes: readonly string[];
}

/** The checked environment (src/server/env.ts); tests give their own. */
type EnvLike = Partial<Env>;

/** The host part of a Host header or URL host ("Example.com:3000" -> "example.com", "[::1]:3000" -> "::1"). */
export function hostName(hostHeader: string): string | null {
  const h = hostHeader.trim().toLowerCase();
  if (!h) return null;
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    if (end < 0) return null;
    const rest = h.slice(end + 1);
    if (rest && !/^:\d{1,5}$/u.test(rest)) return null;
    return h.slice(1, end);
  }
  const m = /^([^:\s/@]+)(?::(\d{1,5}))?$/u.exec(h);
  if (!m) return null;
  return m[1]!.replace(/\.$/u, "");
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/u;

export function isIpLiteral(name: string): boolean {
  if (IPV4.test(name)) return true;
  // IPv6 (a Host header carries it in brackets; hostName() has removed them).
  return name.includes(":") && /^[0-9a-f:.]+(?:%[\w.-]+)?$/iu.test(name);
}

export function isLoopbackName(name: string): boolean {
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127\.\d+\.\d+\.\d+$/u.test(name);
}

function entries(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** The configured names: ALLOWED_HOSTS and SPACE_HOST. */
export function hostPolicy(env: EnvLike = currentEnv()): HostPolicy {
  const names = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of [...entries(env.ALLOWED_HOSTS), ...entries(env.SPACE_HOST)]) {
    if (raw.startsWith(".")) {
      const suffix = hostName(raw.slice(1));
      if (suffix) suffixes.push(`.${suffix}`);
      continue;
    }
    // A full origin ("https://journal.example.com") is accepted too.
    let value = raw;
    if (/^[a-z][a-z0-9+.-]*:\/\//u.test(value)) {
      try {
        value = new URL(value).host;
      } catch {
        continue;
      }
    }
    const name = hostName(value);
    if (name) names.add(name);
  }
  return { names, suffixes };
}

/** Whether a Host header (or an origin's host) names this journal. */
export function isAllowedHost(hostHeader: string | null | undefined, policy: HostPolicy = hostPolicy()): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  if (!name) return false;
  if (isLoopbackName(name) || isIpLiteral(name)) return true;
  if (policy.names.has(name)) return true;
  return policy.suffixes.some((s) => name.endsWith(s));
}

/** The refusal for another Host, in the one error shape (421, as its code says). */
export const MISDIRECTED = {
  code: "MISDIRECTED_REQUEST",
  message: "This journal does not answer to that host name. Add it to ALLOWED_HOSTS if it is yours.",
} as const;

/**
 * Whether every host a request names is allowed: Host, and X-Forwarded-Host when a proxy in front
 * sets it (each of its comma-separated values).
 */
export function requestHostsAllowed(headers: Headers, policy: HostPolicy = hostPolicy(), urlHost?: string): boolean {
  // Without a Host header (HTTP/1.0) the server's own name, from the request URL, stands in.
  if (!isAllowedHost(headers.get("host") ?? urlHost, policy)) return false;
  const fwd = headers.get("x-forwarded-host");
  if (fwd) for (const h of fwd.split(",")) if (!isAllowedHost(h.trim(), policy)) return false;
  return true;
}
