"use client";
import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";

/** Registers the service worker (production only) and says so when the server cannot be reached. */
export function ConnectionStatus() {
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if (process.env.NODE_ENV === "production" && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    }
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      clearTimeout(timer);
      let reachable = navigator.onLine;
      if (reachable) {
        try {
          const res = await fetch("/api/auth/status", { cache: "no-store" });
          reachable = res.status < 500;
        } catch {
          reachable = false;
        }
      }
      if (!alive) return;
      setOffline(!reachable);
      if (!reachable) timer = setTimeout(check, 10_000);
    };
    void check();
    const onOffline = () => setOffline(true);
    window.addEventListener("online", check);
    window.addEventListener("offline", onOffline);
    return () => {
      alive = false;
      clearTimeout(timer);
      window.removeEventListener("online", check);
      window.removeEventListener("offline", onOffline);
    };
  }, []);

  if (!offline) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      <WifiOff className="mr-2 inline h-4 w-4 align-text-bottom" aria-hidden />
      You are offline. Your journal will be back when the connection returns.
    </div>
  );
}
