"use client";
import { useState } from "react";
import { BellRing, Copy, RefreshCw } from "lucide-react";
import clsx from "clsx";
import type { ReminderSettingsDto } from "@/contracts/reminders";
import { feedUrl, useReminderSettings, useResetReminderLink, useSaveReminders } from "@/client/reminders";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { LoadingText } from "@/components/ui/skeleton";
import { browserLocale } from "@/client/storage";
import { clockTime } from "@/domain/date-format";
import { WEEK_ORDER, WEEKDAY_LABELS, orderDays, scheduleSummary, type Weekday } from "@/domain/reminders";
import { SettingsSection } from "./section";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** "7:00 PM" or "19:00", as the browser's locale writes a time (the time field shows it so too). */
function localTime(time: string): string {
  const [h, m] = time.split(":").map(Number);
  if (!Number.isInteger(h) || !Number.isInteger(m)) return time;
  return clockTime(Date.UTC(2000, 0, 1, h, m), "UTC", browserLocale());
}

/** Reminders: days and a time, on or off; a private calendar link with Copy and Reset. */
export function RemindersSection() {
  const settings = useReminderSettings();
  return (
    <SettingsSection
      id="reminders"
      title="Reminders"
      description="A gentle reminder to write, on the days and at the time you choose."
      icon={<BellRing className="h-5 w-5" aria-hidden />}
    >
      {settings.isPending ? (
        <LoadingText>Loading reminders...</LoadingText>
      ) : settings.isError ? (
        <ErrorBox title="Could not load reminders" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <RemindersForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </SettingsSection>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettingsDto }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [days, setDays] = useState<Weekday[]>(saved.days);
  const [time, setTime] = useState(saved.time);
  const save = useSaveReminders();
  const toast = useToast();
  const dirty =
    enabled !== saved.enabled || days.join() !== saved.days.join() || time !== saved.time || saved.tz !== browserZone();
  const toggle = (d: Weekday) =>
    setDays((cur) => orderDays(cur.includes(d) ? cur.filter((x) => x !== d) : [...cur, d]));
  const onSave = () =>
    save.mutate(
      { enabled, days, time, tz: browserZone() },
      { onSuccess: () => toast.success(enabled ? "Reminders saved." : "Reminders are off.") },
    );

  return (
    <div className="space-y-5">
      <Switch
        checked={enabled}
        onCheckedChange={setEnabled}
        label="Remind me to write"
        description="While Reverie is open, a small note appears at that time if you have not written yet that day."
      />
      <fieldset disabled={!enabled} className="space-y-4 disabled:opacity-60">
        <legend className="mb-2 text-sm font-medium text-stone-800">Days</legend>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Days">
          {WEEK_ORDER.map((d) => {
            const on = days.includes(d);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(d)}
                className={clsx(
                  "h-10 min-w-12 rounded-full border px-3 text-sm font-medium",
                  on
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
                )}
              >
                <span aria-hidden>{WEEKDAY_LABELS[d].short}</span>
                <span className="sr-only">{WEEKDAY_LABELS[d].long}</span>
              </button>
            );
          })}
        </div>
        <label className="flex flex-wrap items-center gap-3 text-sm font-medium text-stone-800">
          Time
          <input
            type="time"
            value={time}
            required
            onChange={(e) => setTime(e.target.value)}
            className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-stone-900"
          />
        </label>
        {enabled && <p className="text-sm text-stone-600">{scheduleSummary({ days, time }, localTime(time))}</p>}
      </fieldset>
      {save.isError && <ErrorBox title="Could not save reminders" error={save.error} />}
      <Button onClick={onSave} disabled={!dirty || save.isPending || (enabled && days.length === 0)}>
        {save.isPending ? "Saving..." : "Save reminders"}
      </Button>
      <FeedLink saved={saved} />
    </div>
  );
}

function FeedLink({ saved }: { saved: ReminderSettingsDto }) {
  const reset = useResetReminderLink();
  const toast = useToast();
  const url = feedUrl(saved);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied.");
    } catch {
      toast.error("Could not copy. Select the link and copy it yourself.");
    }
  };
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <h3 className="text-sm font-semibold text-stone-900">Calendar link</h3>
      <p className="mt-1 text-sm text-stone-600">
        Add this private link to your calendar app (as a subscription, &quot;From URL&quot;) and your calendar reminds
        you, with a question to start from. It holds only the reminder, never your entries. Anyone with the link sees
        your reminder times: keep it to yourself, or reset it to make a new one.
      </p>
      <input
        readOnly
        value={url}
        aria-label="Calendar link"
        data-testid="reminder-feed-url"
        onFocus={(e) => e.currentTarget.select()}
        className="mt-3 h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 font-mono text-xs text-stone-800"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy className="mr-1.5 h-4 w-4" aria-hidden />
          Copy link
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={reset.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () => toast.success("A new link is ready. The old one no longer works."),
            })
          }
        >
          <RefreshCw className="mr-1.5 h-4 w-4" aria-hidden />
          Reset link
        </Button>
      </div>
      {reset.isError && <ErrorBox title="Could not reset the link" error={reset.error} />}
    </div>
  );
}
