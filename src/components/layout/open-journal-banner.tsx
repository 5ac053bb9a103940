"use client";
import { useAuthStatus } from "@/client/auth";

/** Shown when the journal has no passcode and other devices on the network can reach it. */
export function OpenJournalBanner() {
  const { data } = useAuthStatus();
  if (!data?.open_to_network) return null;
  return (
    <div
      role="status"
      data-testid="open-journal-banner"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      This journal has no passcode and other devices on your network can open it. Set <code>APP_PASSWORD</code> to lock
      it, or listen on this computer only (<code>HOSTNAME=127.0.0.1</code>).
    </div>
  );
}
