"use client";
import { Lock } from "lucide-react";
import { useState } from "react";
import { useAuthStatus } from "@/client/auth";
import { deviceStatus, flushBeforeLock } from "@/client/device";
import { lockJournal } from "@/client/lock";
import { ConfirmDialog } from "@/components/ui/dialog";
import { lockEntriesWarning } from "@/domain/outbox-text";

/**
 * Shown only when the journal has a lock (a passcode, or an encrypted journal's passphrase): ends every
 * session and returns to the lock (or unlock) screen.
 * Entries written on this device that have not reached the server yet are sent first; when they
 * cannot be, the person chooses before Lock removes them from the device.
 */
export function LockButton({ minimal }: { minimal?: boolean }) {
  const { data } = useAuthStatus();
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);
  if (!data?.locked_by_passcode && !data?.locked_by_passphrase) return null;
  const door = data.locked_by_passcode ? "/lock" : "/unlock";
  async function lock(force = false) {
    if (!force && deviceStatus().waiting > 0) {
      setBusy(true);
      const left = await flushBeforeLock().catch(() => deviceStatus().waiting);
      setBusy(false);
      if (left > 0) {
        setUnsent(deviceStatus().entries.filter((e) => !e.deleted).length || left);
        return;
      }
    }
    setUnsent(0);
    await lockJournal(undefined, door).catch(() => {});
  }
  return (
    <>
      <button
        type="button"
        onClick={() => void lock()}
        aria-busy={busy || undefined}
        title={`Lock the journal: ${data.locked_by_passcode ? "its passcode" : "its passphrase"} opens it again`}
        className="ml-1 flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900 md:ml-2 md:gap-2 md:px-3"
      >
        <Lock className="h-4 w-4" aria-hidden />
        {/* Its name in words on every width; with minimal navigation, for screen readers and as the tooltip. */}
        <span className={minimal ? "sr-only" : undefined}>Lock</span>
      </button>
      <ConfirmDialog
        open={unsent > 0}
        onOpenChange={(open) => !open && setUnsent(0)}
        title="Entries have not synced yet"
        message={lockEntriesWarning(unsent)}
        confirmLabel="Lock and remove them"
        cancelLabel="Keep them for now"
        danger
        onConfirm={() => void lock(true)}
      />
    </>
  );
}
