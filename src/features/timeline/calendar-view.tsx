"use client";
import clsx from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCalendarMonth } from "@/client/entries";
import { ErrorBox } from "@/components/feedback/error-box";
import { Button } from "@/components/ui/button";
import type { CalendarDayDto } from "@/contracts/entries";
import type { DayKey } from "@/domain/dates";
import { calendarDayColor, type CalendarColor } from "@/domain/mood";
import { calendarWeeks, dayLabel, monthLabel, monthOfDay, shiftMonth, WEEKDAYS } from "@/domain/timeline";

const COLOR_CLASSES: Record<CalendarColor, string> = {
  green: "bg-emerald-100 text-emerald-950 hover:bg-emerald-200 ring-emerald-300",
  yellow: "bg-amber-100 text-amber-950 hover:bg-amber-200 ring-amber-300",
  red: "bg-rose-100 text-rose-950 hover:bg-rose-200 ring-rose-300",
};
const TEXT_CLASSES: Record<CalendarColor, string> = {
  green: "text-emerald-950",
  yellow: "text-amber-950",
  red: "text-rose-950",
};
const SWATCH: Record<CalendarColor, string> = { green: "bg-emerald-200", yellow: "bg-amber-200", red: "bg-rose-200" };

/** "2 entries on Monday, May 4, 2026, average mood 8, with media": the count first, as it shows. */
export function dayDescription(d: CalendarDayDto): string {
  const n = d.count === 1 ? "1 entry" : `${d.count} entries`;
  const mood = d.average_mood === null ? "no mood score" : `average mood ${d.average_mood}`;
  return `${n} on ${dayLabel(d.date)}, ${mood}${d.has_media ? ", with media" : ""}`;
}

/**
 * The month grid (Sunday-first). It asks the server for the visible month only. A day with entries
 * is a button tinted by its average mood (5 when unknown); it opens the list for that day.
 */
export function CalendarView({
  month,
  today,
  onMonthChange,
  onDayClick,
  note,
}: {
  month: string;
  today: DayKey;
  onMonthChange: (month: string) => void;
  onDayClick: (day: DayKey) => void;
  note?: string;
}) {
  const q = useCalendarMonth(month);
  const byDay = new Map((q.data?.month === month ? q.data.days : []).map((d) => [d.date, d]));
  const weeks = calendarWeeks(month);
  const thisMonth = monthOfDay(today);
  const monthTotal = q.data?.days.reduce((a, d) => a + d.count, 0);
  const headingId = `calendar-${month}`;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5">
      <div className="mb-3 flex items-center gap-2 px-1">
        <div className="mr-auto">
          <h2 id={headingId} aria-live="polite" className="text-lg font-semibold text-stone-900">
            {monthLabel(month)}
          </h2>
          <p className="text-xs text-stone-500" data-testid="calendar-month-total">
            {q.isPending ? "\u00a0" : monthTotal === 1 ? "1 entry this month" : `${monthTotal ?? 0} entries this month`}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => onMonthChange(thisMonth)} disabled={month === thisMonth}>
          Today
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Next month" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight className="h-5 w-5" aria-hidden />
        </Button>
      </div>

      {note && <p className="mb-3 rounded-xl bg-stone-50 px-3 py-2 text-xs text-stone-600">{note}</p>}

      {q.isError ? (
        <ErrorBox title="Failed to load entries" error={q.error} retryLabel="Retry" onRetry={() => void q.refetch()} />
      ) : (
        <table className="w-full table-fixed border-separate border-spacing-1" aria-busy={q.isFetching || undefined}>
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th
                  key={w.short}
                  scope="col"
                  abbr={w.long}
                  className="pb-1 text-center text-xs font-medium text-stone-500"
                >
                  <span aria-hidden className="sm:hidden">
                    {w.short[0]}
                  </span>
                  <span aria-hidden className="hidden sm:inline">
                    {w.short}
                  </span>
                  <span className="sr-only">{w.long}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].date}>
                {week.map((cell) => {
                  const d = cell.inMonth ? byDay.get(cell.date) : undefined;
                  const isToday = cell.date === today;
                  const number = (
                    <span
                      className={clsx(
                        "flex h-6 w-6 items-center justify-center rounded-full text-xs sm:text-sm",
                        isToday && "bg-brand-600 font-semibold text-white",
                      )}
                    >
                      {cell.day}
                    </span>
                  );
                  // Days of the neighbouring months stay blank: this month's days are what the grid is about.
                  if (!cell.inMonth) return <td key={cell.date} className="h-14 sm:h-20" />;
                  if (!d || d.count === 0) {
                    return (
                      <td
                        key={cell.date}
                        className="h-14 align-top sm:h-20"
                        aria-current={isToday ? "date" : undefined}
                      >
                        <div
                          className={clsx(
                            "h-full rounded-xl p-1 text-stone-500",
                            q.isPending && "animate-pulse bg-stone-100",
                          )}
                        >
                          {number}
                        </div>
                      </td>
                    );
                  }
                  const color = calendarDayColor([d.average_mood]);
                  // The button's visible text is the count, and its name starts with it; the day
                  // number sits on top of the button, hidden from screen readers (the name says the date).
                  return (
                    <td key={cell.date} className="relative h-14 sm:h-20" aria-current={isToday ? "date" : undefined}>
                      <button
                        type="button"
                        onClick={() => onDayClick(cell.date)}
                        aria-label={dayDescription(d)}
                        data-day={cell.date}
                        data-mood-color={color}
                        className={clsx(
                          "absolute inset-0 flex flex-col justify-end rounded-xl p-1 text-left transition-colors hover:ring-2",
                          COLOR_CLASSES[color],
                        )}
                      >
                        <span className="flex items-center justify-between gap-1 px-0.5 pb-0.5">
                          <span
                            className="rounded-md bg-white/70 px-1.5 text-xs font-semibold tabular-nums"
                            data-testid="day-count"
                          >
                            {d.count}
                          </span>
                          {d.has_media && (
                            <span className="h-2 w-2 rounded-full bg-brand-600" data-testid="media-dot" />
                          )}
                        </span>
                      </button>
                      <span
                        aria-hidden
                        className={clsx("pointer-events-none absolute left-1 top-1", TEXT_CLASSES[color])}
                      >
                        {number}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 px-1 text-xs text-stone-500" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className={clsx("h-3 w-3 rounded", SWATCH.green)} aria-hidden />
          Average mood 7 or higher
        </li>
        <li className="flex items-center gap-1.5">
          <span className={clsx("h-3 w-3 rounded", SWATCH.yellow)} aria-hidden />4 to below 7, or no score
        </li>
        <li className="flex items-center gap-1.5">
          <span className={clsx("h-3 w-3 rounded", SWATCH.red)} aria-hidden />
          Below 4
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-2 w-2 rounded-full bg-brand-600" aria-hidden />
          Has media
        </li>
      </ul>
    </section>
  );
}
