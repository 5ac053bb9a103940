"use client";
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ActivityUpdateInput } from "@/contracts/checkins";
import { call } from "./routes";
import { qk } from "./keys";

/**
 * Check-ins: the person's own mood and activities. Queries for the list, the "often together" figures,
 * Year in Pixels and the activity chips, and the chips' mutations. Making a check-in (with its
 * offline path through the outbox) is ./checkin-save, loaded with the check-in sheet.
 */
export const checkinQueries = {
  list: (from: string, to: string, tz: string) =>
    queryOptions({
      queryKey: qk.checkinList(from, to, tz),
      queryFn: ({ signal }) => call("GET /checkins", { query: { from, to, tz }, signal }),
    }),
  correlations: (from: string, to: string, tz: string) =>
    queryOptions({
      queryKey: qk.correlations(from, to, tz),
      queryFn: ({ signal }) => call("GET /checkins/correlations", { query: { from, to, tz }, signal }),
    }),
  pixels: (year: number, tz: string) =>
    queryOptions({
      queryKey: qk.pixels(year, tz),
      queryFn: ({ signal }) => call("GET /checkins/pixels", { query: { year, tz }, signal }),
    }),
  activities: () =>
    queryOptions({
      queryKey: qk.activities,
      queryFn: ({ signal }) => call("GET /checkins/activities", { signal }),
      staleTime: 60_000,
    }),
};

export const useActivities = () => useQuery(checkinQueries.activities());

/** A check-in changes the stated moods: every figure that reads moods is read again. */
export function refreshAfterCheckIn(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: qk.checkins });
  void qc.invalidateQueries({ queryKey: qk.entries });
  void qc.invalidateQueries({ queryKey: qk.statistics });
  void qc.invalidateQueries({ queryKey: qk.insights });
}

/** Adds a chip of the person's own. */
export function useAddActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call("POST /checkins/activities", { body: { name } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: qk.activities }),
  });
}

/** Renames a chip (its check-ins follow), hides / shows it, or moves it to a place in the list. */
export function useUpdateActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ActivityUpdateInput) =>
      call("PUT /checkins/activities/[id]", { params: { id }, body }),
    onSuccess: (_a, v) => {
      void qc.invalidateQueries({ queryKey: qk.activities });
      if (v.name !== undefined) refreshAfterCheckIn(qc);
    },
  });
}
