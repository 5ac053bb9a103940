"use client";
import {
  SAFETY_PLAN_STEPS,
  isEmptySafetyPlan,
  stepItems,
  type SafetyPlanInput,
} from "@/contracts/safety-plan-constants";

/** The six steps as the person wrote them; steps left empty are left out. */
export function SafetyPlanView({ plan, compact }: { plan: SafetyPlanInput | null | undefined; compact?: boolean }) {
  if (!plan || isEmptySafetyPlan(plan)) return null;
  return (
    <ol className="space-y-3" data-testid="safety-plan-view" aria-label="My safety plan">
      {SAFETY_PLAN_STEPS.map((s, i) => {
        const items = stepItems(plan[s.key]);
        if (!items.length) return null;
        return (
          <li key={s.key} className="rounded-xl border border-stone-200 bg-white px-3 py-2">
            <p
              className={
                compact
                  ? "text-xs font-semibold uppercase tracking-wide text-stone-500"
                  : "text-sm font-semibold text-stone-800"
              }
            >
              {i + 1}. {s.title}
            </p>
            <ul className="mt-1 space-y-0.5 text-sm text-stone-700">
              {items.map((item, j) => (
                <li key={j} className="flex gap-2">
                  <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
                  <span className="break-words">{item}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
