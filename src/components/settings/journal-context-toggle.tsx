"use client";
import clsx from "clsx";
import { Switch } from "radix-ui";
import { useId } from "react";
import { useJournalContextSetting } from "@/client/config";
import { APP_NAME } from "@/domain/constants";

export const JOURNAL_CONTEXT_LABEL = "Use my journal in chat";
export const JOURNAL_CONTEXT_DESCRIPTION = `${APP_NAME} reads the few entries most related to your message and sends them, with your message, only to the AI model you configured. Each reply says which entries it used.`;

/**
 * The on/off switch for "use my journal in chat", stored in the settings (`chat_use_journal`).
 * `compact` is the chat header's version; the full one, with its explanation, belongs in Settings.
 */
export function JournalContextToggle({ compact, className }: { compact?: boolean; className?: string }) {
  const id = useId();
  const { enabled, loading, error, set } = useJournalContextSetting();
  const control = (
    <Switch.Root
      id={id}
      checked={enabled}
      disabled={loading}
      onCheckedChange={set}
      aria-describedby={compact ? undefined : `${id}-desc`}
      data-testid="journal-context-switch"
      className={clsx(
        "relative inline-flex shrink-0 cursor-pointer items-center rounded-full bg-stone-300 transition-colors data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50",
        compact ? "h-5 w-9" : "mt-0.5 h-6 w-11",
      )}
    >
      <Switch.Thumb
        className={clsx(
          "block translate-x-0.5 rounded-full bg-white shadow transition-transform",
          compact
            ? "h-4 w-4 data-[state=checked]:translate-x-[18px]"
            : "h-5 w-5 data-[state=checked]:translate-x-[22px]",
        )}
      />
    </Switch.Root>
  );
  const failed = error ? (
    <p className="mt-1 text-xs text-red-700" role="alert">
      Could not save the setting. Please try again.
    </p>
  ) : null;

  if (compact) {
    return (
      <div className={clsx("flex flex-col", className)}>
        <div className="flex items-center gap-2" title={JOURNAL_CONTEXT_DESCRIPTION}>
          {control}
          <label htmlFor={id} className="cursor-pointer text-sm text-stone-700">
            {JOURNAL_CONTEXT_LABEL}
          </label>
        </div>
        {failed}
      </div>
    );
  }
  return (
    <div className={className}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-medium text-stone-900">
            {JOURNAL_CONTEXT_LABEL}
          </label>
          <p id={`${id}-desc`} className="mt-0.5 text-sm text-stone-500">
            {JOURNAL_CONTEXT_DESCRIPTION}
          </p>
        </div>
        {control}
      </div>
      {failed}
    </div>
  );
}
