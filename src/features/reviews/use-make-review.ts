"use client";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { errorMessage } from "@/client/errors";
import { useReviews, useWriteReview } from "@/client/reviews";
import { browserTimeZone } from "@/client/storage";
import { useToast } from "@/components/feedback/toast";
import { localDayKey } from "@/domain/dates";
import {
  periodBounds,
  previousPeriod,
  reviewTitle,
  type PeriodBounds,
  type ReviewPeriod,
} from "@/domain/review-periods";

/** The person's local today. */
export const todayKey = () => localDayKey(new Date(), browserTimeZone());

/** The current period ("this week") or the one before ("last week"). */
export function periodFor(period: ReviewPeriod, which: "current" | "previous", today = todayKey()): PeriodBounds {
  const b = periodBounds(period, today);
  return which === "current" ? b : previousPeriod(b);
}

/**
 * Making a review: when one exists for the period, the person is asked first whether to update it or make
 * another (as Generate Entry asks); once saved, its entry opens for them to read and edit.
 */
export function useMakeReview(enabled = true) {
  const router = useRouter();
  const toast = useToast();
  const reviews = useReviews(enabled);
  const write = useWriteReview();
  const [asking, setAsking] = useState<PeriodBounds | null>(null);

  const existing = useCallback(
    (b: PeriodBounds) => reviews.data?.reviews.find((r) => r.period === b.period && r.start === b.start) ?? null,
    [reviews.data],
  );

  const run = useCallback(
    async (b: PeriodBounds, mode: "update" | "new") => {
      setAsking(null);
      try {
        const { entry } = await write.mutateAsync({ period: b.period, date: b.start, mode });
        toast.success(`${reviewTitle(b)}: your review is saved as an entry. Edit it as you like.`);
        router.push(`/entry/${encodeURIComponent(entry.id)}`);
      } catch (err) {
        toast.error(errorMessage(err), "Could not make the review");
      }
    },
    [write, toast, router],
  );

  const make = useCallback(
    (b: PeriodBounds) => {
      if (existing(b)) setAsking(b);
      else void run(b, "update");
    },
    [existing, run],
  );

  return {
    make,
    run,
    asking,
    cancel: () => setAsking(null),
    busy: write.isPending,
    pendingTitle:
      write.isPending && write.variables
        ? reviewTitle(periodBounds(write.variables.period, write.variables.date))
        : null,
    reviews,
    existing,
  };
}
