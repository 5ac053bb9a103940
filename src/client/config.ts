"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfigDto, ModelsDto, ModelTestResultDto } from "@/contracts/config";
import { CRISIS_COUNTRY_CONFIG_KEY } from "@/domain/crisis/country";
import { call } from "./routes";
import { qk } from "./keys";

/** Settings: the app's configuration, the models to choose from and the storage used. */
export const configQueries = {
  config: () => queryOptions({ queryKey: qk.config, queryFn: ({ signal }) => call("GET /config", { signal }) }),
  models: () =>
    queryOptions({
      queryKey: qk.models,
      queryFn: ({ signal }) => call("GET /config/models", { signal }),
      staleTime: 0,
    }),
  /** Real bytes on disk; always measured afresh when Settings opens. */
  storage: () =>
    queryOptions({
      queryKey: qk.storage,
      queryFn: ({ signal }) => call("GET /storage", { signal }),
      staleTime: 0,
    }),
};

export const useConfig = () => useQuery(configQueries.config());
export const useModels = () => useQuery(configQueries.models());
export const useStorageUsage = () => useQuery(configQueries.storage());

const putSetting = (key: string, value: string) => call("PUT /config", { body: { key, value } });

/** Saves the chosen model at once; the config and the model list reload afterwards. */
export function useConfigureModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model_name: string) => call("POST /config/configure-model", { body: { model_name } }),
    onSuccess: (_r, model_name) => {
      qc.setQueryData<ModelsDto>(qk.models, (old) => (old ? { data: { ...old.data, current: model_name } } : old));
      // qk.models sits under qk.config, so both reload; insights come from the new model from now on.
      void qc.invalidateQueries({ queryKey: qk.config });
      void qc.invalidateQueries({ queryKey: qk.insights });
    },
  });
}

/** Asks the server to try the configured model; a failed call becomes a failed result with its message. */
export function useTestModel() {
  return useMutation({
    mutationFn: async (): Promise<ModelTestResultDto> => {
      try {
        return await call("POST /config/test-model", { timeoutMs: 120_000 });
      } catch (err) {
        const code = (err as { code?: unknown } | null)?.code;
        return {
          success: false,
          error: err instanceof Error ? err.message : undefined,
          ...(typeof code === "string" ? { code } : {}),
        };
      }
    },
    retry: false,
  });
}

/** Each non-empty field trimmed and saved on its own (PUT /api/config with key and value). */
export function useSavePersonal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fields: { personal_info: string; cultural_context: string }) => {
      const saved: Partial<typeof fields> = {};
      for (const key of ["personal_info", "cultural_context"] as const) {
        const value = fields[key].trim();
        if (!value) continue;
        await putSetting(key, value);
        saved[key] = value;
      }
      return saved;
    },
    retry: false,
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.config }),
  });
}

/** The country whose crisis lines the app shows ("" for automatic). */
export function useSetCrisisCountry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (country: string) => putSetting(CRISIS_COUNTRY_CONFIG_KEY, country),
    retry: false,
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.config }),
  });
}

/** The setting that lets the chat read related journal entries (default on). */
export const JOURNAL_CONTEXT_KEY = "chat_use_journal";

/** "Use my journal in chat": read from the settings, changed at once (and put back when the save fails). */
export function useJournalContextSetting() {
  const qc = useQueryClient();
  const query = useQuery(configQueries.config());
  const enabled = (query.data?.config[JOURNAL_CONTEXT_KEY] ?? "true").trim().toLowerCase() !== "false";
  const mutation = useMutation({
    mutationFn: (on: boolean) =>
      call("PUT /config", {
        body: { key: JOURNAL_CONTEXT_KEY, value: on ? "true" : "false" },
      }),
    onMutate: async (on) => {
      await qc.cancelQueries({ queryKey: qk.config, exact: true });
      const before = qc.getQueryData<ConfigDto>(qk.config);
      if (before)
        qc.setQueryData<ConfigDto>(qk.config, {
          config: { ...before.config, [JOURNAL_CONTEXT_KEY]: on ? "true" : "false" },
        });
      return { before };
    },
    onError: (_err, _on, ctx) => {
      if (ctx?.before) qc.setQueryData(qk.config, ctx.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.config, exact: true }),
  });
  return {
    enabled,
    loading: query.isPending,
    error: mutation.error ?? query.error,
    set: (on: boolean) => mutation.mutate(on),
    saving: mutation.isPending,
  };
}
