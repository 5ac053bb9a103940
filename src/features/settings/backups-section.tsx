"use client";
import { History } from "lucide-react";
import { useState } from "react";
import { useBackups, useRestoreSnapshot, useTakeSnapshot } from "@/client/backups";
import type { SnapshotDto } from "@/contracts/backups";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { dateTime } from "@/domain/date-format";
import { formatBytes, formatCount } from "@/domain/home";

const when = (iso: string) => dateTime(iso, browserTimeZone(), browserLocale());
const entriesLabel = (n: number) => `${formatCount(n)} ${n === 1 ? "entry" : "entries"}`;

/** Backups, within App Information: the automatic snapshots, one taken now, and a restore that can itself be undone. */
export function BackupsSection() {
  const toast = useToast();
  const status = useBackups();
  const [pick, setPick] = useState<SnapshotDto | null>(null);
  const [undo, setUndo] = useState<SnapshotDto | null>(null);

  const snapshot = useTakeSnapshot((s) => toast.success(`Snapshot taken: ${entriesLabel(s.entries)}.`));
  const restore = useRestoreSnapshot((r) => {
    setPick(null);
    setUndo(r.undo);
    toast.success(`Restored the snapshot of ${when(r.restored.created_at)}.`);
  });

  const list = status.data?.snapshots ?? [];
  return (
    <div role="group" aria-labelledby="backups-title" className="mt-6" data-testid="backups">
      <h3 id="backups-title" className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <History className="h-4 w-4 text-brand-600" aria-hidden />
        Backups
      </h3>
      <p className="mb-3 mt-1 text-sm text-stone-500">
        {status.data?.automatic
          ? `A snapshot of the whole journal is taken at most ${status.data.delay_seconds} seconds after you write, daily, and when the app stops. Each is checked before it is kept.`
          : "Snapshots of the whole journal, each checked before it is kept."}
      </p>

      {status.data?.restored_at_start && (
        <p role="status" className="mb-4 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          The database was missing when the app started; the snapshot of{" "}
          {when(status.data.restored_at_start.created_at)} was restored.
        </p>
      )}
      {undo && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950"
          data-testid="restore-undo"
        >
          <span className="flex-1">
            Restored. Your journal as it was just before is kept as the snapshot of {when(undo.created_at)}.
          </span>
          <Button size="sm" variant="secondary" disabled={restore.isPending} onClick={() => setPick(undo)}>
            Undo the restore
          </Button>
        </div>
      )}
      {status.data?.last_error && <ErrorBox title="The last snapshot failed" message={status.data.last_error} />}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => snapshot.mutate()}
          disabled={snapshot.isPending || restore.isPending}
        >
          {snapshot.isPending ? "Taking a snapshot..." : "Take a snapshot now"}
        </Button>
        {status.data && <span className="text-xs text-stone-500">Stored in {status.data.backup_dir}</span>}
      </div>
      {snapshot.isError && <ErrorBox title="Could not take a snapshot" error={snapshot.error} />}
      {restore.isError && <ErrorBox title="Could not restore the snapshot" error={restore.error} />}
      {status.isError && (
        <ErrorBox title="Could not list the snapshots" error={status.error} onRetry={() => void status.refetch()} />
      )}

      {status.isPending ? (
        <Skeleton className="mt-4 h-24" />
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No snapshots yet. The first is taken shortly after you write.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200" aria-label="Snapshots">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm" data-testid="snapshot">
              <div className="min-w-0 flex-1">
                <div className="font-medium text-stone-900">{when(s.created_at)}</div>
                <div className="text-xs text-stone-500">
                  {entriesLabel(s.entries)} · {formatBytes(s.bytes + s.media_bytes)} · {s.reason}
                </div>
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setPick(s)}
                disabled={restore.isPending}
                aria-label={`Restore the snapshot of ${when(s.created_at)}`}
              >
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pick !== null}
        onOpenChange={(o) => !restore.isPending && !o && setPick(null)}
        title="Restore this snapshot?"
        message={
          pick
            ? `Your journal will be as it was on ${when(pick.created_at)} (${entriesLabel(pick.entries)}). The journal as it is now is kept as a snapshot first, so you can undo this.`
            : ""
        }
        confirmLabel={restore.isPending ? "Restoring..." : "Restore"}
        busy={restore.isPending}
        onConfirm={() => pick && restore.mutate(pick.id)}
      />
    </div>
  );
}
