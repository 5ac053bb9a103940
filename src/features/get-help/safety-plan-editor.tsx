"use client";
import { useState } from "react";
import { useSaveSafetyPlan } from "@/client/crisis";
import { ErrorBox } from "@/components/feedback/error-box";
import { Button } from "@/components/ui/button";
import { MAX_SAFETY_PLAN_STEP_CHARS, SAFETY_PLAN_STEPS, type SafetyPlanInput } from "@/contracts/safety-plan-constants";

/** The six steps as text areas, one item per line. Saves all steps at once. */
export function SafetyPlanEditor({ initial, onDone }: { initial: SafetyPlanInput; onDone: () => void }) {
  // Only the six steps are sent (the plan as read also carries updated_at, which a save does not take).
  const [draft, setDraft] = useState<SafetyPlanInput>(
    () => Object.fromEntries(SAFETY_PLAN_STEPS.map((s) => [s.key, initial[s.key]])) as SafetyPlanInput,
  );
  const save = useSaveSafetyPlan();
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft, { onSuccess: onDone });
      }}
      aria-label="Edit my safety plan"
    >
      {SAFETY_PLAN_STEPS.map((s, i) => (
        <div key={s.key}>
          <label htmlFor={`plan-${s.key}`} className="block text-sm font-semibold text-stone-800">
            {i + 1}. {s.title}
          </label>
          <p id={`plan-${s.key}-hint`} className="text-xs text-stone-500">
            {s.hint} One per line.
          </p>
          <textarea
            id={`plan-${s.key}`}
            aria-describedby={`plan-${s.key}-hint`}
            value={draft[s.key]}
            maxLength={MAX_SAFETY_PLAN_STEP_CHARS}
            onChange={(e) => setDraft((d) => ({ ...d, [s.key]: e.target.value }))}
            rows={3}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
          />
        </div>
      ))}
      {save.isError && (
        <ErrorBox title="Failed to save your safety plan" error={save.error} onDismiss={() => save.reset()} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save my plan"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
