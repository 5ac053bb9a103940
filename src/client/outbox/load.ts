"use client";

type OutboxModule = typeof import("./index");
let loading: Promise<OutboxModule> | null = null;

/**
 * The outbox's code, loaded once, on first need (it stays out of every screen's first load). Kept apart
 * from ./status, which the outbox itself imports, so that no module of the outbox imports its own entry.
 */
export function loadOutbox(): Promise<OutboxModule> {
  loading ??= import("./index");
  return loading;
}
