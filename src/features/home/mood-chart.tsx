"use client";
import { browserLocale } from "@/client/storage";
import { LineChart } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { INSIGHTS_WINDOW_DAYS } from "@/domain/constants";
import { dayKeyLabel } from "@/domain/date-format";
import { moodLineRuns, moodSummary, type MoodPoint } from "@/domain/home";
import { MOOD_MAX, MOOD_MIN } from "@/domain/mood";
import { Panel, Quiet } from "./panel";
import { useMoodSeries } from "./use-home-data";

const W = 300;
const H = 100;

const x = (i: number, n: number) => (n <= 1 ? W / 2 : (i / (n - 1)) * W);
const y = (mood: number) => ((MOOD_MAX - mood) / (MOOD_MAX - MOOD_MIN)) * H;

/**
 * Daily average mood of the last 30 days as a small line chart (plain SVG), with a table for screen readers.
 * The line joins days in a row only: a day without entries is a gap, never a straight line across it.
 */
export function MoodChart({ className }: { className?: string }) {
  const { series, isPending, isError, refetch } = useMoodSeries(true);
  const summary = moodSummary(series);
  return (
    <Panel
      title="Mood over the last 30 days"
      icon={<LineChart className="h-4 w-4" aria-hidden />}
      className={className}
    >
      {isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : isError ? (
        <div>
          <Quiet>The mood chart could not be loaded.</Quiet>
          <button type="button" onClick={refetch} className="mt-2 text-sm font-medium text-brand-700 hover:underline">
            Try again
          </button>
        </div>
      ) : summary.days === 0 ? (
        <Quiet>
          No mood scores in the last {INSIGHTS_WINDOW_DAYS} days yet. Moods appear here as your entries are analysed.
        </Quiet>
      ) : (
        <Chart series={series} summary={summary} />
      )}
    </Panel>
  );
}

function Chart({ series, summary }: { series: MoodPoint[]; summary: ReturnType<typeof moodSummary> }) {
  const n = series.length;
  const locale = browserLocale();
  const runs = moodLineRuns(series).map((run) => run.map((p) => ({ ...p, cx: x(p.index, n), cy: y(p.mood) })));
  const points = runs.flat();
  const lines = runs
    .filter((run) => run.length > 1)
    .map((run) => {
      const line = run.map((p, i) => `${i === 0 ? "M" : "L"}${p.cx.toFixed(2)},${p.cy.toFixed(2)}`).join(" ");
      const area = `${line} L${run.at(-1)!.cx.toFixed(2)},${H} L${run[0].cx.toFixed(2)},${H} Z`;
      return { key: run[0].date, line, area };
    });
  const avg = summary.average ?? 0;
  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm text-stone-600">
        <span>
          Average <strong className="font-semibold text-stone-900">{avg.toFixed(1)}</strong> over {summary.days}{" "}
          {summary.days === 1 ? "day" : "days"}
        </span>
        {summary.high && summary.low && summary.high.date !== summary.low.date && (
          <span className="text-stone-500">
            Brightest {dayKeyLabel(summary.high.date, locale)} ({summary.high.mood!.toFixed(1)}), hardest{" "}
            {dayKeyLabel(summary.low.date, locale)} ({summary.low.mood!.toFixed(1)})
          </span>
        )}
      </figcaption>
      <div className="flex gap-2">
        <div aria-hidden className="relative h-40 w-5 shrink-0 text-right text-[11px] tabular-nums text-stone-500">
          {[10, 7, 4, 1].map((v) => (
            <span key={v} className="absolute right-0 -translate-y-1/2" style={{ top: `${(y(v) / H) * 100}%` }}>
              {v}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="h-40 w-full overflow-visible"
            aria-hidden
            data-testid="mood-chart"
          >
            <defs>
              <linearGradient id="mood-area" x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="#8b5cf6" stopOpacity="0.25" />
                <stop offset="100%" stopColor="#8b5cf6" stopOpacity="0" />
              </linearGradient>
            </defs>
            <rect x="0" y="0" width={W} height={y(7)} fill="#ecfdf5" />
            <rect x="0" y={y(4)} width={W} height={H - y(4)} fill="#fff1f2" />
            {[7, 4].map((v) => (
              <line
                key={v}
                x1="0"
                x2={W}
                y1={y(v)}
                y2={y(v)}
                stroke="#e7e5e4"
                strokeDasharray="3 3"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {lines.map((l) => (
              <path key={`area-${l.key}`} d={l.area} fill="url(#mood-area)" />
            ))}
            {lines.map((l) => (
              <path
                key={`line-${l.key}`}
                d={l.line}
                fill="none"
                stroke="#7c3aed"
                strokeWidth="2"
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                data-testid="mood-line"
              />
            ))}
            {points.map((p) => (
              <path
                key={p.date}
                d={`M${p.cx.toFixed(2)},${p.cy.toFixed(2)} l0,0`}
                stroke="#6d28d9"
                strokeWidth="7"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                data-day={p.date}
                data-mood={p.mood}
              >
                <title>{`${dayKeyLabel(p.date, locale)}: ${p.mood.toFixed(1)}`}</title>
              </path>
            ))}
          </svg>
          <div aria-hidden className="mt-1 flex justify-between text-[11px] text-stone-500">
            <span>{dayKeyLabel(series[0].date, locale)}</span>
            <span>{dayKeyLabel(series[Math.floor((n - 1) / 2)].date, locale)}</span>
            <span>Today</span>
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>Daily average mood, 1 to 10</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Average mood</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <td>{dayKeyLabel(p.date, locale)}</td>
              <td>{p.mood.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
