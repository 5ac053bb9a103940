import "server-only";
import { CLIENT_ADDRESS_HEADER } from "./client";
import { processSlots } from "@/server/runtime";

/**
 * Slows down passcode guessing.
 * - Per client address: after three wrong tries, each further try must wait twice as long as the one
 *   before (up to 15 minutes). The map of addresses is bounded (least recently seen forgotten first).
 * - For the whole journal: at most GLOBAL_FAILURES_PER_MINUTE wrong tries a minute. Beyond that, only
 *   addresses that have unlocked this journal before may try; everyone else waits for the minute to pass.
 *   So guesses from many addresses are capped, and the owner's own addresses are never held up by
 *   another address's guessing.
 * Kept in memory; a restart forgets it.
 */
export const FREE_TRIES = 3;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;
const FORGET_AFTER_MS = 60 * 60 * 1000;
export const MAX_TRACKED_ADDRESSES = 10_000;
export const GLOBAL_FAILURES_PER_MINUTE = 30;
const GLOBAL_WINDOW_MS = 60 * 1000;
export const MAX_KNOWN_GOOD_ADDRESSES = 1_000;
const KNOWN_GOOD_FOR_MS = 30 * 24 * 60 * 60 * 1000;

interface State {
  failures: number;
  nextAllowedAt: number;
  lastFailureAt: number;
}

interface Throttle {
  states: Map<string, State>;
  recent: number[];
  knownGood: Map<string, number>;
}

const g = processSlots<{ __reverieThrottle2?: Throttle }>();
const t: Throttle = (g.__reverieThrottle2 ??= { states: new Map(), recent: [], knownGood: new Map() } as Throttle);

/** The key of a request's client: the socket address the server wrote down (never a client's header). */
export function clientKey(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || "unidentified";
}

function touch<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as string);
}

function pruneRecent(now: number): void {
  while (t.recent.length && now - t.recent[0]! >= GLOBAL_WINDOW_MS) t.recent.shift();
}

function isKnownGood(key: string, now: number): boolean {
  const at = t.knownGood.get(key);
  if (at === undefined) return false;
  if (now - at > KNOWN_GOOD_FOR_MS) {
    t.knownGood.delete(key);
    return false;
  }
  return true;
}

export interface Wait {
  ms: number;
  /** "client": this address guessed too often; "journal": too many guesses from everywhere. */
  reason: "client" | "journal";
}

/** How long the client must still wait before another try (ms 0 = may try now). */
export function waitFor(key: string, now = Date.now()): Wait {
  const s = t.states.get(key);
  let own = 0;
  if (s) {
    if (now - s.lastFailureAt > FORGET_AFTER_MS) t.states.delete(key);
    else own = Math.max(0, s.nextAllowedAt - now);
  }
  if (own > 0) return { ms: own, reason: "client" };
  pruneRecent(now);
  if (t.recent.length >= GLOBAL_FAILURES_PER_MINUTE && !isKnownGood(key, now)) {
    return { ms: Math.max(1, t.recent[0]! + GLOBAL_WINDOW_MS - now), reason: "journal" };
  }
  return { ms: 0, reason: "client" };
}

/** Milliseconds the client must still wait before another try (0 = may try now). */
export function waitMs(key: string, now = Date.now()): number {
  return waitFor(key, now).ms;
}

export function recordFailure(key: string, now = Date.now()): number {
  const s = t.states.get(key) ?? { failures: 0, nextAllowedAt: 0, lastFailureAt: now };
  s.failures += 1;
  s.lastFailureAt = now;
  const over = s.failures - FREE_TRIES;
  const delay = over < 0 ? 0 : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** over);
  s.nextAllowedAt = now + delay;
  touch(t.states, key, s, MAX_TRACKED_ADDRESSES);
  pruneRecent(now);
  t.recent.push(now);
  if (t.recent.length > GLOBAL_FAILURES_PER_MINUTE * 4)
    t.recent.splice(0, t.recent.length - GLOBAL_FAILURES_PER_MINUTE * 4);
  return delay;
}

export function recordSuccess(key: string, now = Date.now()): void {
  t.states.delete(key);
  touch<number>(t.knownGood, key, now, MAX_KNOWN_GOOD_ADDRESSES);
}

/** Figures for tests and the attack replay. */
export function throttleSize(): { tracked: number; recent: number; knownGood: number } {
  return { tracked: t.states.size, recent: t.recent.length, knownGood: t.knownGood.size };
}

export function resetThrottle(): void {
  t.states.clear();
  t.recent.length = 0;
  t.knownGood.clear();
}
