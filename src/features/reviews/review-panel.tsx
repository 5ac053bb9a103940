"use client";
import Link from "next/link";
import { useReviews } from "@/client/reviews";
import { lazyWhenShown } from "@/components/lazy";
import { ReadingSource } from "@/components/ui/reading-source";
import type { EntryDto } from "@/contracts/entries";
import { browserLocale } from "@/client/storage";
import { dayKeyWeekday } from "@/domain/date-format";
import { REVIEW_TAG, type DayLink } from "@/domain/review-periods";

const YearInPixels = lazyWhenShown<{ initialYear?: number; embedded?: boolean }>(() =>
  import("@/features/checkins/year-pixels").then((m) => m.YearInPixels),
);

export const isReviewEntry = (entry: Pick<EntryDto, "tags">) => entry.tags.some((t) => t.name === REVIEW_TAG);

function DayLinkItem({ label, day }: { label: string; day: DayLink }) {
  return (
    <li>
      {label}:{" "}
      <Link
        href={`/entry/${encodeURIComponent(day.entry_id)}`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {dayKeyWeekday(day.date, browserLocale())}, “{day.entry_title}”
      </Link>{" "}
      <span className="text-stone-500">(mood {day.mood})</span>
    </li>
  );
}

/**
 * Under a review entry: what produced it, links to its best and hardest days, and for a year review the
 * year's numbers and its Year in Pixels. Nothing shows for a review whose period is no longer known.
 */
export function ReviewPanel({ entry }: { entry: EntryDto }) {
  const q = useReviews(isReviewEntry(entry));
  const meta = q.data?.reviews.find((r) => r.entry_id === entry.id);
  if (!meta) return null;
  const n = meta.numbers;
  return (
    <section
      aria-labelledby="review-panel-title"
      data-testid="review-panel"
      className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id="review-panel-title" className="text-lg font-semibold text-stone-900">
          About this review
        </h2>
        <p className="text-sm text-stone-600">
          From {dayKeyWeekday(meta.start, browserLocale())} to {dayKeyWeekday(meta.end, browserLocale())}, drawn from{" "}
          {meta.cited.length} {meta.cited.length === 1 ? "entry" : "entries"} of that time only.
        </p>
        <ReadingSource model={meta.model} className="mt-1" />
      </div>
      {(meta.best || meta.hardest) && (
        <ul className="space-y-1 text-sm text-stone-800">
          {meta.best && <DayLinkItem label="Best day" day={meta.best} />}
          {meta.hardest && <DayLinkItem label="Hardest day" day={meta.hardest} />}
        </ul>
      )}
      {meta.period === "year" && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="The year in numbers">
            {(
              [
                ["Entries", n.entries],
                ["Words", n.words],
                ["Days written", n.days_written],
                ["Check-ins", n.checkins],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-stone-50 px-3 py-2">
                <dt className="text-xs text-stone-500">{label}</dt>
                <dd className="text-xl font-semibold text-stone-900">{value.toLocaleString("en-US")}</dd>
              </div>
            ))}
          </dl>
          <YearInPixels initialYear={Number(meta.start.slice(0, 4))} embedded />
        </>
      )}
    </section>
  );
}
