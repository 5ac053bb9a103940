"use client";
import { BookHeart, Check, Loader2, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ConversationSummary } from "@/domain/chat";
import { GUIDED_FLOW_LABELS, GUIDED_FLOWS, flowLength, type GuidedFlowId, type GuideState } from "@/domain/guided";

/** The guided reflections the offline companion offers, as buttons that start one. */
export function GuidedReflectionPicker({
  onPick,
  disabled,
}: {
  /** The flow picked, with its label (the person's message that starts it). */
  onPick: (flow: GuidedFlowId, label: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="border-t border-stone-200 bg-stone-50/60 px-3 py-2.5 sm:px-4" data-testid="guided-picker">
      <p className="mb-1.5 flex items-center gap-1.5 text-xs font-medium text-stone-600">
        <Sparkles className="h-3.5 w-3.5 text-brand-600" aria-hidden />
        Guided reflections
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Guided reflections">
        {GUIDED_FLOWS.map((f) => (
          <li key={f}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(f, GUIDED_FLOW_LABELS[f])}
              className="rounded-full border border-stone-200 bg-white px-3 py-1 text-sm text-stone-700 hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700 disabled:opacity-50"
            >
              {GUIDED_FLOW_LABELS[f]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where the reflection under way is, and how to stop it. */
export function GuideProgress({
  guide,
  onStop,
  disabled,
}: {
  guide: GuideState;
  onStop: () => void;
  disabled?: boolean;
}) {
  const step = Math.min(guide.answers.length + 1, flowLength(guide.flow));
  return (
    <div
      className="flex items-center gap-2 border-t border-stone-200 bg-brand-50/50 px-3 py-2 text-xs text-stone-700 sm:px-4"
      data-testid="guide-progress"
    >
      <Sparkles className="h-3.5 w-3.5 text-brand-600" aria-hidden />
      <span className="min-w-0 flex-1">
        {GUIDED_FLOW_LABELS[guide.flow]} · question {step} of {flowLength(guide.flow)}
      </span>
      <button
        type="button"
        onClick={onStop}
        disabled={disabled}
        className="rounded px-2 py-0.5 font-medium text-brand-700 hover:bg-brand-100 disabled:opacity-50"
      >
        Stop
      </button>
    </div>
  );
}

/** A finished reflection's summary, in the person's words, with Save as entry. */
export function GuideSummaryCard({
  summary,
  onSave,
  saving,
  savedId,
}: {
  summary: ConversationSummary;
  onSave: () => void;
  saving: boolean;
  savedId?: string;
}) {
  return (
    <li className="ml-11 rounded-xl border border-brand-100 bg-brand-50/40 p-3 sm:p-4" data-testid="guide-summary">
      <p className="text-sm font-semibold text-stone-900">{summary.title}</p>
      <div className="mt-1.5 space-y-1.5 text-sm whitespace-pre-wrap text-stone-700">
        {summary.content.split(/\n{2,}/u).map((p, i) => (
          <p key={i}>{p.replace(/\*\*([^*]+)\*\*/gu, "$1")}</p>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {summary.tags.map((t) => (
          <span key={t} className="rounded-full bg-white px-2 py-0.5 text-xs text-stone-600">
            #{t}
          </span>
        ))}
        <Button size="sm" className="ml-auto" onClick={onSave} disabled={saving || !!savedId}>
          {saving ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : savedId ? (
            <Check className="h-4 w-4" aria-hidden />
          ) : (
            <BookHeart className="h-4 w-4" aria-hidden />
          )}
          {savedId ? "Saved" : "Save as entry"}
        </Button>
      </div>
    </li>
  );
}
