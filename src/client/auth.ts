"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuthStatusDto } from "@/contracts/auth";
import { isUnreachable } from "@/domain/outbox-text";
import { api } from "./api";
import { qk } from "./keys";

/** The journal's lock state (passcode, encryption, open to the network): read once per page. */
export const authQueries = {
  status: () =>
    queryOptions({ queryKey: qk.authStatus, queryFn: () => api<AuthStatusDto>("/auth/status"), staleTime: Infinity }),
};

export function useAuthStatus() {
  return useQuery(authQueries.status());
}

/** Opens the journal with its passcode (the lock screen). */
export const login = (passcode: string) => api("/auth/login", { method: "POST", body: { passcode } });

/** Ends every session (Lock). */
export const logout = () => api("/auth/logout", { method: "POST" });

/**
 * The connection check: whether the server answers at all now (the one `isUnreachable` rule).
 * Never cached, and cheap: the lock state is the smallest answer the server gives.
 */
export async function serverReachable(): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  try {
    const res = await fetch("/api/auth/status", { cache: "no-store" });
    return !isUnreachable(res.status);
  } catch {
    return false;
  }
}
