"use client";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useOutboxStatus } from "@/client/device";
import { entryQueries } from "@/client/entries";
import { latestEntriesQuery } from "@/client/entries/latest";
import { insightQueries } from "@/client/insights";
import { browserTimeZone } from "@/client/storage";
import { localDayKey } from "@/domain/dates";
import { HOME_LATEST_COUNT, insightsWindow, monthsInRange, moodSeries, type MoodPoint } from "@/domain/home";

/** Today in the person's zone and the last-30-days window of the Home screen. */
export function useHomeWindow() {
  const tz = browserTimeZone();
  const today = localDayKey(new Date(), tz);
  const window = useMemo(() => insightsWindow(today), [today]);
  return { tz, today, ...window };
}

/** Insights of the last 30 days (Patterns & Themes). Failures are only logged by the card. */
export function useHomeInsights(enabled: boolean) {
  const { tz, start, end } = useHomeWindow();
  return useQuery({ ...insightQueries.patterns(start, end, tz), enabled });
}

/** Growth insights of the last 30 days (Personal Growth card). */
export function useGrowthInsights(enabled: boolean) {
  const { tz, start, end } = useHomeWindow();
  return useQuery({ ...insightQueries.growth(start, end, tz), enabled });
}

/** Entries of this calendar day in earlier years. Lives under the entries key, so writes refresh it. */
export function useOnThisDay(enabled: boolean) {
  const { tz, today } = useHomeWindow();
  return useQuery({ ...entryQueries.onThisDay(today, tz), enabled });
}

/** Daily average mood over the last 30 days, read from the calendar months the window touches. */
export function useMoodSeries(enabled: boolean): {
  series: MoodPoint[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
} {
  const { tz, start, end } = useHomeWindow();
  const months = monthsInRange(start, end);
  const results = useQueries({
    queries: months.map((month) => ({ ...entryQueries.calendar(month, tz), enabled })),
  });
  const isPending = results.some((r) => r.isPending);
  const isError = results.some((r) => r.isError);
  const days = results.flatMap((r) => r.data?.days ?? []);
  const key = results.map((r) => r.dataUpdatedAt).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const series = useMemo(() => moodSeries(days, start, end), [key, start, end]);
  return { series, isPending, isError, refetch: () => results.forEach((r) => void r.refetch()) };
}

/**
 * The newest entries as the server has them, with the journal's total. An entry whose latest version waits
 * on this device is left out here: Home lists it with what waits to sync, as the device has it.
 */
export function useLatestEntries() {
  const q = useQuery(latestEntriesQuery(HOME_LATEST_COUNT));
  const waiting = useOutboxStatus().entries;
  const entries = useMemo(() => {
    const onDevice = new Set(waiting.map((d) => d.id));
    return (q.data?.entries ?? []).filter((e) => !onDevice.has(e.id));
  }, [q.data, waiting]);
  return { ...q, entries, total: q.data?.total };
}
