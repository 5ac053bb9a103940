"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isUnreachable } from "@/domain/outbox-text";
import { call, routeUrl } from "./routes";
import { qk } from "./keys";

/** The journal's lock state (passcode, encryption, open to the network): read once per page. */
export const authQueries = {
  status: () => queryOptions({ queryKey: qk.authStatus, queryFn: () => call("GET /auth/status"), staleTime: Infinity }),
};

export function useAuthStatus() {
  return useQuery(authQueries.status());
}

/** Opens the journal with its passcode (the lock screen). */
export const login = (passcode: string) => call("POST /auth/login", { body: { passcode } });

/** Ends every session (Lock). */
export const logout = () => call("POST /auth/logout");

/**
 * The connection check: whether the server answers at all now (the one `isUnreachable` rule).
 * Never cached, and cheap: the lock state is the smallest answer the server gives. A locked or sealed
 * journal's answer counts as an answer.
 */
export async function serverReachable(): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  try {
    const res = await fetch(routeUrl("GET /auth/status"), { cache: "no-store" });
    if (!isUnreachable(res.status)) return true;
    // An encrypted journal without its key (or one waiting for setup) answers 503 with its reason: the
    // server is there, only closed, and the person is not offline.
    const body: unknown = await res.json().catch(() => null);
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    return code === "SEALED" || code === "SETUP_REQUIRED";
  } catch {
    return false;
  }
}
