"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { Switch } from "radix-ui";
import { useId } from "react";
import { api } from "@/client/api";
import { qk } from "@/client/keys";
import type { ConfigDto } from "@/contracts/config";
import { APP_NAME } from "@/domain/constants";

/** The setting that lets the chat read related journal entries (default on). */
export const JOURNAL_CONTEXT_KEY = "chat_use_journal";

export const JOURNAL_CONTEXT_LABEL = "Use my journal in chat";
export const JOURNAL_CONTEXT_DESCRIPTION = `${APP_NAME} reads the few entries most related to your message and sends them, with your message, only to the AI model you configured. Each reply says which entries it used.`;

export function useJournalContextSetting() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: qk.config, queryFn: ({ signal }) => api<ConfigDto>("/config", { signal }) });
  const enabled = (query.data?.config[JOURNAL_CONTEXT_KEY] ?? "true").trim().toLowerCase() !== "false";
  const mutation = useMutation({
    mutationFn: (on: boolean) => api<{ success: boolean }>("/config", { method: "PUT", body: { key: JOURNAL_CONTEXT_KEY, value: on ? "true" : "false" } }),
    onMutate: async (on) => {
      await qc.cancelQueries({ queryKey: qk.config, exact: true });
      const before = qc.getQueryData<ConfigDto>(qk.config);
      if (before) qc.setQueryData<ConfigDto>(qk.config, { config: { ...before.config, [JOURNAL_CONTEXT_KEY]: on ? "true" : "false" } });
      return { before };
    },
    onError: (_err, _on, ctx) => {
      if (ctx?.before) qc.setQueryData(qk.config, ctx.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.config, exact: true }),
  });
  return { enabled, loading: query.isPending, error: mutation.error ?? query.error, set: (on: boolean) => mutation.mutate(on), saving: mutation.isPending };
}

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
          compact ? "h-4 w-4 data-[state=checked]:translate-x-[18px]" : "h-5 w-5 data-[state=checked]:translate-x-[22px]",
        )}
      />
    </Switch.Root>
  );
  const failed = error ? <p className="mt-1 text-xs text-red-700" role="alert">Could not save the setting. Please try again.</p> : null;

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
