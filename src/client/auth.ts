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
 * Never cached, and cheap: the lock state is the smallest answer the server gives.
 */
export async function serverReachable(): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  try {
    const res = await fetch(routeUrl("GET /auth/status"), { cache: "no-store" });
    return !isUnreachable(res.status);
  } catch {
    return false;
  }
}
