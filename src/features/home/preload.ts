"use client";
import { preloadLatestEntries } from "@/client/entries/latest";
import { HOME_LATEST_COUNT } from "@/domain/home";

/**
 * Starts the request that decides Home's form (the latest entries, with the journal's total) as soon as
 * Home's code runs, before hydration: a journal with entries opens on them as soon as they answer.
 */
export function preloadHome(): void {
  if (typeof window === "undefined" || window.location.pathname !== "/") return;
  preloadLatestEntries(HOME_LATEST_COUNT);
}
