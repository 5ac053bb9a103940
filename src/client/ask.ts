"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AskResponse } from "@/contracts/ask";
import { call } from "./routes";
import { browserLocale, browserTimeZone } from "./storage";

/** Ask your journal (POST /api/ai/ask) and the progress of recall by meaning (GET /api/ai/embeddings). */

/** Asks a question about the journal; the answer comes with the entries it was drawn from. */
export function useAskJournal() {
  return useMutation({
    mutationFn: (question: string): Promise<AskResponse> =>
      call("POST /ai/ask", { body: { question, tz: browserTimeZone(), locale: browserLocale() }, timeoutMs: 60_000 }),
  });
}

export const EMBEDDING_MODEL_KEY = "embedding_model";
const embeddingsKey = ["ai", "embeddings"] as const;

export const embeddingQueries = {
  progress: (running: boolean) =>
    queryOptions({
      queryKey: embeddingsKey,
      queryFn: ({ signal }) => call("GET /ai/embeddings", { signal }),
      staleTime: 0,
      // While entries are being embedded, the line in Settings moves on its own.
      refetchInterval: running ? 2000 : false,
    }),
};

export function useEmbeddingProgress() {
  const q = useQuery(embeddingQueries.progress(false));
  const running = q.data?.running ?? false;
  return useQuery(embeddingQueries.progress(running));
}

/** Saves the embedding model ("" for none); the progress reloads. */
export function useSetEmbeddingModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => call("PUT /config", { body: { key: EMBEDDING_MODEL_KEY, value } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: embeddingsKey });
    },
  });
}
