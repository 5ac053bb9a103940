"use client";
import Link from "next/link";
import { BookOpen, CalendarCheck, Flame, PenLine, TrendingUp } from "lucide-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { StatisticsDto } from "@/contracts/entries";
import { ErrorBox } from "@/components/feedback/error-box";
import { LoadingText } from "@/components/ui/skeleton";
import { formatCount, streakFigure } from "@/domain/home";
import { Panel, Quiet } from "./panel";

export const FIRST_ENTRY_HINT = "Create your first entry to start tracking your progress.";

/** "Your Progress": entries this year, words written, current streak, total entries (local days). */
export function ProgressPanel({ stats }: { stats: UseQueryResult<StatisticsDto, unknown> }) {
  return (
    <Panel title="Your Progress" icon={<TrendingUp className="h-4 w-4" aria-hidden />}>
      <ProgressBody stats={stats} />
    </Panel>
  );
}

function ProgressBody({ stats }: { stats: UseQueryResult<StatisticsDto, unknown> }) {
  if (stats.isPending) return <LoadingText>Loading statistics...</LoadingText>;
  if (stats.isError)
    return <ErrorBox title="Failed to load statistics" error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  if (!s) return <Quiet>No statistics available</Quiet>;
  const streak = streakFigure(s.current_streak, s.longest_streak > 0);
  const figures = [
    { key: "year", label: "Entries this year", value: formatCount(s.entries_this_year), icon: CalendarCheck },
    { key: "words", label: "Words written", value: formatCount(s.total_words), icon: PenLine },
    { key: "streak", label: "Current streak", value: streak.value, note: streak.note, icon: Flame },
    { key: "total", label: "Total entries", value: formatCount(s.total_entries), icon: BookOpen },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((f) => (
          <div key={f.key} data-stat={f.key} className="flex flex-col-reverse rounded-xl bg-stone-50 px-4 py-3">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-stone-500 sm:text-sm">
              <f.icon className="h-3.5 w-3.5 shrink-0 text-brand-500" aria-hidden />
              {f.label}
            </dt>
            <dd className="text-2xl font-semibold tabular-nums text-stone-900">
              {f.value}
              {"note" in f && f.note && <span className="mt-1 block text-xs font-normal text-stone-600">{f.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {s.total_entries === 0 && (
        <p className="mt-4 text-sm text-stone-600">
          {FIRST_ENTRY_HINT}{" "}
          <Link href="/journal" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Write one now
          </Link>
        </p>
      )}
    </>
  );
}
