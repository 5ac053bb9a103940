import "server-only";
import { processSlots } from "@/server/runtime";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The write gate: every request that may write the journal passes it (`route()` in src/server/http
 * lets each one through `duringWrite`), and whatever replaces or rewrites the journal's files (a
 * restore, an encryption change) first stops it with `withWritesStopped`: new writes wait at the gate,
 * the writes already under way finish, and only then does the work begin. So a write is either
 * wholly before such a change (and answered before it) or wholly after it; none is acknowledged in
 * between. A write that waits longer than `waitMs` is answered 503 (the device sends it again).
 */

/** Thrown to a write that waited at a closed gate too long, and to a stop that found writes would not finish. */
export class WritesPausedError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "WritesPausedError";
  }
}

export interface GateLimits {
  /** How long a write waits at a closed gate before it is answered 503. */
  waitMs: number;
  /** How long a stop waits for the writes under way before it gives up (503, nothing changed). */
  drainMs: number;
}

const DEFAULT_LIMITS: GateLimits = { waitMs: 30_000, drainMs: 30_000 };

interface Lease {
  counted: boolean;
}

interface Gate {
  active: number;
  /** Resolved when the gate opens again; null while it is open. */
  closed: Promise<void> | null;
  /** Stops run one at a time, in the order asked. */
  stops: Promise<unknown>;
  drained: Set<() => void>;
  limits: GateLimits;
  reason: string;
}

const g = processSlots<{ __reverieWriteGate?: Gate; __reverieWriteLease?: AsyncLocalStorage<Lease> }>();
const gate = (): Gate =>
  (g.__reverieWriteGate ??= {
    active: 0,
    closed: null,
    stops: Promise.resolve(),
    drained: new Set(),
    limits: { ...DEFAULT_LIMITS },
    reason: "",
  });
const leases = (): AsyncLocalStorage<Lease> => (g.__reverieWriteLease ??= new AsyncLocalStorage<Lease>());

/** Changes the limits (tests); gives the previous ones. */
export function setGateLimits(limits: Partial<GateLimits>): GateLimits {
  const s = gate();
  const before = { ...s.limits };
  s.limits = { ...s.limits, ...limits };
  return before;
}

/** How many writes are under way, and whether the gate is closed (tests, status). */
export function gateState(): { active: number; closed: boolean } {
  const s = gate();
  return { active: s.active, closed: s.closed !== null };
}

function release(s: Gate): void {
  s.active--;
  if (s.active === 0) for (const done of [...s.drained]) done();
}

function waitFor(p: Promise<void>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    void p.then(() => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** Runs a write through the gate: waits while it is closed, and counts as under way until it is done. */
export async function duringWrite<T>(fn: () => Promise<T>): Promise<T> {
  if (leases().getStore()) return fn(); // already inside a write
  const s = gate();
  const started = Date.now();
  while (s.closed) {
    const left = s.limits.waitMs - (Date.now() - started);
    if (left <= 0 || !(await waitFor(s.closed, left))) {
      throw new WritesPausedError(
        `${s.reason || "The journal is being changed"}. Nothing was saved; try again in a moment.`,
        Math.max(1, Math.ceil(s.limits.waitMs / 1000)),
      );
    }
  }
  s.active++;
  const lease: Lease = { counted: true };
  try {
    return await leases().run(lease, fn);
  } finally {
    if (lease.counted) release(s);
  }
}

/**
 * Runs `fn` with the gate closed and no write under way. `reason` is said to writes that wait too
 * long ("The journal is being restored from a snapshot"). When called from within a write (the restore
 * request is one), that write does not count as under way.
 */
export function withWritesStopped<T>(reason: string, fn: () => T | Promise<T>): Promise<T> {
  const s = gate();
  const own = leases().getStore();
  if (own?.counted) {
    own.counted = false;
    release(s);
  }
  const run = s.stops
    .catch(() => undefined)
    .then(async () => {
      let open!: () => void;
      s.closed = new Promise<void>((r) => (open = r));
      s.reason = reason;
      try {
        if (s.active > 0) {
          let done!: () => void;
          const drained = new Promise<void>((r) => (done = r));
          s.drained.add(done);
          try {
            if (!(await waitFor(drained, s.limits.drainMs)) && s.active > 0) {
              throw new WritesPausedError(
                `${reason} could not start: other changes are still being saved. Nothing was changed; try again in a moment.`,
                5,
              );
            }
          } finally {
            s.drained.delete(done);
          }
        }
        return await fn();
      } finally {
        s.closed = null;
        s.reason = "";
        open();
      }
    });
  s.stops = run;
  return run;
}
