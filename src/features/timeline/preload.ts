"use client";
import { fetchCalendarMonth, fetchEntryPage, TIMELINE_PAGE_SIZE } from "@/client/entries";
import { qk } from "@/client/keys";
import { preload } from "@/client/preload";
import { browserTimeZone } from "@/client/storage";
import { localDayKey } from "@/domain/dates";
import { filtersToQuery, monthOfDay, parseTimelineParams } from "@/domain/timeline";

/**
 * Starts the requests of the view in the address bar as soon as the Timeline's code runs, before
 * hydration, instead of after it: the first cards then arrive while React is still starting up.
 */
export function preloadTimeline(): void {
  if (typeof window === "undefined" || window.location.pathname !== "/timeline") return;
  const state = parseTimelineParams(new URLSearchParams(window.location.search));
  const tz = browserTimeZone();
  const now = new Date();
  if (state.view === "list") {
    const params = filtersToQuery(state.search, state.filters, now, tz);
    preload(qk.timeline(params), () => fetchEntryPage({ ...params, limit: TIMELINE_PAGE_SIZE, offset: 0 }));
  } else {
    const month = state.month ?? monthOfDay(localDayKey(now, tz));
    preload(qk.calendar(month, tz), () => fetchCalendarMonth(month, tz));
    preload(qk.journalSize, () => fetchEntryPage({ limit: 1 }));
  }
}
