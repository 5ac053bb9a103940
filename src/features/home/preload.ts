"use client";
import { fetchEntryPage, fetchStatistics } from "@/client/entries";
import { qk } from "@/client/keys";
import { preload } from "@/client/preload";
import { HOME_LATEST_COUNT } from "@/domain/home";

/**
 * Starts what decides Home's form (the statistics and the latest entries) as soon as Home's code runs,
 * before hydration: Home opens on the journal or on the welcome as soon as they answer.
 */
export function preloadHome(): void {
  if (typeof window === "undefined" || window.location.pathname !== "/") return;
  preload(qk.statistics, fetchStatistics);
  preload(qk.latestEntries(HOME_LATEST_COUNT), () => fetchEntryPage({ limit: HOME_LATEST_COUNT }));
}
