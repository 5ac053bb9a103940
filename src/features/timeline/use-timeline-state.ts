"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { parseTimelineParams, timelineSearchParams, type TimelineState } from "@/domain/timeline";

export type HistoryMode = "push" | "replace";

/**
 * The Timeline's view, search, filters and calendar month live in the address bar, so a filtered view
 * can be bookmarked and the back button walks back through changes. Updates go through the native
 * history API, which the App Router observes without asking the server for anything.
 */
export function useTimelineState() {
  const params = useSearchParams();
  const pathname = usePathname() ?? "/timeline";
  const state = useMemo(() => parseTimelineParams(params), [params]);
  // Several updates can arrive before the router reports the new address (two quick clicks):
  // each one builds on the latest state asked for, not on the last one rendered.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const update = useCallback(
    (change: (s: TimelineState) => TimelineState, mode: HistoryMode = "push") => {
      const next = change(latest.current);
      const qs = timelineSearchParams(next);
      if (qs === timelineSearchParams(latest.current)) return;
      latest.current = next;
      const url = qs ? `${pathname}?${qs}` : pathname;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [pathname],
  );

  return { state, update };
}
