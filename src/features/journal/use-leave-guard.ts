"use client";
import { useCallback, useEffect, useRef } from "react";

/**
 * Guards unsaved work: the browser warns before a reload or closing the tab while `warnUnload` is
 * true, and while `interceptLinks` is true a click on a link to another page of the app is held and
 * handed to `onLinkAttempt` (which can ask and then navigate). `flush` runs just before the page goes.
 * The `release` it gives stands the guard down at once, until the next render gives it new values (the
 * work was just kept, and a page load follows in the same moment).
 */
export function useLeaveGuard({
  warnUnload,
  interceptLinks,
  onLinkAttempt,
  flush,
}: {
  warnUnload: boolean;
  interceptLinks: boolean;
  onLinkAttempt: (href: string) => void;
  flush?: () => void;
}) {
  const state = useRef({ warnUnload, interceptLinks, onLinkAttempt, flush });
  useEffect(() => {
    state.current = { warnUnload, interceptLinks, onLinkAttempt, flush };
  });

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      state.current.flush?.();
      if (!state.current.warnUnload) return;
      e.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      e.returnValue = "";
    };
    const onPageHide = () => state.current.flush?.();
    const onClick = (e: MouseEvent) => {
      if (
        !state.current.interceptLinks ||
        e.defaultPrevented ||
        e.button !== 0 ||
        e.metaKey ||
        e.ctrlKey ||
        e.shiftKey ||
        e.altKey
      )
        return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || url.protocol === "tel:" || url.protocol === "mailto:") return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      e.preventDefault();
      e.stopPropagation();
      state.current.onLinkAttempt(url.pathname + url.search + url.hash);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("click", onClick, true);
    };
  }, []);

  const release = useCallback(() => {
    state.current = { ...state.current, warnUnload: false, interceptLinks: false };
  }, []);
  return { release };
}
