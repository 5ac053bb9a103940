"use client";
import { Loader2, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useDeviceEntry } from "@/client/device";
import { useDeleteEntry, useServerEntry } from "@/client/entries";
import { ApiError, errorMessage } from "@/client/errors";
import { queryUnreachable } from "@/client/query-client";
import { browserTimeZone } from "@/client/storage";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { UndoDelete, UNDO_TOAST_MS } from "@/components/feedback/undo-delete";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { EntryDto } from "@/contracts/entries";
import { TRASH_RETENTION_DAYS } from "@/domain/trash";
import { ReviewPanel } from "@/features/reviews/review-panel";
import { BackToTimeline } from "./back-to-timeline";
import { EntryBody } from "./entry-body";
import { EntryMemoryProposals } from "./entry-memory";
import { EntryReflection } from "./entry-reflection";

export const DELETE_FAILED_MESSAGE = "Failed to delete entry. Please try again.";

/** Entry detail (spec section 2). */
export function EntryScreen({ id }: { id: string }) {
  const q = useServerEntry(id);
  const onDevice = useDeviceEntry(id);
  const elsewhere =
    !!onDevice || queryUnreachable(q) || (q.error instanceof ApiError && q.error.status === 404 && !!onDevice);
  // The device's version (waiting to sync), or no server: the entry is read where the device can show it.
  useEffect(() => {
    if (elsewhere) window.location.replace(`/timeline#entry=${encodeURIComponent(id)}`);
  }, [elsewhere, id]);
  if (elsewhere || q.isPending) return <EntrySkeleton />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackToTimeline />
        <ErrorBox
          title="Failed to load entry"
          message={notFound ? "Entry not found" : errorMessage(q.error)}
          error={notFound ? undefined : q.error}
          onRetry={notFound ? undefined : () => void q.refetch()}
        />
      </div>
    );
  }
  return <EntryView entry={q.data} />;
}

function EntrySkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-4" aria-busy="true" data-testid="entry-skeleton">
      <p role="status" className="sr-only">
        Loading entry...
      </p>
      <Skeleton className="h-8 w-40" />
      <div className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}

function EntryView({ entry }: { entry: EntryDto }) {
  const router = useRouter();
  const toast = useToast();
  const del = useDeleteEntry();
  const [confirm, setConfirm] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const tz = browserTimeZone();

  const onDelete = async () => {
    setDeleteError(null);
    try {
      const r = await del.mutateAsync(entry.id);
      setConfirm(false);
      // Both messages go with the person to the Timeline.
      if (r.queued)
        toast.success("The entry will be deleted from your journal when the connection returns.", undefined, {
          page: "/timeline",
        });
      else
        toast.success(
          "Entry deleted.",
          <UndoDelete id={entry.id} onRestored={(id) => router.push(`/entry/${encodeURIComponent(id)}`)} />,
          { duration: UNDO_TOAST_MS, page: "/timeline" },
        );
      router.push("/timeline");
    } catch (err) {
      console.warn("Failed to delete entry", err);
      setConfirm(false);
      setDeleteError(DELETE_FAILED_MESSAGE);
    }
  };

  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="entry-title">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <BackToTimeline />
        <div className="ml-auto flex gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link href={`/journal/edit/${encodeURIComponent(entry.id)}`}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit
            </Link>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirm(true)}
            className="text-red-700 hover:bg-red-50"
          >
            {del.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Trash2 className="h-4 w-4" aria-hidden />
            )}
            Delete
          </Button>
        </div>
      </div>

      {deleteError && (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800">
          {deleteError}
        </p>
      )}

      {entry.conflict_of && (
        <p
          role="note"
          data-testid="conflict-note"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900"
        >
          A conflicted copy: this entry was changed on a device while it was offline, and changed elsewhere too. The
          other version was kept as it was, and this one was saved beside it, so that nothing was overwritten.{" "}
          <Link href={`/entry/${encodeURIComponent(entry.conflict_of)}`} className="font-medium underline">
            Open the other version
          </Link>
        </p>
      )}

      <EntryBody entry={entry} tz={tz} />
      <EntryReflection entry={entry} />
      <EntryMemoryProposals entry={entry} />
      <ReviewPanel entry={entry} />

      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this entry?"
        message={`The entry and its media will move to Recently deleted, where you can restore them for ${TRASH_RETENTION_DAYS} days.`}
        confirmLabel={del.isPending ? "Deleting..." : "Delete"}
        danger
        busy={del.isPending}
        onConfirm={() => void onDelete()}
      />
    </article>
  );
}
