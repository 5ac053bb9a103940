"use client";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { checkinQueries } from "@/client/checkins";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { Button } from "@/components/ui/button";
import { LoadingText } from "@/components/ui/skeleton";
import { MOOD_FACES, pixelLabel, pixelLevel, type PixelDay, type PixelLevel } from "@/domain/checkins";
import { localDayKey } from "@/domain/dates";
import { monthName } from "@/domain/date-format";
import { dayLabel } from "@/domain/timeline";

/** The twelve months in the locale's words, short and long. */
const monthsOf = (locale: string) =>
  Array.from({ length: 12 }, (_, i) => ({ short: monthName(i, locale, true), long: monthName(i, locale) }));

/** One colour per face, lowest to highest; a day without a mood stays pale. */
const LEVEL_CLASS: Record<PixelLevel, string> = {
  0: "bg-stone-100",
  1: "bg-red-500",
  2: "bg-orange-400",
  3: "bg-amber-300",
  4: "bg-lime-500",
  5: "bg-green-600",
};

/**
 * Year in Pixels: every day of a year as a square coloured by its mood, the person's own (check-ins)
 * where there is one, else the one read from their writing (shown paler). Months are columns, days rows;
 * each square is named for screen readers.
 */
export function YearInPixels({ initialYear, embedded }: { initialYear?: number; embedded?: boolean } = {}) {
  const tz = browserTimeZone();
  const months = monthsOf(browserLocale());
  const thisYear = Number(localDayKey(new Date(), tz).slice(0, 4));
  const [year, setYear] = useState(initialYear ?? thisYear);
  const Heading = embedded ? "h2" : "h1";
  const q = useQuery(checkinQueries.pixels(year, tz));
  const byDate = new Map((q.data?.days ?? []).map((d) => [d.date, d]));
  const stated = q.data?.days.filter((d) => d.source === "stated").length ?? 0;
  const inferred = q.data?.days.filter((d) => d.source === "inferred").length ?? 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Heading
            className={embedded ? "text-lg font-semibold text-stone-900" : "text-2xl font-semibold text-stone-900"}
          >
            Year in Pixels
          </Heading>
          <p className="mt-1 text-sm text-stone-600">
            Each day coloured by its mood: yours where you checked in, else the one read from your writing.{" "}
            <Link href="/timeline/checkins" className="font-medium text-brand-700 hover:underline">
              Your check-ins
            </Link>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="icon" aria-label="Previous year" onClick={() => setYear((y) => y - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <span className="min-w-14 text-center text-lg font-semibold tabular-nums" aria-live="polite">
            {year}
          </span>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Next year"
            disabled={year >= thisYear}
            onClick={() => setYear((y) => y + 1)}
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>

      {q.isPending ? (
        <LoadingText>Loading your year...</LoadingText>
      ) : q.isError ? (
        <p className="text-sm text-red-700">The year could not be loaded. Try again in a moment.</p>
      ) : (
        <>
          <p className="text-sm text-stone-600" data-testid="pixels-summary">
            {stated} {stated === 1 ? "day" : "days"} with your own check-in, {inferred}{" "}
            {inferred === 1 ? "day" : "days"} read from your writing.
          </p>
          <div className="overflow-x-auto">
            <table className="border-separate border-spacing-[3px]" data-testid="year-pixels">
              <caption className="sr-only">Mood of each day of {year}</caption>
              <thead>
                <tr>
                  <th scope="col" className="w-6">
                    <span className="sr-only">Day</span>
                  </th>
                  {months.map((m) => (
                    <th key={m.long} scope="col" className="text-[11px] font-medium text-stone-500">
                      <abbr title={m.long} className="no-underline">
                        {m.short}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: 31 }, (_, d) => (
                  <tr key={d}>
                    <th scope="row" className="pr-1 text-right text-[10px] font-normal tabular-nums text-stone-400">
                      {d + 1}
                    </th>
                    {months.map((_m, mi) => {
                      const key = `${year}-${String(mi + 1).padStart(2, "0")}-${String(d + 1).padStart(2, "0")}`;
                      const day = byDate.get(key);
                      return <td key={key}>{day ? <Pixel day={day} /> : null}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Legend />
        </>
      )}
      <p className="text-sm">
        <Link href="/timeline/checkins" className="font-medium text-brand-700 hover:underline">
          See and change your check-ins
        </Link>
        <span aria-hidden className="mx-2 text-stone-300">
          ·
        </span>
        <Link href="/timeline" className="font-medium text-brand-700 hover:underline">
          Back to the Timeline
        </Link>
      </p>
    </div>
  );
}

function Pixel({ day }: { day: PixelDay }) {
  const level = pixelLevel(day.mood);
  const label = pixelLabel(day, dayLabel(day.date, browserLocale()));
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-date={day.date}
      data-level={level}
      data-source={day.source ?? "none"}
      className={clsx(
        "block h-5 w-5 rounded-[4px] sm:h-6 sm:w-6",
        LEVEL_CLASS[level],
        day.source === "inferred" && "opacity-50",
      )}
    />
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-3 text-xs text-stone-600" aria-label="Legend">
      {MOOD_FACES.map((f, i) => (
        <li key={f.mood} className="flex items-center gap-1.5">
          <span aria-hidden className={clsx("h-3.5 w-3.5 rounded-[3px]", LEVEL_CLASS[(i + 1) as PixelLevel])} />
          {f.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="h-3.5 w-3.5 rounded-[3px] bg-green-600 opacity-50" />
        Paler: read from your writing
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="h-3.5 w-3.5 rounded-[3px] bg-stone-100" />
        No mood
      </li>
    </ul>
  );
}
