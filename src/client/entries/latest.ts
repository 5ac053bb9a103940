"use client";
import { queryOptions } from "@tanstack/react-query";
import type { EntryPageDto } from "@/contracts/entries";
import { qk } from "../keys";
import { preload, takePreloaded } from "../preload";
import { fetchEntryPage } from "./queries";

/**
 * Home's latest entries: the newest `count`, with how many the journal holds (which also tells Home
 * whether to open on the journal). In its own module, so that only Home loads it.
 */
const key = (count: number) => qk.entryList({ latest: count });

export const latestEntriesQuery = (count: number) =>
  queryOptions({
    queryKey: key(count),
    queryFn: ({ signal }) => takePreloaded<EntryPageDto>(key(count)) ?? fetchEntryPage({ limit: count }, { signal }),
  });

/** Starts the request before hydration (Home's code calls it as it runs). */
export function preloadLatestEntries(count: number): void {
  preload(key(count), () => fetchEntryPage({ limit: count }));
}
