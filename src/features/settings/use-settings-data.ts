"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfigDto, ModelsDto, ModelTestResultDto } from "@/contracts/config";
import type { StorageUsageDto } from "@/contracts/home";
import { api } from "@/client/api";
import { qk } from "@/client/keys";

export function useConfig() {
  return useQuery({ queryKey: qk.config, queryFn: ({ signal }) => api<ConfigDto>("/config", { signal }) });
}

export function useModels() {
  return useQuery({ queryKey: qk.models, queryFn: ({ signal }) => api<ModelsDto>("/config/models", { signal }), staleTime: 0 });
}

/** Real bytes on disk; always measured afresh when Settings opens. */
export function useStorageUsage() {
  return useQuery({ queryKey: qk.storage, queryFn: ({ signal }) => api<StorageUsageDto>("/storage", { signal }), staleTime: 0 });
}

/** Saves the chosen model at once; the config and the model list reload afterwards. */
export function useConfigureModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model_name: string) => api<{ success: boolean }>("/config/configure-model", { method: "POST", body: { model_name } }),
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
        return await api<ModelTestResultDto>("/config/test-model", { method: "POST", timeoutMs: 120_000 });
      } catch (err) {
        return { success: false, error: err instanceof Error ? err.message : undefined };
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
        await api("/config", { method: "PUT", body: { key, value } });
        saved[key] = value;
      }
      return saved;
    },
    retry: false,
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.config }),
  });
}
