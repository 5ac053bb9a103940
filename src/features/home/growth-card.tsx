"use client";
import { Activity, Brain, Heart, Leaf, Sparkles, Sprout, Star, Target, Users, type LucideIcon } from "lucide-react";
import { ReadingSource } from "@/components/ui/reading-source";
import clsx from "clsx";
import { useEffect } from "react";
import type { ActionableOutcomeDto } from "@/contracts/ai";
import { Skeleton } from "@/components/ui/skeleton";
import { capitalize, GROWTH_COMING_SOON, hasGrowthContent } from "@/domain/insights-view";
import { Panel, Quiet } from "./panel";
import { useGrowthInsights } from "./use-home-data";

/** Each growth category has its own icon and colour. */
const CATEGORY_STYLE: Record<string, { icon: LucideIcon; chip: string; label: string }> = {
  emotional: { icon: Heart, chip: "bg-rose-50 text-rose-700 ring-rose-200", label: "Emotional" },
  behavioral: { icon: Activity, chip: "bg-sky-50 text-sky-700 ring-sky-200", label: "Behavioral" },
  mindset: { icon: Brain, chip: "bg-amber-50 text-amber-800 ring-amber-200", label: "Mindset" },
  relationship: { icon: Users, chip: "bg-emerald-50 text-emerald-700 ring-emerald-200", label: "Relationship" },
};
const OTHER_STYLE = { icon: Sparkles, chip: "bg-stone-100 text-stone-700 ring-stone-200", label: "Growth" };

/** Personal Growth: action items, strengths, areas for development and the growth journey summary. */
export function GrowthCard({ className }: { className?: string }) {
  const q = useGrowthInsights(true);
  useEffect(() => {
    if (q.error) console.warn("[reverie] growth insights could not be loaded:", q.error);
  }, [q.error]);
  const g = q.data?.growth;
  return (
    <Panel title="Personal Growth" icon={<Sprout className="h-4 w-4" aria-hidden />} className={className}>
      {q.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading growth insights">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : !g || !hasGrowthContent(g) ? (
        <Quiet>{GROWTH_COMING_SOON}</Quiet>
      ) : (
        <div className="space-y-6">
          {g.actionable_outcomes.length > 0 && (
            <div>
              <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-stone-800">
                <Target className="h-4 w-4 text-brand-600" aria-hidden />
                Action items
              </h3>
              <ul className="grid gap-3 md:grid-cols-2">
                {g.actionable_outcomes.map((o, i) => (
                  <ActionItem key={`${o.title}-${i}`} item={o} />
                ))}
              </ul>
            </div>
          )}
          <div className="grid gap-6 md:grid-cols-2">
            <TextList title="Your Strengths" icon={Star} items={g.strengths_identified} tone="text-amber-500" />
            <TextList title="Areas for Development" icon={Leaf} items={g.growth_areas} tone="text-emerald-600" />
          </div>
          {g.growth_summary.trim() && (
            <div className="rounded-xl bg-brand-50 p-4">
              <h3 className="text-sm font-semibold text-brand-900">Your Growth Journey</h3>
              <p className="mt-1 text-sm leading-relaxed text-stone-700">{g.growth_summary}</p>
            </div>
          )}
        </div>
      )}
      {q.data && <ReadingSource model={q.data.model} className="mt-4" />}
    </Panel>
  );
}

function ActionItem({ item }: { item: ActionableOutcomeDto }) {
  const style = CATEGORY_STYLE[item.category] ?? OTHER_STYLE;
  return (
    <li data-category={item.category} className="flex gap-3 rounded-xl border border-stone-200 p-4">
      <span className={clsx("flex h-9 w-9 shrink-0 items-center justify-center rounded-xl ring-1", style.chip)}>
        <style.icon className="h-4 w-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h4 className="font-medium text-stone-900">{item.title}</h4>
          {item.timeframe && <span className="text-xs font-medium text-stone-500">{item.timeframe}</span>}
        </div>
        {item.description && <p className="mt-1 text-sm text-stone-600">{item.description}</p>}
        <span className={clsx("mt-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1", style.chip)}>
          {CATEGORY_STYLE[item.category] ? style.label : capitalize(item.category || style.label)}
        </span>
      </div>
    </li>
  );
}

function TextList({
  title,
  icon: Icon,
  items,
  tone,
}: {
  title: string;
  icon: LucideIcon;
  items: string[];
  tone: string;
}) {
  const list = items.filter((s) => s.trim());
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-stone-800">{title}</h3>
      {list.length === 0 ? (
        <Quiet>Nothing noted yet.</Quiet>
      ) : (
        <ul className="space-y-1.5">
          {list.map((s, i) => (
            <li key={`${s}-${i}`} className="flex gap-2 text-sm text-stone-700">
              <Icon className={clsx("mt-0.5 h-4 w-4 shrink-0", tone)} aria-hidden />
              <span>{s}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
