"use client";

/**
 * Requests started while a screen's code is still starting up, before React has rendered anything,
 * so that the data is on its way during hydration. A query takes its preloaded answer once, by its
 * key; anything not taken within a few seconds is dropped (the query then fetches as usual).
 */
const pending = new Map<string, Promise<unknown>>();
const KEEP_MS = 10_000;

export function preload<T>(key: readonly unknown[], fetcher: () => Promise<T>): void {
  const k = JSON.stringify(key);
  if (pending.has(k)) return;
  const promise = fetcher();
  promise.catch(() => {}); // the query that takes it sees the failure and retries on its own
  pending.set(k, promise);
  setTimeout(() => {
    if (pending.get(k) === promise) pending.delete(k);
  }, KEEP_MS);
}

export function takePreloaded<T>(key: readonly unknown[]): Promise<T> | undefined {
  const k = JSON.stringify(key);
  const p = pending.get(k) as Promise<T> | undefined;
  if (p) pending.delete(k);
  return p;
}
