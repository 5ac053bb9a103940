"use client";
import { useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { EntryDto, EntryPageDto } from "@/contracts/entries";
import { qk } from "../keys";

/** After a write: lists, calendar, tags and statistics refresh (spec section 4). */
export function invalidateEntryData(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: qk.entries });
  void qc.invalidateQueries({ queryKey: qk.statistics });
  void qc.invalidateQueries({ queryKey: qk.insights });
}

/** The server answered with the entry as it now is: the detail shows it at once, the lists refresh. */
export function entryWritten(qc: QueryClient, entry: EntryDto) {
  qc.setQueryData(qk.entry(entry.id), entry);
  invalidateEntryData(qc);
}

/** Takes a deleted entry out of every loaded Timeline page at once, before the lists refetch. */
export function useForgetEntry() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) => {
      qc.setQueriesData<InfiniteData<EntryPageDto, number>>({ queryKey: qk.timelines }, (data) => {
        if (!data) return data;
        const had = data.pages.some((p) => p.entries.some((e) => e.id === id));
        if (!had) return data;
        return {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            total: Math.max(0, p.total - 1),
            entries: p.entries.filter((e) => e.id !== id),
          })),
        };
      });
    },
    [qc],
  );
}
