"use client";
import clsx from "clsx";
import { ChevronLeft, ChevronRight, List, PenLine, X } from "lucide-react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { entryQueries, useCalendarMonth } from "@/client/entries";
import { browserLocale, browserTimeZone, useLocale } from "@/client/storage";
import { ErrorBox } from "@/components/feedback/error-box";
import { Button } from "@/components/ui/button";
import type { CalendarDayDto } from "@/contracts/entries";
import type { DayKey } from "@/domain/dates";
import { firstDayOfWeek, weekdayLongName, weekdayOrder, weekdayShortName } from "@/domain/date-format";
import { calendarDayColor, type CalendarColor } from "@/domain/mood";
import {
  calendarWeeks,
  dayEntryView,
  dayFilters,
  dayLabel,
  entryCountText,
  filtersToQuery,
  monthLabel,
  monthOfDay,
  shiftMonth,
  toTimelineEntry,
} from "@/domain/timeline";

const COLOR_CLASSES: Record<CalendarColor, string> = {
  green: "bg-emerald-100 text-emerald-950 hover:bg-emerald-200",
  yellow: "bg-amber-100 text-amber-950 hover:bg-amber-200",
  red: "bg-rose-100 text-rose-950 hover:bg-rose-200",
};
/** The hover ring in the day's colour; a selected day has the brand's ring instead. */
const RING_CLASSES: Record<CalendarColor, string> = {
  green: "ring-emerald-300",
  yellow: "ring-amber-300",
  red: "ring-rose-300",
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
  return `${n} on ${dayLabel(d.date, browserLocale())}, ${mood}${d.has_media ? ", with media" : ""}`;
}

/**
 * The month grid, its weeks starting on the locale's first day (Sunday in en-US, Monday in en-GB and de-DE,
 * Saturday in ar-EG): the header row and the grid's leading blanks both follow it. It asks the server for the visible month only. A day with entries
 * is a button tinted by its average mood (5 when unknown), showing the first entry's title and photo where
 * there is room; any day of the month opens its entries under the grid.
 */
export function CalendarView({
  month,
  today,
  selected,
  onMonthChange,
  onDayClick,
  onShowList,
  onCloseDay,
  note,
}: {
  month: string;
  today: DayKey;
  /** The day whose entries are listed under the grid. */
  selected: DayKey | null;
  onMonthChange: (month: string) => void;
  onDayClick: (day: DayKey) => void;
  /** The spec's switch: the list with that day's date range. */
  onShowList: (day: DayKey) => void;
  onCloseDay: () => void;
  note?: string;
}) {
  const q = useCalendarMonth(month);
  const byDay = new Map((q.data?.month === month ? q.data.days : []).map((d) => [d.date, d]));
  // The locale the server also renders with until hydration ends, then the browser's: no hydration mismatch.
  const locale = useLocale();
  const firstDay = firstDayOfWeek(locale);
  const weeks = calendarWeeks(month, firstDay);
  const thisMonth = monthOfDay(today);
  const monthTotal = q.data?.days.reduce((a, d) => a + d.count, 0);
  const headingId = `calendar-${month}`;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5">
      <div className="mb-3 flex items-center gap-2 px-1">
        <div className="mr-auto">
          <h2 id={headingId} aria-live="polite" className="text-lg font-semibold text-stone-900">
            {monthLabel(month, locale)}
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
              {weekdayOrder(firstDay).map((i) => {
                const short = weekdayShortName(i, locale);
                return (
                  <th
                    key={i}
                    scope="col"
                    abbr={weekdayLongName(i, locale)}
                    className="pb-1 text-center text-xs font-medium text-stone-500"
                  >
                    <span aria-hidden className="sm:hidden">
                      {short.slice(0, 1)}
                    </span>
                    <span aria-hidden className="hidden sm:inline">
                      {short}
                    </span>
                    <span className="sr-only">{weekdayLongName(i, locale)}</span>
                  </th>
                );
              })}
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
                  if (!cell.inMonth) return <td key={cell.date} className="h-14 sm:h-24" />;
                  const isSelected = cell.date === selected;
                  if (!d || d.count === 0) {
                    return (
                      <td
                        key={cell.date}
                        className="relative h-14 align-top sm:h-24"
                        aria-current={isToday ? "date" : undefined}
                      >
                        {q.isPending ? (
                          <div className="h-full animate-pulse rounded-xl bg-stone-100 p-1 text-stone-500">
                            {number}
                          </div>
                        ) : (
                          <button
                            type="button"
                            onClick={() => onDayClick(cell.date)}
                            aria-label={`No entries on ${dayLabel(cell.date, locale)}`}
                            aria-pressed={isSelected}
                            data-day={cell.date}
                            className={clsx(
                              "absolute inset-0 rounded-xl p-1 text-left text-stone-500 transition-colors hover:bg-stone-50",
                              isSelected && "ring-2 ring-brand-600",
                            )}
                          >
                            {number}
                          </button>
                        )}
                      </td>
                    );
                  }
                  const color = calendarDayColor([d.average_mood]);
                  const titleId = `day-title-${cell.date}`;
                  // The button's name starts with the count, as it shows; the first entry's title describes it.
                  // The day number sits on top of the button, hidden from screen readers (the name says the date).
                  // On a phone the cell keeps to the count, the media dot and the mood colour.
                  return (
                    <td key={cell.date} className="relative h-14 sm:h-24" aria-current={isToday ? "date" : undefined}>
                      <button
                        type="button"
                        onClick={() => onDayClick(cell.date)}
                        aria-label={dayDescription(d)}
                        aria-describedby={d.title ? titleId : undefined}
                        aria-pressed={isSelected}
                        data-day={cell.date}
                        data-mood-color={color}
                        className={clsx(
                          "absolute inset-0 flex flex-col justify-end overflow-hidden rounded-xl p-1 text-left transition-colors hover:ring-2",
                          COLOR_CLASSES[color],
                          isSelected ? "ring-2 ring-brand-600" : RING_CLASSES[color],
                        )}
                      >
                        {d.thumbnail_url && (
                          // eslint-disable-next-line @next/next/no-img-element -- a same-origin thumbnail, already small
                          <img
                            src={d.thumbnail_url}
                            alt=""
                            loading="lazy"
                            data-testid="day-photo"
                            className="absolute right-1 top-1 hidden h-9 w-9 rounded-lg object-cover ring-1 ring-white/80 sm:block"
                          />
                        )}
                        <span className="flex items-center justify-between gap-1 px-0.5 pb-0.5 sm:mt-0.5">
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
                      {d.title && (
                        // Outside the button, over it: it describes the day (aria-describedby) without
                        // becoming part of the button's name.
                        <span
                          id={titleId}
                          aria-hidden
                          data-testid="day-title"
                          className="pointer-events-none absolute inset-x-1.5 bottom-7 hidden truncate text-xs font-medium leading-tight text-stone-900 sm:block"
                        >
                          {d.title}
                        </span>
                      )}
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

      {selected && monthOfDay(selected) === month && (
        <DayPanel day={selected} today={today} onShowList={onShowList} onClose={onCloseDay} />
      )}
    </section>
  );
}

/**
 * The entries of one day under the calendar: title, time, mood and a line of each, each a link to its
 * page. An empty day says so and, up to today, offers to write about it (the editor takes any past date).
 * "Show in list" is the spec's switch to the list with that day's range.
 */
function DayPanel({
  day,
  today,
  onShowList,
  onClose,
}: {
  day: DayKey;
  today: DayKey;
  onShowList: (day: DayKey) => void;
  onClose: () => void;
}) {
  const [tz] = useState(browserTimeZone);
  const [now] = useState(() => new Date());
  const params = filtersToQuery("", dayFilters(day), now, tz);
  const q = useInfiniteQuery(entryQueries.timeline(params));
  const page = q.isPlaceholderData ? undefined : q.data?.pages[0];
  const entries = page?.entries.map((e) => dayEntryView(toTimelineEntry(e), tz, browserLocale())) ?? [];
  const more = page ? page.total - entries.length : 0;
  const headingId = `day-panel-${day}`;
  const ref = useRef<HTMLElement>(null);
  // A day opened by a click comes into view (on a phone it sits below the grid); one opened by an address does not move the page.
  useEffect(() => {
    if (document.activeElement?.closest("[data-day]")) ref.current?.scrollIntoView({ block: "nearest" });
  }, [day]);

  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      data-testid="day-panel"
      className="mt-4 border-t border-stone-200 px-1 pt-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="mr-auto text-base font-semibold text-stone-900">
          {dayLabel(day, browserLocale())}
        </h3>
        <Button variant="secondary" size="sm" onClick={() => onShowList(day)}>
          <List className="h-4 w-4" aria-hidden />
          Show in list
        </Button>
        <Button variant="ghost" size="icon" aria-label="Close day" onClick={onClose}>
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {q.isError ? (
        <div className="mt-3">
          <ErrorBox
            title="Failed to load entries"
            error={q.error}
            retryLabel="Retry"
            onRetry={() => void q.refetch()}
          />
        </div>
      ) : !page ? (
        <div className="mt-3 h-16 animate-pulse rounded-xl bg-stone-100" aria-busy="true" />
      ) : entries.length === 0 ? (
        <div className="mt-3 rounded-xl bg-stone-50 px-4 py-5 text-center text-sm text-stone-600">
          <p>Nothing written on this day.</p>
          {day <= today && (
            <Button asChild size="sm" className="mt-3">
              <Link href={`/journal?date=${day}`}>
                <PenLine className="h-4 w-4" aria-hidden />
                Write about this day
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <ul className="mt-3 space-y-2" aria-label={`${entryCountText(page.total)} on this day`}>
          {entries.map((e) => (
            <li key={e.id}>
              <Link
                href={e.href}
                data-testid="day-entry"
                className="block rounded-xl border border-stone-200 px-3 py-2.5 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
              >
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium text-stone-900">{e.title}</span>
                  <span className="shrink-0 text-xs tabular-nums text-stone-500">{e.time}</span>
                  <span className="shrink-0" role="img" aria-label={`Mood: ${e.mood.label}`}>
                    {e.mood.emoji}
                  </span>
                </span>
                {e.preview && <span className="mt-0.5 block truncate text-sm text-stone-600">{e.preview}</span>}
              </Link>
            </li>
          ))}
          {more > 0 && (
            <li className="px-1 text-sm text-stone-500">
              and {entryCountText(more)} more: <span className="font-medium">Show in list</span> to see them all
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
