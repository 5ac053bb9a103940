"use client";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { GrowthInsightsResponse, InsightsResponse } from "@/contracts/ai";
import type { CalendarDayDto } from "@/contracts/entries";
import type { OnThisDayDto } from "@/contracts/home";
import { api } from "@/client/api";
import { qk } from "@/client/keys";
import { noNetworkRetry } from "@/client/query-client";
import { browserTimeZone } from "@/client/storage";
import { localDayKey } from "@/domain/dates";
import { insightsWindow, monthsInRange, moodSeries, type MoodPoint } from "@/domain/home";

/** Insights are fresh for 600 s (spec section 7). */
const INSIGHTS_STALE_MS = 600_000;

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
  return useQuery({
    queryKey: [...qk.insights, "patterns", start, end, tz],
    queryFn: ({ signal }) =>
      api<InsightsResponse>("/ai/generate-insights", { method: "POST", body: { date_range: { start, end }, tz }, signal, timeoutMs: 120_000 }),
    enabled,
    staleTime: INSIGHTS_STALE_MS,
    retry: noNetworkRetry,
  });
}

/** Growth insights of the last 30 days (Personal Growth card). */
export function useGrowthInsights(enabled: boolean) {
  const { tz, start, end } = useHomeWindow();
  return useQuery({
    queryKey: [...qk.insights, "growth", start, end, tz],
    queryFn: ({ signal }) =>
      api<GrowthInsightsResponse>("/ai/growth-insights", { method: "POST", body: { date_range: { start, end }, tz }, signal, timeoutMs: 120_000 }),
    enabled,
    staleTime: INSIGHTS_STALE_MS,
    retry: noNetworkRetry,
  });
}

/** Entries of this calendar day in earlier years. Lives under the entries key, so writes refresh it. */
export function useOnThisDay(enabled: boolean) {
  const { tz, today } = useHomeWindow();
  return useQuery({
    queryKey: [...qk.entries, "on-this-day", today, tz],
    queryFn: ({ signal }) => api<OnThisDayDto>("/entries/on-this-day", { query: { tz, date: today }, signal }),
    enabled,
  });
}

/** Daily average mood over the last 30 days, read from the calendar months the window touches. */
export function useMoodSeries(enabled: boolean): { series: MoodPoint[]; isPending: boolean; isError: boolean; refetch: () => void } {
  const { tz, start, end } = useHomeWindow();
  const months = monthsInRange(start, end);
  const results = useQueries({
    queries: months.map((month) => ({
      queryKey: qk.calendar(month, tz),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<{ month: string; days: CalendarDayDto[] }>("/entries/calendar", { query: { month, tz }, signal }),
      enabled,
    })),
  });
  const isPending = results.some((r) => r.isPending);
  const isError = results.some((r) => r.isError);
  const days = results.flatMap((r) => r.data?.days ?? []);
  const key = results.map((r) => r.dataUpdatedAt).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const series = useMemo(() => moodSeries(days, start, end), [key, start, end]);
  return { series, isPending, isError, refetch: () => results.forEach((r) => void r.refetch()) };
}
