"use client";
import Link from "next/link";
import { BookOpen, ChevronRight } from "lucide-react";
import { browserTimeZone, useLocale } from "@/client/storage";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { relativeDate } from "@/domain/date-format";
import { effectiveMood } from "@/domain/effective-mood";
import { firstLine } from "@/domain/home";
import { moodStyle } from "@/domain/mood";
import { Panel, Quiet } from "./panel";
import { useLatestEntries } from "./use-home-data";

/** The person's newest entries: title, when, the opening line, each a link to the entry. */
export function LatestEntries({ className }: { className?: string }) {
  const q = useLatestEntries();
  const locale = useLocale();
  if (q.isSuccess && q.entries.length === 0) return null;
  const tz = browserTimeZone();
  const now = new Date();
  return (
    <Panel
      title="Your latest entries"
      icon={<BookOpen className="h-4 w-4" aria-hidden />}
      className={`min-w-0 ${className ?? ""}`}
      action={
        <Link
          href="/timeline?view=list"
          className="inline-flex items-center gap-0.5 text-sm font-medium text-brand-700 hover:underline"
        >
          See all<span className="sr-only"> entries</span>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      }
    >
      {q.isPending ? (
        <div className="space-y-4" aria-hidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-4/5" />
            </div>
          ))}
        </div>
      ) : q.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <Quiet>Your latest entries could not be loaded.</Quiet>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="-my-1 divide-y divide-stone-100" data-testid="latest-entries">
          {q.entries.map((e) => {
            const score = effectiveMood(e.stated_mood, e.ai_mood_score);
            const mood = moodStyle(score);
            const line = firstLine(e.content, e.title);
            return (
              <li key={e.id}>
                <Link
                  href={`/entry/${encodeURIComponent(e.id)}`}
                  className="group -mx-2 flex items-start gap-3 rounded-xl px-2 py-2.5 transition-colors hover:bg-brand-50/50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="truncate font-medium text-stone-900 group-hover:text-brand-700">
                        {e.title.trim() || "Untitled entry"}
                      </span>
                      <time dateTime={e.created_at} className="shrink-0 text-xs text-stone-500">
                        {relativeDate(e.created_at, now, tz, locale)}
                      </time>
                    </span>
                    {line && <span className="mt-0.5 block truncate text-sm text-stone-600">{line}</span>}
                  </span>
                  {score !== null && (
                    <span
                      role="img"
                      aria-label={`Mood: ${mood.label}`}
                      className="mt-0.5 shrink-0 text-base leading-none"
                    >
                      {mood.emoji}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
