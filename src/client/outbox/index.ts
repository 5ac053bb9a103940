"use client";
import { refreshReadingCopy } from "./reading";
import { announce, refreshStatus, waitingCount } from "./queue";
import { registerBackgroundSync, settle, syncNow } from "./sync";
import { deleteDeviceData, clearReadingCopy } from "./store";
import { setOutboxStatus } from "./status";

export {
  queueCheckIn,
  pendingCheckIns,
  queueDelete,
  queueSave,
  queueUploads,
  deviceEntry,
  deviceFile,
  refreshStatus,
  type DeviceFile,
} from "./queue";
export { readingCopySize, readOffline, readOfflineEntry, refreshReadingCopy, thumbnailUrl } from "./reading";
export { analysesDone, settle, syncNow } from "./sync";
export { clearReadingCopy } from "./store";

let started = false;

/**
 * Starts the outbox in this tab: reads what the device keeps, sends what waits (the app was opened),
 * and listens for the moments to try again (the connection is back, the tab is shown again,
 * Background Sync wakes the app). Then refreshes the reading copy when there is nothing to send.
 */
export async function startOutbox(): Promise<void> {
  if (started) return;
  started = true;
  const run = async () => {
    await syncNow();
    if ((await waitingCount()) === 0) await refreshReadingCopy();
  };
  window.addEventListener("online", () => void run());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void run();
  });
  navigator.serviceWorker?.addEventListener("message", (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type !== "reverie-sync") return;
    const port = e.ports[0];
    void (async () => {
      await syncNow();
      port?.postMessage({ waiting: await waitingCount() });
    })();
  });
  await refreshStatus();
  keepShell();
  await run();
}

/** The journal is open in this tab: the service worker keeps the writing screens if it could not yet. */
function keepShell(): void {
  void navigator.serviceWorker?.ready
    .then((reg) => reg.active?.postMessage({ type: "reverie-keep-shell" }))
    .catch(() => {});
}

/** A save was kept on the device: try to send it now, and ask to be woken when the connection returns. */
export function afterQueued(): void {
  void registerBackgroundSync();
  void syncNow();
}

/**
 * Before Lock: one last try to send what waits. Returns how many operations still wait (their
 * entries would be lost from this device if it is cleared).
 */
export async function flushBeforeLock(timeoutMs = 5_000): Promise<number> {
  await Promise.race([syncNow().then(settle), new Promise((r) => setTimeout(r, timeoutMs))]);
  return waitingCount();
}

/** Lock and Clear All Data: nothing of the journal stays in this browser's IndexedDB. */
export async function forgetDevice(): Promise<void> {
  await deleteDeviceData();
  setOutboxStatus({ entries: [], waiting: 0, unreachable: false, nextTryAt: null });
  announce("forgotten");
}

/** The lock screen: the reading copy goes; entries not yet sent stay until the journal is open again. */
export async function forgetReadingCopy(): Promise<void> {
  await clearReadingCopy().catch(() => {});
}
