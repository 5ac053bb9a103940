"use client";
import { keepPreviousData, infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendarMonthDto, EntryPageDto } from "@/contracts/entries";
import { qk } from "../keys";
import { call } from "../routes";
import { takePreloaded } from "../preload";
import { noNetworkRetry } from "../query-client";
import { browserTimeZone } from "../storage";

/**
 * What the server holds of the journal's entries, as TanStack query options: one factory per view
 * (detail, list, the Timeline's pages, calendar month, statistics, tags, on this day, Recently deleted).
 * Screens use these, or the hooks below, and never name a path or a key themselves.
 */

export interface EntryListParams {
  search?: string;
  date_from?: string;
  date_to?: string;
  mood?: "positive" | "neutral" | "negative";
  tags?: string[];
  has_media?: boolean;
  limit?: number;
  offset?: number;
}

export type { CalendarMonthDto };

/** Entries per Timeline page: a screenful and a half on a desktop, so the first paint needs one request. */
export const TIMELINE_PAGE_SIZE = 20;

export const fetchEntryPage = (p: EntryListParams & { limit: number }, opts: { signal?: AbortSignal } = {}) =>
  call("GET /entries", {
    query: {
      ...p,
      has_media: p.has_media === undefined ? undefined : p.has_media ? "true" : "false",
      tz: browserTimeZone(),
    },
    signal: opts.signal,
  });

export const fetchEntry = (id: string, opts: { signal?: AbortSignal } = {}) =>
  call("GET /entries/[id]", { params: { id }, signal: opts.signal });

export const fetchCalendarMonth = (month: string, tz: string, opts: { signal?: AbortSignal } = {}) =>
  call("GET /entries/calendar", { query: { month, tz }, signal: opts.signal });

export const entryQueries = {
  /** One entry as the server has it. */
  detail: (id: string) => queryOptions({ queryKey: qk.entry(id), queryFn: ({ signal }) => fetchEntry(id, { signal }) }),
  /** The Timeline's paged list, newest first; while new filters load, the previous results stay on screen. */
  timeline: <P extends EntryListParams>(params: P) =>
    infiniteQueryOptions({
      queryKey: qk.timeline(params),
      queryFn: ({ pageParam, signal }) =>
        (pageParam === 0 ? takePreloaded<EntryPageDto>(qk.timeline(params)) : undefined) ??
        fetchEntryPage({ ...params, limit: TIMELINE_PAGE_SIZE, offset: pageParam }, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last: EntryPageDto) => (last.has_more ? last.offset + last.entries.length : undefined),
      placeholderData: keepPreviousData,
    }),
  /** Whether the journal has entries (and how many): a one-row page. */
  size: () =>
    queryOptions({
      queryKey: qk.journalSize,
      queryFn: ({ signal }) => takePreloaded<EntryPageDto>(qk.journalSize) ?? fetchEntryPage({ limit: 1 }, { signal }),
    }),
  calendar: (month: string, tz: string) =>
    queryOptions({
      queryKey: qk.calendar(month, tz),
      queryFn: ({ signal }) =>
        takePreloaded<CalendarMonthDto>(qk.calendar(month, tz)) ?? fetchCalendarMonth(month, tz, { signal }),
    }),
  statistics: () =>
    queryOptions({
      queryKey: qk.statistics,
      queryFn: () => call("GET /entries/statistics", { query: { tz: browserTimeZone() } }),
      retry: noNetworkRetry,
    }),
  tags: () =>
    queryOptions({
      queryKey: qk.tags,
      queryFn: () => call("GET /entries/tags"),
    }),
  /** Entries of this calendar day in earlier years. Lives under the entries key, so writes refresh it. */
  onThisDay: (today: string, tz: string) =>
    queryOptions({
      queryKey: qk.onThisDay(today, tz),
      queryFn: ({ signal }) => call("GET /entries/on-this-day", { query: { tz, date: today }, signal }),
    }),
  trash: () => queryOptions({ queryKey: qk.trash, queryFn: () => call("GET /trash") }),
};

/** One entry as the server has it (see `useEntry` for where the device keeps it). */
export function useServerEntry(id: string | undefined) {
  return useQuery({ ...entryQueries.detail(id ?? ""), enabled: !!id });
}

export function useStatistics() {
  return useQuery(entryQueries.statistics());
}

export function useCalendarMonth(month: string) {
  return useQuery(entryQueries.calendar(month, browserTimeZone()));
}

export function useTags() {
  return useQuery(entryQueries.tags());
}

export function useTrash() {
  return useQuery(entryQueries.trash());
}
