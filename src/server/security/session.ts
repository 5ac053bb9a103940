/**
 * The passcode lock's session: an HttpOnly cookie holding an expiry, the journal's current session epoch
 * and an HMAC over both, keyed by a key derived from APP_PASSWORD (so changing the passcode ends every
 * session). The epoch is kept on the server, beside the database: Lock replaces it, which ends every
 * session at once, wherever its cookie still is. Web Crypto for the signature, so the proxy and route
 * handlers share it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { processSlots } from "@/server/runtime";
import { env } from "@/server/env";
import { resolveLayout } from "@/server/storage/layout";

export const SESSION_COOKIE = "reverie_session";
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The file beside the database that holds the current session epoch. */
export const SESSION_EPOCH_FILE = "session-epoch";

const enc = new TextEncoder();

function b64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/gu, "-")
    .replace(/\//gu, "_")
    .replace(/=+$/u, "");
}

async function hmac(keyBytes: Uint8Array | ArrayBuffer, data: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", keyBytes as ArrayBuffer, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return crypto.subtle.sign("HMAC", key, enc.encode(data));
}

async function sessionKey(secret: string): Promise<ArrayBuffer> {
  return hmac(enc.encode(secret), "reverie session key v2");
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

// ---------- the session epoch ----------

const EPOCH_RE = /^[A-Za-z0-9_-]{22}$/u;
const g = processSlots<{ __reverieSessionEpoch?: { file: string; epoch: string } }>();

/** Where the epoch is kept: beside the database, wherever the storage layout puts it (DATABASE_URL, DATA_DIR...). */
export function sessionEpochFile(dbFile = resolveLayout(env()).dbFile): string {
  // Both calls are hidden from the build's file tracing: the epoch is runtime data, never part of a build.
  const db = path.resolve(/* turbopackIgnore: true */ process.cwd(), dbFile);
  return path.join(/* turbopackIgnore: true */ path.dirname(db), SESSION_EPOCH_FILE);
}

function newEpoch(): string {
  return b64url(crypto.getRandomValues(new Uint8Array(16)));
}

function writeEpoch(file: string, epoch: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, epoch, { mode: 0o600 });
    renameSync(tmp, file);
  } catch (err) {
    // Kept in memory all the same: sessions still end at once; a restart then starts a new epoch.
    console.error("[reverie] could not store the session epoch", err);
  }
}

/** The journal's current session epoch (read once, then kept in memory; made on first use). */
export function currentSessionEpoch(): string {
  const file = sessionEpochFile();
  const cached = g.__reverieSessionEpoch;
  if (cached && cached.file === file) return cached.epoch;
  let epoch: string | undefined;
  try {
    if (existsSync(file)) epoch = readFileSync(file, "utf8").trim();
  } catch {
    epoch = undefined;
  }
  if (!epoch || !EPOCH_RE.test(epoch)) {
    epoch = newEpoch();
    writeEpoch(file, epoch);
  }
  g.__reverieSessionEpoch = { file, epoch };
  return epoch;
}

/** Ends every session at once (Lock): a new epoch, so no cookie made before still opens the journal. */
export function endAllSessions(): void {
  const file = sessionEpochFile();
  const epoch = newEpoch();
  writeEpoch(file, epoch);
  g.__reverieSessionEpoch = { file, epoch };
}

// ---------- the cookie value ----------

export async function createSessionValue(secret: string, now = Date.now()): Promise<string> {
  const expires = now + SESSION_TTL_MS;
  const epoch = currentSessionEpoch();
  const sig = b64url(await hmac(await sessionKey(secret), `v2.${expires}.${epoch}`));
  return `${expires}.${epoch}.${sig}`;
}

export async function verifySessionValue(
  secret: string,
  value: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!value) return false;
  const m = /^(\d{13,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/u.exec(value);
  if (!m) return false;
  const expires = Number(m[1]);
  if (!Number.isFinite(expires) || expires <= now) return false;
  const epoch = m[2]!;
  const expected = b64url(await hmac(await sessionKey(secret), `v2.${expires}.${epoch}`));
  const [sigOk, epochOk] = await Promise.all([safeEqual(expected, m[3]!), safeEqual(epoch, currentSessionEpoch())]);
  return sigOk && epochOk;
}

export function lockEnabled(): boolean {
  return !!env().APP_PASSWORD;
}

/** The session cookie's value in a Cookie header, or undefined. */
export function sessionFromCookieHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}
