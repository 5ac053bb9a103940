"use client";
import clsx from "clsx";
import Link from "next/link";
import { CloudOff, FileText, Grid3x3, SmilePlus } from "lucide-react";
import { useState } from "react";
import { useCheckInHistory } from "@/client/checkin-history";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { Button } from "@/components/ui/button";
import { LoadingText } from "@/components/ui/skeleton";
import type { CheckInDto } from "@/contracts/checkins";
import { groupCheckInsByDay } from "@/domain/checkin-history";
import { MOOD_FACES, faceIndex } from "@/domain/checkins";
import { addDaysToKey, localDayKey } from "@/domain/dates";
import { clockTime, dayKeyFull } from "@/domain/date-format";
import { CheckInSheet } from "./lazy-sheet";

const face = (mood: number) => MOOD_FACES[faceIndex(mood)]!;

/** "Today", "Yesterday", else the day with its weekday ("Thursday 26 November 2026" in en-GB) for a local day key. */
function dayHeading(day: string, today: string, locale: string): string {
  if (day === today) return "Today";
  if (day === addDaysToKey(today, -1)) return "Yesterday";
  return dayKeyFull(day, locale);
}

/**
 * The person's past check-ins, grouped by day, newest first: face and mood, activities, note, time,
 * and the entry a check-in belongs to. Tapping one opens the check-in sheet to change or delete it.
 * Changes made offline show at once, marked as waiting on this device.
 */
export function CheckInHistoryScreen() {
  const tz = browserTimeZone();
  const history = useCheckInHistory();
  // The check-in last opened stays in the sheet while it closes.
  const [editing, setEditing] = useState<{ checkin: CheckInDto | null; open: boolean }>({ checkin: null, open: false });
  const [newOpen, setNewOpen] = useState(false);
  const today = localDayKey(new Date(), tz);
  const locale = browserLocale();
  const days = groupCheckInsByDay(history.checkins, tz);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-stone-900">Check-ins</h1>
          <p className="mt-1 text-sm text-stone-600">How you felt and what you did. Tap one to change or delete it.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" asChild>
            <Link href="/timeline/pixels">
              <Grid3x3 className="h-4 w-4" aria-hidden />
              Year in Pixels
            </Link>
          </Button>
          <Button size="sm" onClick={() => setNewOpen(true)}>
            <SmilePlus className="h-4 w-4" aria-hidden />
            Check in
          </Button>
        </div>
      </div>

      {history.isPending ? (
        <LoadingText>Loading your check-ins...</LoadingText>
      ) : history.isError ? (
        <p className="text-sm text-red-700">Your check-ins could not be loaded. Try again in a moment.</p>
      ) : days.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
          <p className="font-medium text-stone-800">No check-ins yet</p>
          <p className="mt-1 text-sm text-stone-600">
            Check in from Home, the editor or the tab bar: a face and a few chips are enough.
          </p>
        </div>
      ) : (
        <ol className="space-y-6" aria-label="Check-ins by day" data-testid="checkin-history">
          {days.map((d) => (
            <li key={d.day} aria-labelledby={`day-${d.day}`}>
              <h2
                id={`day-${d.day}`}
                className="mb-2 flex items-center gap-2 text-sm font-semibold text-stone-700"
                data-day={d.day}
              >
                {dayHeading(d.day, today, locale)}{" "}
                <span className="font-normal text-stone-500">
                  ·{" "}
                  {d.checkins.length === 1
                    ? "1 check-in"
                    : `${d.checkins.length} check-ins, on average ${face(d.average).label.toLowerCase()}`}
                </span>
              </h2>
              <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
                {d.checkins.map((c) => (
                  <CheckInRow
                    key={c.id}
                    checkin={c}
                    time={clockTime(c.at, tz, locale)}
                    waiting={history.waiting.has(c.id)}
                    onOpen={() => setEditing({ checkin: c, open: true })}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {history.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={history.loadMore} disabled={history.loadingMore}>
            {history.loadingMore ? "Loading..." : "Show older check-ins"}
          </Button>
        </div>
      )}
      <CheckInSheet
        open={editing.open}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
        checkin={editing.checkin}
      />
      <CheckInSheet open={newOpen} onOpenChange={setNewOpen} />
    </div>
  );
}

function CheckInRow({
  checkin: c,
  time,
  waiting,
  onOpen,
}: {
  checkin: CheckInDto;
  time: string;
  waiting: boolean;
  onOpen: () => void;
}) {
  const f = face(c.mood);
  return (
    <li className="relative flex items-start gap-3 p-3 sm:p-4" data-testid="checkin-row" data-id={c.id}>
      <span aria-hidden className="mt-0.5 text-3xl leading-none">
        {f.emoji}
      </span>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          className="text-left font-medium text-stone-900 after:absolute after:inset-0 after:rounded-none focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500"
          aria-label={`${f.label}, ${c.mood} of 10, at ${time}. Change or delete`}
        >
          {f.label} <span className="font-normal text-stone-500">· {c.mood}/10</span>
        </button>
        <span className="ml-2 text-sm text-stone-500 tabular-nums">{time}</span>
        {waiting && (
          <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
            <CloudOff className="h-3 w-3" aria-hidden />
            Waiting on this device
          </span>
        )}
        {c.activities.length > 0 && (
          <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Activities">
            {c.activities.map((a) => (
              <li
                key={a}
                className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700 first-letter:uppercase"
              >
                {a}
              </li>
            ))}
          </ul>
        )}
        {c.note && <p className={clsx("mt-1.5 line-clamp-3 text-sm whitespace-pre-line text-stone-700")}>{c.note}</p>}
        {c.entry_id && (
          <Link
            href={`/entry/${c.entry_id}`}
            className="relative z-10 mt-1.5 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <FileText className="h-3.5 w-3.5" aria-hidden />
            Open its entry
          </Link>
        )}
      </div>
    </li>
  );
}
