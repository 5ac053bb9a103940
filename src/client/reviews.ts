"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReviewRequest } from "@/contracts/reviews";
import { qk } from "./keys";
import { call } from "./routes";
import { browserTimeZone } from "./storage";

/** A model writing a year's review may take longer than an ordinary request. */
const REVIEW_TIMEOUT_MS = 120_000;

/**
 * Reviews of a week, a month or a year: the list of those made (which period maps to which entry, and
 * the days each links to) and the mutation that writes one. A review is an entry, so writing one
 * refreshes the entries and figures too.
 */
export const reviewQueries = {
  list: () =>
    queryOptions({
      queryKey: qk.reviews,
      queryFn: ({ signal }) => call("GET /reviews", { signal }),
      staleTime: 30_000,
    }),
};

export const useReviews = (enabled = true) => useQuery({ ...reviewQueries.list(), enabled });

export function useWriteReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReviewRequest, "tz">) =>
      call("POST /reviews", { body: { ...body, tz: browserTimeZone() }, timeoutMs: REVIEW_TIMEOUT_MS }),
    onSuccess: ({ entry }) => {
      qc.setQueryData(qk.entry(entry.id), entry);
      void qc.invalidateQueries({ queryKey: qk.reviews });
      void qc.invalidateQueries({ queryKey: qk.entries });
      void qc.invalidateQueries({ queryKey: qk.statistics });
    },
  });
}
