"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { toTimelineEntry, type EntryQueryParams, type TimelineEntry } from "@/domain/timeline";
import { useOutboxStatus } from "../outbox/status";
import { queryUnreachable } from "../query-client";
import { entryQueries } from "./queries";

/**
 * The Timeline's entries, server and device together: the server's pages newest first (only loaded
 * pages are held; `total` counts every match), without the entries whose latest version waits on this
 * device, which come in `waiting` as the device has them. `unreachable`: the server cannot answer, and
 * the screen shows what the device keeps instead.
 */
export function useEntries(params: EntryQueryParams) {
  const query = useInfiniteQuery(entryQueries.timeline(params));
  const outbox = useOutboxStatus();
  const onDevice = outbox.entries;
  const entries = useMemo<TimelineEntry[]>(() => {
    const seen = new Set(onDevice.map((d) => d.id));
    const out: TimelineEntry[] = [];
    // Offsets can shift when entries are written meanwhile; an entry is shown once. An entry with a
    // version waiting on this device is shown once, in the waiting section, as the device has it.
    for (const page of query.data?.pages ?? []) {
      for (const e of page.entries) {
        if (seen.has(e.id)) continue;
        seen.add(e.id);
        out.push(toTimelineEntry(e));
      }
    }
    return out;
  }, [query.data, onDevice]);
  const total = query.data?.pages[0]?.total;
  return { ...query, entries, total, waiting: onDevice, unreachable: queryUnreachable(query) };
}
