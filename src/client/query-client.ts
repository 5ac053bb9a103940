"use client";
import { QueryClient } from "@tanstack/react-query";
import { isUnreachable } from "@/domain/outbox-text";
import { ApiError } from "./api";

/** A 4xx answer will not change by asking again; no answer and 5xx may (the one `isUnreachable` rule). */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return isUnreachable(err.status);
}

/** The spec's cache and retry settings (section 7). */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 300_000,
        gcTime: 600_000,
        retry: (count, err) => count < 3 && isRetryable(err),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: {
        // Once, and only when the server said it failed: a lost answer may hide a write that happened.
        retry: (count, err) => count < 1 && err instanceof ApiError && (err.status ?? 0) >= 500,
        retryDelay: 1000,
      },
    },
  });
}

/** Statistics and insights: up to 3 retries, but not on a network error. */
export const noNetworkRetry = (count: number, err: unknown) =>
  count < 3 && isRetryable(err) && !(err instanceof ApiError && (err.isNetwork || err.status === undefined));

/**
 * A query whose server cannot be reached: paused because the browser is offline, or failing without an
 * answer (or with a 5xx) while it retries. Screens then show what the device keeps instead of waiting.
 */
export function queryUnreachable(q: {
  data: unknown;
  fetchStatus: string;
  failureCount: number;
  failureReason: unknown;
  error: unknown;
}): boolean {
  if (q.data !== undefined) return false;
  if (q.fetchStatus === "paused") return true;
  const err = q.failureReason ?? q.error;
  return q.failureCount > 0 && err != null && isRetryable(err);
}
