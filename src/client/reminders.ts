"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettingsDto } from "@/contracts/reminders";
import type { Weekday } from "@/domain/reminders";
import { call } from "./routes";
import { qk } from "./keys";

/** Reminders to write: the schedule, the private calendar feed's link, and whether today has writing. */
export const reminderQueries = {
  settings: () =>
    queryOptions({
      queryKey: qk.reminders,
      queryFn: ({ signal }) => call("GET /reminders", { signal }),
      staleTime: 60_000,
    }),
  wroteToday: (day: string, tz: string) =>
    queryOptions({
      queryKey: qk.wroteToday(day, tz),
      queryFn: ({ signal }) => call("GET /reminders/today", { query: { tz, date: day }, signal }),
      staleTime: 30_000,
    }),
};

export const useReminderSettings = () => useQuery(reminderQueries.settings());

/** The feed's full address as this browser reaches the app. */
export function feedUrl(s: Pick<ReminderSettingsDto, "feed_path">): string {
  return typeof window === "undefined" ? s.feed_path : new URL(s.feed_path, window.location.origin).href;
}

export function useSaveReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { enabled: boolean; days: Weekday[]; time: string; tz: string }) =>
      call("PUT /reminders", { body }),
    onSuccess: (data) => qc.setQueryData(qk.reminders, data),
  });
}

/** A new link; the old one stops working at once. */
export function useResetReminderLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call("POST /reminders/link"),
    onSuccess: (data) => qc.setQueryData(qk.reminders, data),
  });
}
