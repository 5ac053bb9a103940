import "server-only";

/**
 * Slows down passcode guessing: after a few wrong tries from one client, each further try must wait
 * twice as long as the one before (up to 15 minutes). Kept in memory; a restart forgets it.
 */
const FREE_TRIES = 3;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;
const FORGET_AFTER_MS = 60 * 60 * 1000;

interface State {
  failures: number;
  nextAllowedAt: number;
  lastFailureAt: number;
}

const g = globalThis as unknown as { __reverieThrottle?: Map<string, State> };
const states = (g.__reverieThrottle ??= new Map());

export function clientKey(headers: Headers): string {
  const fwd = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return fwd || headers.get("x-real-ip") || "local";
}

/** Milliseconds the client must still wait before another try (0 = may try now). */
export function waitMs(key: string, now = Date.now()): number {
  const s = states.get(key);
  if (!s) return 0;
  if (now - s.lastFailureAt > FORGET_AFTER_MS) {
    states.delete(key);
    return 0;
  }
  return Math.max(0, s.nextAllowedAt - now);
}

export function recordFailure(key: string, now = Date.now()): number {
  const s = states.get(key) ?? { failures: 0, nextAllowedAt: 0, lastFailureAt: now };
  s.failures += 1;
  s.lastFailureAt = now;
  const over = s.failures - FREE_TRIES;
  const delay = over < 0 ? 0 : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** over);
  s.nextAllowedAt = now + delay;
  states.set(key, s);
  return delay;
}

export function recordSuccess(key: string): void {
  states.delete(key);
}

export function resetThrottle(): void {
  states.clear();
}
