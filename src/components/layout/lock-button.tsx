"use client";
import { useQuery } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { api } from "@/client/api";
import type { AuthStatusDto } from "@/contracts/auth";
import { lockJournal } from "@/features/lock/lock-action";

/** Shown only when the journal has a passcode: ends the session and returns to the lock screen. */
export function LockButton({ minimal }: { minimal?: boolean }) {
  const { data } = useQuery({ queryKey: ["auth-status"], queryFn: () => api<AuthStatusDto>("/auth/status"), staleTime: Infinity });
  if (!data?.locked_by_passcode) return null;
  async function lock() {
    await lockJournal().catch(() => {});
  }
  return (
    <button
      type="button"
      onClick={lock}
      aria-label="Lock"
      className="ml-2 flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900"
    >
      <LogOut className="h-4 w-4" aria-hidden />
      {!minimal && <span className="hidden md:inline">Lock</span>}
    </button>
  );
}
