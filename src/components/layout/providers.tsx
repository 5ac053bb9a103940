"use client";
import { QueryClientProvider } from "@tanstack/react-query";
import { setNonce } from "get-nonce";
import { useEffect, useState, type ReactNode } from "react";
import { makeQueryClient } from "@/client/query-client";
import { ToastProvider } from "@/components/feedback/toast";
import { ConsentHost } from "@/components/companion/consent-host";

/** Stored theme values are removed: the theme is always light. */
function useAlwaysLight() {
  useEffect(() => {
    try {
      for (const k of ["theme", "reverie:theme"]) window.localStorage.removeItem(k);
      document.documentElement.classList.remove("dark");
      document.documentElement.style.colorScheme = "light";
    } catch {
      /* ignore */
    }
  }, []);
}

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // The style elements that dialogs add (scroll lock) carry this request's CSP nonce.
  if (nonce && typeof window !== "undefined") setNonce(nonce);
  const [client] = useState(makeQueryClient);
  useAlwaysLight();
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        {children}
        <ConsentHost />
      </ToastProvider>
    </QueryClientProvider>
  );
}
