"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { deviceQueries, setReadingCopy, useOutboxStatus } from "@/client/device";
import { qk } from "@/client/keys";
import { usePreferences } from "@/client/storage";
import { Switch } from "@/components/ui/switch";
import { formatBytes } from "@/domain/home";
import { waitingLabel } from "@/domain/outbox-text";

/**
 * What this browser keeps of the journal (see Writing offline in the README): entries waiting to sync,
 * and the reading copy, which the person can turn off for this device.
 */
export function OnThisDevice() {
  const [prefs, setPrefs] = usePreferences();
  const outbox = useOutboxStatus();
  const qc = useQueryClient();
  const copy = useQuery(deviceQueries.readingCopy());
  const waiting = outbox.entries.filter((e) => !e.deleted).length;

  const setReading = async (on: boolean) => {
    setPrefs({ offlineReading: on });
    await setReadingCopy(on);
    await qc.invalidateQueries({ queryKey: qk.readingCopy });
  };

  const c = copy.data;
  return (
    <div data-testid="on-this-device">
      <h3 className="mt-6 text-sm font-semibold text-stone-900">On this device</h3>
      <ul className="mt-2 space-y-1 text-sm text-stone-700">
        <li data-testid="device-waiting">{waiting ? `${waitingLabel(waiting)}: kept in this browser until your journal has them.` : "Nothing waits to sync."}</li>
        <li data-testid="device-reading">
          {!c
            ? "\u00a0"
            : c.entries
              ? `A reading copy of ${c.entries === 1 ? "1 recent entry" : `${c.entries} recent entries`}${c.thumbnails ? ` and ${c.thumbnails} thumbnail${c.thumbnails === 1 ? "" : "s"}` : ""} (${formatBytes(c.bytes)}), for reading offline.`
              : "No reading copy is kept."}
        </li>
      </ul>
      <div className="mt-3">
        <Switch
          checked={prefs.offlineReading}
          onCheckedChange={(v) => void setReading(v)}
          label="Keep recent entries for reading offline"
          description="The 200 most recent entries and their thumbnails, in this browser only. Never kept with a passcode or encryption on. Lock and Clear All Data remove everything kept here."
        />
      </div>
    </div>
  );
}
