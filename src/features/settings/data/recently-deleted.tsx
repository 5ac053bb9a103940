"use client";
import { Loader2, RotateCcw, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/client/errors";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { longDate } from "@/domain/date-format";
import { useEmptyTrash, usePurgeEntry, useRestoreEntry, useTrash } from "@/client/entries";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { TrashedEntryDto } from "@/contracts/trash";
import { purgeLabel, TRASH_RETENTION_DAYS } from "@/domain/trash";

export const RECENTLY_DELETED_ID = "recently-deleted";

/**
 * Recently deleted: entries deleted in the last 30 days, each with Restore and Delete forever, and
 * Empty (after a confirmation). Deleting forever asks first, as deleting did.
 */
export function RecentlyDeleted() {
  const trash = useTrash();
  const restore = useRestoreEntry();
  const purge = usePurgeEntry();
  const empty = useEmptyTrash();
  const toast = useToast();
  const [confirm, setConfirm] = useState<TrashedEntryDto | "all" | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [now] = useState(() => new Date());

  const onRestore = (e: TrashedEntryDto) => {
    setFailure(null);
    restore.mutate(e.id, {
      onSuccess: (r) =>
        toast.success(`“${e.title || "Untitled entry"}” is back in your journal.`, (
          <Link href={`/entry/${encodeURIComponent(r.entry.id)}`} className="text-sm font-medium text-brand-700 hover:underline">
            View
          </Link>
        ), { duration: 8000 }),
      onError: setFailure,
    });
  };
  const onConfirm = () => {
    const target = confirm;
    if (!target) return;
    setFailure(null);
    const done = { onSuccess: () => setConfirm(null), onError: (err: unknown) => (setConfirm(null), setFailure(err)) };
    if (target === "all") empty.mutate(undefined, done);
    else purge.mutate(target.id, done);
  };

  const entries = trash.data?.entries ?? [];
  const busy = purge.isPending || empty.isPending;
  return (
    <div id={RECENTLY_DELETED_ID} className="scroll-mt-20" data-testid="recently-deleted">
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-stone-900">Recently deleted</h3>
        {entries.length > 0 && (
          <button type="button" onClick={() => setConfirm("all")} className="text-sm font-medium text-red-700 hover:underline">
            Empty Recently deleted
          </button>
        )}
      </div>
      <p className="mt-1 text-xs text-stone-500">
        Deleted entries stay here for {TRASH_RETENTION_DAYS} days, with their photos and recordings, then they are gone for good. They are not part of an export, and Clear All Data removes them too.
      </p>
      {trash.isPending ? (
        <Skeleton className="mt-3 h-16 w-full rounded-xl" />
      ) : trash.isError ? (
        <div className="mt-3">
          <ErrorBox title="Could not load Recently deleted" error={trash.error} onRetry={() => void trash.refetch()} />
        </div>
      ) : entries.length === 0 ? (
        <p className="mt-3 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-600">Nothing here. Entries you delete can be restored from here for {TRASH_RETENTION_DAYS} days.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Recently deleted entries">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-col gap-3 rounded-xl border border-stone-200 px-4 py-3 sm:flex-row sm:items-start" data-testid="trash-item">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">{e.title || "Untitled entry"}</p>
                <p className="text-xs text-stone-500">
                  {longDate(e.created_at, browserTimeZone(), browserLocale())} · {purgeLabel(new Date(e.deleted_at), now)}
                  {e.media_count > 0 && ` · ${e.media_count} ${e.media_count === 1 ? "file" : "files"}`}
                </p>
                {e.excerpt && <p className="mt-1 line-clamp-2 text-sm text-stone-600">{e.excerpt}</p>}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => onRestore(e)} disabled={restore.isPending} aria-label={`Restore ${e.title || "Untitled entry"}`}>
                  {restore.isPending && restore.variables === e.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <RotateCcw className="h-4 w-4" aria-hidden />}
                  Restore
                </Button>
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setConfirm(e)} aria-label={`Delete forever ${e.title || "Untitled entry"}`}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Delete forever
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {failure !== null && (
        <div className="mt-3">
          <ErrorBox title="That did not work" message={errorMessage(failure)} error={failure} onDismiss={() => setFailure(null)} />
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && !busy && setConfirm(null)}
        title={confirm === "all" ? "Empty Recently deleted?" : "Delete this entry forever?"}
        message={
          confirm === "all"
            ? `All ${entries.length === 1 ? "1 entry" : `${entries.length} entries`} in Recently deleted and their media will be deleted for good, from every snapshot too. This cannot be undone.`
            : `“${(typeof confirm === "object" && confirm?.title) || "Untitled entry"}” and its media will be deleted for good, from every snapshot too. This cannot be undone.`
        }
        confirmLabel={busy ? "Deleting..." : "Delete forever"}
        danger
        busy={busy}
        onConfirm={onConfirm}
      />
    </div>
  );
}
