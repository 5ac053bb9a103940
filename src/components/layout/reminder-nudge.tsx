"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { Feather, X } from "lucide-react";
import { useEffect, useState } from "react";
import { reminderQueries } from "@/client/reminders";
import { useLocalValue } from "@/client/storage";
import { localDayKey } from "@/domain/dates";
import { promptFor } from "@/domain/prompts";
import { isWeekday, nextReminderAt, nudgeDue, type ReminderSchedule } from "@/domain/reminders";

/** Pages where the nudge never shows: the lock and setup screens (the API is closed there) and the editor itself. */
const QUIET = /^\/(lock|unlock|setup|offline|journal)(\/|$)/u;
/** How often the open app looks at the clock (a minute: the nudge is gentle, not punctual to the second). */
const TICK_MS = 60_000;

/**
 * The gentle in-app reminder: while Reverie is open, at the chosen time on a chosen day, when nothing was
 * written that day (no entry, no check-in), a small note in the page's flow (never over a control)
 * offers to write. Dismissed, it stays away until the next reminder day.
 */
export function ReminderNudge() {
  const pathname = usePathname() ?? "/";
  const quiet = QUIET.test(pathname);
  const settings = useQuery({ ...reminderQueries.settings(), enabled: !quiet });
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useLocalValue<string | null>("reminder-nudge-dismissed", null);

  const s = settings.data;
  const schedule: ReminderSchedule | null = s?.enabled ? { ...s, since: null } : null;

  // Looks at the clock when the schedule arrives, at the next reminder time, every minute (a laptop that
  // slept lets intervals slip) and when the tab comes back into view.
  const key = schedule ? `${schedule.days.join()}|${schedule.time}|${schedule.tz}` : "";
  useEffect(() => {
    if (!key) return;
    const [days, time, tz] = key.split("|") as [string, string, string];
    const tick = () => setNow(Date.now());
    tick();
    const next = nextReminderAt(
      { enabled: true, days: days.split(",").filter(isWeekday), time, tz, since: null },
      new Date(),
    );
    const timeout = next ? window.setTimeout(tick, Math.min(next.getTime() - Date.now() + 250, 2 ** 31 - 1)) : 0;
    const id = window.setInterval(tick, TICK_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearTimeout(timeout);
      window.clearInterval(id);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [key]);

  const at = new Date(now);
  const today = schedule ? localDayKey(at, schedule.tz) : "";
  // Asked only once the time has come (the answer is whether the server has anything of today).
  const timeHasCome =
    !quiet && schedule !== null && nudgeDue(schedule, at, { wroteToday: false, dismissedDay: dismissed });
  const wrote = useQuery({ ...reminderQueries.wroteToday(today, schedule?.tz ?? "UTC"), enabled: timeHasCome });
  if (!timeHasCome || !schedule || !wrote.data) return null;
  if (!nudgeDue(schedule, at, { wroteToday: wrote.data.wrote, dismissedDay: dismissed })) return null;

  return (
    <aside
      aria-label="Reminder to write"
      data-testid="reminder-nudge"
      className="mx-auto mt-4 flex max-w-6xl px-4 print:hidden"
    >
      <div className="flex w-full flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-stone-700 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Feather className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
          <p className="min-w-0">
            <span className="font-medium text-stone-900">Your time to write.</span> A few lines are enough.{" "}
            <span className="text-stone-600">{promptFor(today)}</span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2 pl-7 sm:pl-0">
          <Link
            href="/journal"
            className="inline-flex h-9 items-center rounded-lg bg-brand-600 px-3 font-medium text-white hover:bg-brand-700"
          >
            Write now
          </Link>
          <button
            type="button"
            onClick={() => setDismissed(today)}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-3 text-stone-600 hover:bg-brand-100"
          >
            <X className="h-4 w-4" aria-hidden />
            Not today
          </button>
        </div>
      </div>
    </aside>
  );
}
