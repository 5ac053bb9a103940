"use client";
import { CalendarRange } from "lucide-react";
import { useState } from "react";
import { readLocal, writeLocal } from "@/client/storage";
import { Button } from "@/components/ui/button";
import { endedPeriodsToOffer, reviewConfigKey, reviewTitle } from "@/domain/review-periods";
import { todayKey, useMakeReview } from "./use-make-review";

const DISMISSED_KEY = "review-offers-dismissed";

/**
 * The quiet offer on Home in the first days of a new week, month or year, when the one just ended has no
 * review yet. "Not now" puts that offer away for good.
 */
export function ReviewOffer() {
  const [periods] = useState(() => endedPeriodsToOffer(todayKey()));
  const [dismissed, setDismissed] = useState<string[]>(() => readLocal<string[]>(DISMISSED_KEY, []));
  const m = useMakeReview(periods.length > 0);
  if (!periods.length || !m.reviews.data) return null;
  const offer = periods.find((b) => !m.existing(b) && !dismissed.includes(reviewConfigKey(b)));
  if (!offer) return null;
  const title = reviewTitle(offer);
  const noun = offer.period === "year" ? "Your year" : offer.period === "month" ? title : `The ${title.toLowerCase()}`;
  return (
    <section
      aria-label="A review is ready to make"
      data-testid="review-offer"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50/60 px-4 py-3 text-sm"
    >
      <CalendarRange className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
      <p className="min-w-0 flex-1 text-stone-800">{noun} has ended. Would you like to look back at it?</p>
      <div className="flex gap-2">
        <Button size="sm" disabled={m.busy} onClick={() => m.make(offer)}>
          {m.busy ? "Writing..." : "Make a review"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            const next = [...dismissed, reviewConfigKey(offer)].slice(-20);
            writeLocal(DISMISSED_KEY, next);
            setDismissed(next);
          }}
        >
          Not now
        </Button>
      </div>
    </section>
  );
}
