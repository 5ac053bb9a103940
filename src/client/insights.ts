"use client";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./routes";
import { qk } from "./keys";
import { noNetworkRetry } from "./query-client";

/** Insights are fresh for 600 s (spec section 7). */
const INSIGHTS_STALE_MS = 600_000;
const AI_TIMEOUT_MS = 120_000;

/** Home's insights over a date window: Patterns & Themes, and Personal Growth. */
export const insightQueries = {
  patterns: (start: string, end: string, tz: string) =>
    queryOptions({
      queryKey: qk.patterns(start, end, tz),
      queryFn: ({ signal }) =>
        call("POST /ai/generate-insights", {
          body: { date_range: { start, end }, tz },
          signal,
          timeoutMs: AI_TIMEOUT_MS,
        }),
      staleTime: INSIGHTS_STALE_MS,
      retry: noNetworkRetry,
    }),
  growth: (start: string, end: string, tz: string) =>
    queryOptions({
      queryKey: qk.growth(start, end, tz),
      queryFn: ({ signal }) =>
        call("POST /ai/growth-insights", {
          body: { date_range: { start, end }, tz },
          signal,
          timeoutMs: AI_TIMEOUT_MS,
        }),
      staleTime: INSIGHTS_STALE_MS,
      retry: noNetworkRetry,
    }),
};
