"use client";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { REVIEW_PERIODS, reviewTitle, type ReviewPeriod } from "@/domain/review-periods";
import { periodFor, useMakeReview } from "./use-make-review";

const LABEL: Record<ReviewPeriod, [string, string]> = {
  week: ["This week", "Last week"],
  month: ["This month", "Last month"],
  year: ["This year", "Last year"],
};

/** The open "Reviews" panel: this or last week, month or year (loaded when first opened). */
export function ReviewsMenuPanel({ open, id, onClose }: { open: boolean; id: string; onClose: () => void }) {
  const m = useMakeReview(true);
  if (!open) return null;
  return (
    <div
      id={id}
      role="group"
      aria-label="Make a review"
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
      className="fixed inset-x-4 bottom-20 z-40 space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm shadow-lg sm:absolute sm:inset-x-auto sm:bottom-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
    >
      <p className="text-stone-600">Look back over a week, a month or a year. The review is saved as an entry.</p>
      {m.busy ? (
        <p role="status" className="flex items-center gap-2 text-stone-700">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          Writing {m.pendingTitle ?? "your review"}...
        </p>
      ) : m.asking ? (
        <div className="space-y-2" role="alertdialog" aria-label="This period has a review">
          <p className="text-stone-800">
            {reviewTitle(m.asking)} already has a review. Update it with a fresh reading, or make another?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void m.run(m.asking!, "update")}>
              Update it
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void m.run(m.asking!, "new")}>
              Make another
            </Button>
            <Button size="sm" variant="ghost" onClick={m.cancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <ul className="space-y-2">
          {REVIEW_PERIODS.map((p) => (
            <li key={p} className="flex flex-wrap gap-2">
              {(["current", "previous"] as const).map((which, i) => (
                <Button
                  key={which}
                  size="sm"
                  variant="secondary"
                  className="flex-1"
                  disabled={m.reviews.isPending}
                  onClick={() => m.make(periodFor(p, which))}
                >
                  {LABEL[p][i]}
                </Button>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
