"use client";
import { useEffect, useState, type RefObject } from "react";
import { actionBarOffset } from "@/domain/editor";

/** What a person must always see: messages, and the field or button that has the keyboard focus. */
const KEEP_VISIBLE = "[role=status],[role=alert],[aria-live=polite],[aria-live=assertive],[data-keep-visible]";

/**
 * Keeps the editor's action bar (Cancel, Save) at hand without covering anything:
 * - on a phone it is fixed above the tab bar, and above the on-screen keyboard when that is open
 *   (read from visualViewport), so Save is always one tap away;
 * - the page's scroll padding reserves the bar's height, so scrolling to a field keeps it clear;
 * - a control that gets the focus, or a message that appears, under the bar is scrolled into view.
 * Returns the bar's distance from the bottom of the layout viewport, in pixels.
 */
export function useActionBar(bar: RefObject<HTMLElement | null>, area: RefObject<HTMLElement | null>): number {
  const [bottom, setBottom] = useState(0);

  useEffect(() => {
    const vv = window.visualViewport;
    const root = document.documentElement;
    const update = () => {
      const tabs = document.querySelector<HTMLElement>('nav[aria-label="Tabs"]');
      const tabHeight = tabs && getComputedStyle(tabs).display !== "none" ? tabs.getBoundingClientRect().height : 0;
      // The keyboard covers the bottom of the layout viewport (where it does not resize the page).
      const next = actionBarOffset({
        innerHeight: window.innerHeight,
        viewportHeight: vv ? vv.height : null,
        viewportOffsetTop: vv?.offsetTop ?? 0,
        tabBarHeight: tabHeight,
      });
      setBottom(next);
      const barHeight = bar.current?.getBoundingClientRect().height ?? 0;
      root.style.scrollPaddingBottom = `${Math.round(barHeight + next + 16)}px`;
    };
    update();
    vv?.addEventListener("resize", update);
    vv?.addEventListener("scroll", update);
    window.addEventListener("resize", update);
    return () => {
      vv?.removeEventListener("resize", update);
      vv?.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
      root.style.scrollPaddingBottom = "";
    };
  }, [bar]);

  useEffect(() => {
    const scope = area.current;
    if (!scope) return;
    const clear = (el: Element) => {
      const b = bar.current;
      if (!b || b.contains(el) || !el.isConnected) return;
      const r = el.getBoundingClientRect();
      const bb = b.getBoundingClientRect();
      // Only what lies under the bar (same columns, lower than its top edge) is moved.
      const sideBySide = r.right <= bb.left || r.left >= bb.right;
      if (r.height > 0 && !sideBySide && r.bottom > bb.top - 8 && r.top < bb.bottom)
        window.scrollBy({ top: r.bottom - bb.top + 16, behavior: "instant" });
    };
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Element) clear(e.target);
    };
    const observer = new MutationObserver((records) => {
      for (const rec of records) {
        for (const n of rec.addedNodes) {
          const el = n instanceof Element ? n : n.parentElement;
          if (!el) continue;
          const msg = el.closest(KEEP_VISIBLE) ?? el.querySelector(KEEP_VISIBLE);
          if (msg) requestAnimationFrame(() => clear(msg));
        }
      }
    });
    scope.addEventListener("focusin", onFocus);
    observer.observe(scope, { childList: true, subtree: true });
    return () => {
      scope.removeEventListener("focusin", onFocus);
      observer.disconnect();
    };
  }, [area, bar]);

  return bottom;
}
