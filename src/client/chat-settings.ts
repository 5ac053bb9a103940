"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfigDto } from "@/contracts/config";
import { api } from "./api";
import { qk } from "./keys";

/**
 * The chat's setting "use my journal in chat", apart from ./chat so that Settings, which shows the same switch,
 * does not load the chat's calls.
 */

/** The setting that lets the chat read related journal entries (default on). */
export const JOURNAL_CONTEXT_KEY = "chat_use_journal";

/** The settings, as the chat reads them. */
export const configQuery = () => queryOptions({ queryKey: qk.config, queryFn: ({ signal }) => api<ConfigDto>("/config", { signal }) });

/** Whether the chat may read the journal, and a switch that saves the choice at once (undone if saving fails). */
export function useJournalContextSetting() {
  const qc = useQueryClient();
  const query = useQuery(configQuery());
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
