"use client";
import { Palette } from "lucide-react";
import { ReadingSource } from "@/components/ui/reading-source";
import { useEffect } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { emotionRows, mostWrittenAbout, themeRows, type PatternRow } from "@/domain/insights-view";
import { Panel, Quiet } from "./panel";
import { useHomeInsights } from "./use-home-data";

/** "Patterns & Themes" from the insights of the last 30 days: up to 3 emotions and 3 themes. */
export function PatternsPanel({ className }: { className?: string }) {
  const q = useHomeInsights(true);
  useEffect(() => {
    if (q.error) console.warn("[reverie] insights could not be loaded:", q.error);
  }, [q.error]);
  const emotions = emotionRows(q.data?.insights.emotional_patterns);
  const themes = themeRows(q.data?.insights.common_themes);
  const headline = mostWrittenAbout(q.data?.insights.common_themes, "in the last 30 days");
  return (
    <Panel title="Patterns & Themes" icon={<Palette className="h-4 w-4" aria-hidden />} className={className}>
      {q.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading insights">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : emotions.length === 0 && themes.length === 0 ? (
        <div>
          <p className="font-medium text-stone-700">No insights yet</p>
          <Quiet className="mt-1">
            {q.isError
              ? "Insights could not be generated just now."
              : "Patterns appear here as your entries from the last 30 days are analysed."}
          </Quiet>
          {q.isError && (
            <button
              type="button"
              onClick={() => void q.refetch()}
              className="mt-2 text-sm font-medium text-brand-700 hover:underline"
            >
              Try again
            </button>
          )}
        </div>
      ) : (
        <>
          {headline && (
            <p className="mb-4 text-sm font-medium text-stone-800" data-testid="patterns-headline">
              {headline}.
            </p>
          )}
          <div className="grid gap-6 sm:grid-cols-2">
            <PatternList
              title="Emotional patterns"
              rows={emotions}
              empty="No emotional patterns yet"
              tone="bg-brand-500"
            />
            <PatternList title="Recurring themes" rows={themes} empty="No recurring themes yet" tone="bg-teal-500" />
          </div>
        </>
      )}
      <p className="mt-4 text-xs text-stone-500">From your entries of the last 30 days.</p>
      {q.data && <ReadingSource model={q.data.model} className="mt-1" />}
    </Panel>
  );
}

function PatternList({ title, rows, empty, tone }: { title: string; rows: PatternRow[]; empty: string; tone: string }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</h3>
      {rows.length === 0 ? (
        <Quiet>{empty}</Quiet>
      ) : (
        <ul className="space-y-3">
          {rows.map((r) => (
            <li key={r.key} data-pattern={r.key}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-stone-800">{r.label}</span>
                {r.value && <span className="tabular-nums text-stone-600">{r.value}</span>}
              </div>
              <div aria-hidden className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-100">
                <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.max(4, r.share)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
