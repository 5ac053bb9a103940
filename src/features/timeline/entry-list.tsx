"use client";
import { browserLocale } from "@/client/storage";
import { BookOpen, Loader2, SearchX } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { useEntries } from "@/client/entries/use-entries";
import { lazyPart, lazyWhenShown } from "@/components/lazy";
import { ErrorBox } from "@/components/feedback/error-box";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { localDayKey } from "@/domain/dates";
import { offlineFilterOf } from "@/domain/outbox";
import {
  basicReadingNote,
  hasActiveQuery,
  monthLabel,
  monthOfDay,
  resultCountText,
  type EntryQueryParams,
  type TimelineEntry,
  type TimelineFilters,
} from "@/domain/timeline";
import { EntryCard } from "./entry-card";
import { CardSkeletons } from "./timeline-skeleton";

/** What the device keeps (entries waiting to sync, the reading copy): its code loads when needed or idle. */
export const deviceParts = lazyPart(() => import("./device-entries"));

/** The note that some readings are basic ones comes after the page (with the model names it reads). */
const ReadingLine = lazyWhenShown(() => import("@/components/ui/reading-source").then((m) => m.ReadingLine));

/** How far below the screen the next page starts loading. */
const PREFETCH_MARGIN = "900px 0px";

export function EntryList({
  params,
  search,
  filters,
  now,
  tz,
  onClearAll,
}: {
  params: EntryQueryParams;
  search: string;
  filters: TimelineFilters;
  now: Date;
  tz: string;
  onClearAll: () => void;
}) {
  // Server and device together: an entry waiting on this device is left out here (the waiting section shows it).
  const q = useEntries(params);
  const { entries, total, unreachable, hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = q;
  const sentinel = useRef<HTMLDivElement>(null);
  const parts = deviceParts.use(q.waiting.length > 0 || unreachable);

  // Infinite scroll: load the next page when the end of the list comes near. The observer is made
  // again after each page, and reports at once if the end is still in view, so a tall screen fills up.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const io = new IntersectionObserver(
      (items) => {
        if (items.some((i) => i.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, entries.length]);

  // No server (paused offline, or failing while it retries): what the device keeps, searched on the device.
  if (unreachable) {
    return (
      <div>
        {parts ? <parts.OfflineList filter={offlineFilterOf(params)} now={now} tz={tz} /> : <CardSkeletons count={2} />}
      </div>
    );
  }

  if (q.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading entries...
        </p>
        <CardSkeletons count={3} />
      </div>
    );
  }

  if (q.isError && !q.data) {
    return (
      <ErrorBox title="Failed to load entries" error={q.error} retryLabel="Retry" onRetry={() => void q.refetch()} />
    );
  }

  const filtered = hasActiveQuery(search, filters);
  const count = total ?? 0;
  const stale = q.isPlaceholderData;
  const readingNote = basicReadingNote(entries);

  return (
    <div aria-busy={stale || undefined}>
      <p
        role="status"
        aria-live="polite"
        className="mb-3 flex items-center gap-2 text-sm text-stone-600"
        data-testid="result-count"
      >
        <span>
          <span className="font-medium text-stone-900">{resultCountText(count)}</span>
          {search && (
            <>
              {" "}
              for <span className="font-medium text-stone-900">&ldquo;{search}&rdquo;</span>
            </>
          )}
        </span>
        {stale && <Loader2 className="h-4 w-4 animate-spin text-stone-400" aria-label="Updating" />}
      </p>
      {readingNote && count > 0 && <ReadingLine kind="offline" text={readingNote} className="-mt-1 mb-3" />}

      {count === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX className="h-8 w-8" aria-hidden />}
            title="No matching entries"
            action={
              <Button variant="secondary" onClick={onClearAll}>
                Clear search and filters
              </Button>
            }
          >
            Try another word, or widen the filters.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<BookOpen className="h-8 w-8" aria-hidden />}
            title="No entries yet"
            action={
              <Button asChild>
                <Link href="/journal">Write your first entry</Link>
              </Button>
            }
          >
            Your entries will appear here, newest first.
          </EmptyState>
        )
      ) : (
        <div className={stale ? "opacity-60 transition-opacity" : "transition-opacity"}>
          <MonthGroups entries={entries} now={now} tz={tz} />
        </div>
      )}

      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage && (
        <div className="mt-4" aria-busy="true">
          <p role="status" className="sr-only">
            Loading more entries...
          </p>
          <CardSkeletons count={2} />
        </div>
      )}
      {isFetchNextPageError && (
        <div className="mt-4">
          <ErrorBox
            title="Failed to load entries"
            error={q.error}
            retryLabel="Retry"
            onRetry={() => void fetchNextPage()}
          />
        </div>
      )}
      {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
      {!hasNextPage && count > 0 && entries.length >= count && count > 3 && (
        <p className="mt-8 text-center text-sm text-stone-500">That&rsquo;s everything. {resultCountText(count)}.</p>
      )}
    </div>
  );
}

/** Cards grouped under month headings, newest first. */
function MonthGroups({ entries, now, tz }: { entries: TimelineEntry[]; now: Date; tz: string }) {
  const groups: { month: string; items: typeof entries }[] = [];
  for (const e of entries) {
    const month = monthOfDay(localDayKey(e.created_at, tz));
    const last = groups.at(-1);
    if (last?.month === month) last.items.push(e);
    else groups.push({ month, items: [e] });
  }
  return (
    <>
      {groups.map((g) => (
        <section key={g.month} aria-labelledby={`month-${g.month}`} className="mb-6">
          <h2
            id={`month-${g.month}`}
            className="sticky top-14 z-10 -mx-1 mb-3 bg-[#faf9f7]/95 px-1 py-1.5 text-xs font-semibold uppercase tracking-wide text-stone-500 backdrop-blur"
          >
            {monthLabel(g.month, browserLocale())}
          </h2>
          <ol className="space-y-4">
            {g.items.map((e) => (
              <li key={e.id}>
                <EntryCard entry={e} now={now} tz={tz} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
