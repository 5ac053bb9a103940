"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfigDto } from "@/contracts/config";
import { isUnder18Value, UNDER_18_CONFIG_KEY } from "@/domain/companion";
import { chooseTranscriber, type Transcriber } from "@/domain/models";
import { answerConsent } from "./consent-gate";
import { configQueries } from "./config";
import { qk } from "./keys";
import { call } from "./routes";

export { answerConsent, pendingConsent, subscribeConsent, type ConsentRequest } from "./consent-gate";

/** The AI companion's settings: the cloud models the person allowed, and "I am under 18". */
export const companionQueries = {
  consents: () =>
    queryOptions({
      queryKey: qk.consents,
      queryFn: ({ signal }) => call("GET /ai/consent", { signal }),
      staleTime: 0,
    }),
  /** The transcription server of the server's environment (host and model), if any. */
  transcription: () =>
    queryOptions({
      queryKey: qk.transcription,
      queryFn: ({ signal }) => call("GET /ai/transcription", { signal }),
    }),
};

export const useCloudConsents = () => useQuery(companionQueries.consents());

/** The consent dialog's "Allow": stores the consent, then lets the waiting request go again. */
export function useGrantConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => call("POST /ai/consent", { body: { model } }),
    retry: false,
    onSuccess: (data) => {
      qc.setQueryData(qk.consents, data);
      answerConsent(true);
    },
  });
}

/** Settings' Revoke: nothing more goes to that model until the person allows it again. */
export function useRevokeConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => call("DELETE /ai/consent", { body: { model } }),
    retry: false,
    onSuccess: (data) => void qc.setQueryData(qk.consents, data),
  });
}

/** "I am under 18": read from the settings, changed at once (and put back when the save fails). */
export function useUnder18Setting() {
  const qc = useQueryClient();
  const query = useQuery(configQueries.config());
  const on = isUnder18Value(query.data?.config[UNDER_18_CONFIG_KEY]);
  const mutation = useMutation({
    mutationFn: (value: boolean) =>
      call("PUT /config", { body: { key: UNDER_18_CONFIG_KEY, value: value ? "true" : "false" } }),
    onMutate: async (value) => {
      await qc.cancelQueries({ queryKey: qk.config, exact: true });
      const before = qc.getQueryData<ConfigDto>(qk.config);
      if (before)
        qc.setQueryData<ConfigDto>(qk.config, {
          config: { ...before.config, [UNDER_18_CONFIG_KEY]: value ? "true" : "false" },
        });
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(qk.config, ctx.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.config, exact: true }),
  });
  return {
    on,
    loading: query.isPending,
    error: mutation.error,
    set: (value: boolean) => mutation.mutate(value),
  };
}

/** The model the companion uses now (the setting, with the server's default applied). */
export function useCurrentModel(): string | undefined {
  return useQuery(configQueries.config()).data?.config.ai_model;
}

/**
 * Which transcription recordings get now (a transcription server, the chat model, or none), as chooseTranscriber
 * decides; undefined while it is not known yet.
 */
export function useTranscriber(): Transcriber | undefined {
  const model = useCurrentModel();
  const setup = useQuery(companionQueries.transcription()).data;
  if (model === undefined || setup === undefined) return undefined;
  return chooseTranscriber(model, setup);
}
