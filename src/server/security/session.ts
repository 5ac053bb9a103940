/**
 * The passcode lock's session: an HttpOnly cookie holding an expiry and an HMAC over it, keyed by a
 * key derived from APP_PASSWORD (so changing the passcode ends every session). Web Crypto only, so
 * the proxy and route handlers share it.
 */
export const SESSION_COOKIE = "reverie_session";
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const enc = new TextEncoder();

function b64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/gu, "-")
    .replace(/\//gu, "_")
    .replace(/=+$/u, "");
}

async function hmac(keyBytes: Uint8Array | ArrayBuffer, data: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", keyBytes as ArrayBuffer, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, enc.encode(data));
}

async function sessionKey(secret: string): Promise<ArrayBuffer> {
  return hmac(enc.encode(secret), "reverie session key v1");
}

/** Equal-time comparison of two strings (by their HMACs, so lengths leak nothing). */
export async function safeEqual(a: string, b: string): Promise<boolean> {
  const k = crypto.getRandomValues(new Uint8Array(32));
  const [x, y] = await Promise.all([hmac(k, a), hmac(k, b)]);
  const xa = new Uint8Array(x);
  const ya = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < xa.length; i++) diff |= xa[i] ^ ya[i];
  return diff === 0;
}

export async function createSessionValue(secret: string, now = Date.now()): Promise<string> {
  const expires = now + SESSION_TTL_MS;
  const sig = b64url(await hmac(await sessionKey(secret), `v1.${expires}`));
  return `${expires}.${sig}`;
}

export async function verifySessionValue(secret: string, value: string | undefined, now = Date.now()): Promise<boolean> {
  if (!value) return false;
  const m = /^(\d{13,16})\.([A-Za-z0-9_-]{43})$/u.exec(value);
  if (!m) return false;
  const expires = Number(m[1]);
  if (!Number.isFinite(expires) || expires <= now) return false;
  const expected = b64url(await hmac(await sessionKey(secret), `v1.${expires}`));
  return safeEqual(expected, m[2]);
}

export function lockEnabled(): boolean {
  return !!process.env.APP_PASSWORD;
}
