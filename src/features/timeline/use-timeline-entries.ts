"use client";
import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { EntryPageDto } from "@/contracts/entries";
import { fetchEntryPage } from "@/client/entries";
import { qk } from "@/client/keys";
import { takePreloaded } from "@/client/preload";
import { toTimelineEntry, type EntryQueryParams, type TimelineEntry } from "@/domain/timeline";

/** Entries per page: a screenful and a half on a desktop, so the first paint needs one request. */
export const TIMELINE_PAGE_SIZE = 20;

/**
 * The Timeline's list, paged from the server newest first. Only loaded pages are held and rendered;
 * `total` is the count of all matches. While new filters load, the previous results stay on screen.
 */
export function useTimelineEntries(params: EntryQueryParams) {
  const query = useInfiniteQuery({
    queryKey: qk.timeline(params),
    queryFn: ({ pageParam, signal }) =>
      (pageParam === 0 ? takePreloaded<EntryPageDto>(qk.timeline(params)) : undefined) ??
      fetchEntryPage({ ...params, limit: TIMELINE_PAGE_SIZE, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: EntryPageDto) => (last.has_more ? last.offset + last.entries.length : undefined),
    placeholderData: keepPreviousData,
  });
  const entries = useMemo<TimelineEntry[]>(() => {
    const seen = new Set<string>();
    const out: TimelineEntry[] = [];
    // Offsets can shift when entries are written meanwhile; an entry is shown once.
    for (const page of query.data?.pages ?? []) {
      for (const e of page.entries) {
        if (seen.has(e.id)) continue;
        seen.add(e.id);
        out.push(toTimelineEntry(e));
      }
    }
    return out;
  }, [query.data]);
  const total = query.data?.pages[0]?.total;
  return { ...query, entries, total };
}

/** Takes a deleted entry out of every loaded Timeline page at once, before the lists refetch. */
export function useForgetEntry() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) => {
      qc.setQueriesData<InfiniteData<EntryPageDto, number>>({ queryKey: ["entries", "timeline"] }, (data) => {
        if (!data) return data;
        const had = data.pages.some((p) => p.entries.some((e) => e.id === id));
        if (!had) return data;
        return {
          ...data,
          pages: data.pages.map((p) => ({ ...p, total: Math.max(0, p.total - 1), entries: p.entries.filter((e) => e.id !== id) })),
        };
      });
    },
    [qc],
  );
}
