"use client";
import clsx from "clsx";
import { ArrowLeft, CalendarDays, FileText, Loader2, MapPin, Pencil, Sparkles, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "@/client/api";
import { useDeleteEntry, useEntry } from "@/client/entries";
import { useDeviceEntry } from "@/client/outbox/status";
import { queryUnreachable } from "@/client/query-client";
import { browserTimeZone } from "@/client/storage";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { UndoDelete, UNDO_TOAST_MS } from "@/components/feedback/undo-delete";
import { RichText } from "@/components/richtext/rich-text";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { EntryDto } from "@/contracts/entries";
import { fullDateTime } from "@/domain/dates";
import { TRASH_RETENTION_DAYS } from "@/domain/trash";
import { parseThemes } from "@/domain/editor";
import { moodStyle } from "@/domain/mood";
import { wordCount } from "@/domain/text";
import { MOOD_COLOR_CLASSES } from "@/features/journal/insights-panel";
import { MediaGrid } from "./media-grid";

export const DELETE_FAILED_MESSAGE = "Failed to delete entry. Please try again.";

function BackLink() {
  return (
    <Link href="/timeline" className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Timeline
    </Link>
  );
}

/** Entry detail (spec section 2). */
export function EntryScreen({ id }: { id: string }) {
  const q = useEntry(id);
  const onDevice = useDeviceEntry(id);
  const elsewhere = !!onDevice || queryUnreachable(q) || (q.error instanceof ApiError && q.error.status === 404 && !!onDevice);
  // The device's version (waiting to sync), or no server: the entry is read where the device can show it.
  useEffect(() => {
    if (elsewhere) window.location.replace(`/timeline#entry=${encodeURIComponent(id)}`);
  }, [elsewhere, id]);
  if (elsewhere || q.isPending) return <EntrySkeleton />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink />
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
  const created = fullDateTime(entry.created_at, tz);
  const updated = fullDateTime(entry.updated_at, tz);
  const mood = moodStyle(entry.ai_mood_score);
  const colors = MOOD_COLOR_CLASSES[mood.color];
  const moodText = entry.mood?.trim() ? entry.mood.trim() : "Unknown mood";
  const words = wordCount(entry.content);
  const themes = parseThemes(entry.ai_themes);
  const hasCoords = entry.location_lat !== null && entry.location_lng !== null;

  const onDelete = async () => {
    setDeleteError(null);
    try {
      const r = await del.mutateAsync(entry.id);
      setConfirm(false);
      if (r.queued) toast.success("The entry will be deleted from your journal when the connection returns.");
      else toast.success("Entry deleted.", <UndoDelete id={entry.id} onRestored={(id) => router.push(`/entry/${encodeURIComponent(id)}`)} />, { duration: UNDO_TOAST_MS });
      router.push("/timeline");
    } catch (err) {
      console.warn("Failed to delete entry", err);
      setConfirm(false);
      setDeleteError(DELETE_FAILED_MESSAGE);
    }
  };

  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="entry-title">
      <div className="flex flex-wrap items-center gap-2">
        <BackLink />
        <div className="ml-auto flex gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link href={`/journal/edit/${encodeURIComponent(entry.id)}`}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit
            </Link>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirm(true)} className="text-red-700 hover:bg-red-50">
            {del.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Trash2 className="h-4 w-4" aria-hidden />}
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
        <p role="note" data-testid="conflict-note" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
          A conflicted copy: this entry was changed on a device while it was offline, and changed elsewhere too. The other version was kept as it
          was, and this one was saved beside it, so that nothing was overwritten.{" "}
          <Link href={`/entry/${encodeURIComponent(entry.conflict_of)}`} className="font-medium underline">
            Open the other version
          </Link>
        </p>
      )}

      <div className="mt-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <header>
          <h1 id="entry-title" className={clsx("text-2xl font-semibold sm:text-3xl", entry.title ? "text-stone-900" : "text-stone-500")}>
            {entry.title || "Untitled entry"}
          </h1>
          <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-600">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Written</dt>
              <CalendarDays className="h-4 w-4 text-stone-400" aria-hidden />
              <dd>
                <time dateTime={entry.created_at}>{created}</time>
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Mood</dt>
              <dd className={clsx("inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5", colors.bg, colors.text)} data-testid="entry-mood">
                <span aria-hidden>{mood.emoji}</span>
                <span className="capitalize">{moodText}</span>
                {entry.ai_mood_score !== null && <span className="text-xs">({entry.ai_mood_score}/10)</span>}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Length</dt>
              <FileText className="h-4 w-4 text-stone-400" aria-hidden />
              <dd>
                {words} {words === 1 ? "word" : "words"}
              </dd>
            </div>
            {(entry.location_name || hasCoords) && (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Location</dt>
                <MapPin className="h-4 w-4 text-stone-400" aria-hidden />
                <dd>
                  {entry.location_name}
                  {hasCoords && (
                    <span className={clsx("tabular-nums", entry.location_name && "ml-1 text-stone-400")}>
                      {entry.location_name ? "(" : ""}
                      {entry.location_lat!.toFixed(4)}, {entry.location_lng!.toFixed(4)}
                      {entry.location_name ? ")" : ""}
                    </span>
                  )}
                </dd>
              </div>
            )}
          </dl>
        </header>

        <RichText text={entry.content} className="mt-6 text-base sm:text-lg" />

        {entry.ai_summary && (
          <section aria-labelledby="summary-title" className="mt-8 rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
            <h2 id="summary-title" className="flex items-center gap-2 text-sm font-semibold text-brand-900">
              <Sparkles className="h-4 w-4" aria-hidden />
              AI Summary
            </h2>
            <p className="mt-1.5 text-sm text-stone-700">{entry.ai_summary}</p>
            {themes.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Themes">
                {themes.map((t) => (
                  <li key={t} className="rounded-full bg-white px-2.5 py-0.5 text-xs text-stone-700">
                    {t}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {entry.media_files.length > 0 && (
          <section aria-labelledby="media-title" className="mt-8">
            <h2 id="media-title" className="text-sm font-semibold text-stone-900">
              Media
            </h2>
            <MediaGrid media={entry.media_files} />
          </section>
        )}

        {entry.tags.length > 0 && (
          <section aria-labelledby="tags-title" className="mt-8">
            <h2 id="tags-title" className="text-sm font-semibold text-stone-900">
              Tags
            </h2>
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {entry.tags.map((t) => (
                <li key={t.name} className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-sm text-brand-900">
                  #{t.name}
                </li>
              ))}
            </ul>
          </section>
        )}

        {updated !== created && (
          <p className="mt-8 border-t border-stone-100 pt-4 text-xs text-stone-500">
            Last updated <time dateTime={entry.updated_at}>{updated}</time>
          </p>
        )}
      </div>

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
