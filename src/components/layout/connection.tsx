"use client";
import { useQueryClient } from "@tanstack/react-query";
import { CloudUpload, WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { qk } from "@/client/keys";
import { serverReachable } from "@/client/auth";
import { markOffline, startOutbox, syncNow, takeNotices, useOutboxStatus } from "@/client/device";
import { takeFlash } from "@/client/storage";
import { useToast } from "@/components/feedback/toast";
import { offlineText, waitingLabel } from "@/domain/outbox-text";

/**
 * Registers the service worker (production only), starts the device outbox (entries written while the
 * server was unreachable are sent when it is back), and says so when the server cannot be reached.
 */
export function ConnectionStatus() {
  const [offline, setOffline] = useState(false);
  const outbox = useOutboxStatus();
  const qc = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    // Browser code: the bundler writes NODE_ENV in at build time; the server's env module is not here.
    if (process.env.NODE_ENV === "production" && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    }
    // After the page: the outbox's code is not part of any screen's first load.
    const start = () => void startOutbox().catch((err) => console.warn("The device outbox could not start", err));
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(start, { timeout: 2000 })
        : window.setTimeout(start, 200);
    let alive = true;
    let wasOffline = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      clearTimeout(timer);
      const reachable = await serverReachable();
      if (!alive) return;
      // The server is back after being away: what waits on the device is sent now, not at the next backoff.
      if (reachable && wasOffline) void syncNow();
      wasOffline = !reachable;
      setOffline(!reachable);
      markOffline(!reachable);
      if (!reachable) timer = setTimeout(check, 10_000);
    };
    void check();
    const onOffline = () => {
      wasOffline = true;
      setOffline(true);
      markOffline(true);
    };
    window.addEventListener("online", check);
    window.addEventListener("offline", onOffline);
    return () => {
      alive = false;
      clearTimeout(timer);
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle as number);
      else clearTimeout(idle as number);
      window.removeEventListener("online", check);
      window.removeEventListener("offline", onOffline);
    };
  }, []);

  // What the outbox sent changed the journal: every list, figure and the trash are read again.
  useEffect(() => {
    if (!outbox.changed) return;
    void qc.invalidateQueries({ queryKey: qk.entries });
    void qc.invalidateQueries({ queryKey: qk.statistics });
    void qc.invalidateQueries({ queryKey: qk.insights });
    void qc.invalidateQueries({ queryKey: qk.trash });
    void qc.invalidateQueries({ queryKey: qk.checkins });
  }, [outbox.changed, qc]);

  // A message left by the page before a full page load (a save kept on the device while offline).
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  });
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toastRef.current.success(flash);
  }, []);

  useEffect(() => {
    for (const n of takeNotices()) {
      if (n.kind === "error") toast.error(n.message, n.title);
      else toast.success(n.message);
    }
  }, [outbox.notices.length, toast]);

  const waiting = outbox.entries.filter((e) => !e.deleted).length;
  const unreachable = offline || outbox.unreachable;
  if (unreachable) {
    return (
      <div
        role="status"
        data-testid="offline-banner"
        className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
      >
        <WifiOff className="mr-2 inline h-4 w-4 align-text-bottom" aria-hidden />
        {offlineText(outbox.ready ? waiting : 0)}
      </div>
    );
  }
  if (outbox.waiting > 0) {
    return (
      <div
        role="status"
        data-testid="sync-banner"
        className="border-b border-brand-100 bg-brand-50 px-4 py-1.5 text-center text-sm text-brand-900"
      >
        <CloudUpload className="mr-2 inline h-4 w-4 align-text-bottom" aria-hidden />
        {outbox.syncing
          ? `Syncing: ${waitingLabel(Math.max(waiting, 1))}...`
          : `${waitingLabel(Math.max(waiting, 1))}.`}
      </div>
    );
  }
  return null;
}
