/**
 * Who a request comes from, for throttling passcode guesses. The address is the socket's: the server's
 * early request check (scripts/server-guard.mjs, through early.ts) writes it into CLIENT_ADDRESS_HEADER
 * after removing any value a client sent. X-Forwarded-For is read only when TRUSTED_PROXY_HOPS says how
 * many proxies in front of the app append to it (a reverse proxy: 1; a Hugging Face Space: 1 or more),
 * and then only the address those proxies saw. Pure: shared by the early check and the tests.
 */
import { env as currentEnv, type Env } from "@/server/env";

export const CLIENT_ADDRESS_HEADER = "x-reverie-client-address";
export const MAX_TRUSTED_PROXY_HOPS = 10;

/** The checked environment (src/server/env.ts); tests give their own. */
type EnvLike = Partial<Env>;

/**
 * TRUSTED_PROXY_HOPS as a number of hops. Unset: 0 (no X-Forwarded-For is trusted at all), except on a
 * Hugging Face Space (SPACE_HOST is set), which is only reached through the Space's proxy: 1.
 */
export function trustedProxyHops(env: EnvLike = currentEnv()): number {
  const raw = env.TRUSTED_PROXY_HOPS?.trim();
  if (!raw) return env.SPACE_HOST ? 1 : 0;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_TRUSTED_PROXY_HOPS) : 0;
}

/** "::ffff:127.0.0.1" -> "127.0.0.1"; an IPv6 address is kept to its /64 (one home, one key). */
export function normalizeAddress(raw: string): string {
  let a = raw.trim().toLowerCase();
  if (a.startsWith("[") && a.includes("]")) a = a.slice(1, a.indexOf("]"));
  if (a.startsWith("::ffff:") && a.includes(".")) a = a.slice(7);
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/u.exec(a);
  if (v4port) a = v4port[1]!;
  if (a.includes(":") && !a.includes(".")) {
    const [head = "", tail] = a.split("::");
    const left = head ? head.split(":") : [];
    const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
    const groups =
      tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
    if (groups.length === 8 && a !== "::1")
      return `${groups
        .slice(0, 4)
        .map((x) => x.replace(/^0+(?=.)/u, ""))
        .join(":")}::/64`;
  }
  return a || "unknown";
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies, the address the outermost trusted
 * proxy saw (counting from the right of X-Forwarded-For, the socket being the last hop).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  hops: number,
): string {
  const socket = socketAddress ? normalizeAddress(socketAddress) : "unknown";
  if (hops <= 0 || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // chain[-1] was added by the nearest proxy (the socket); the client is `hops` entries from the end.
  const pick = chain[chain.length - hops];
  return pick ? normalizeAddress(pick) : socket;
}
