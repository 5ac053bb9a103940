"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemoryDto, MemoryFactCreateInput } from "@/contracts/memory";
import { call } from "./routes";
import { qk } from "./keys";

/**
 * What Reverie remembers: the facts and the switch, their changes, and the facts proposed from a message
 * or an entry (to be confirmed by the person; nothing is kept without that).
 */
export const memoryQueries = {
  memory: () =>
    queryOptions({
      queryKey: qk.memory,
      queryFn: ({ signal }) => call("GET /memory", { signal }),
    }),
};

export const useMemory = () => useQuery(memoryQueries.memory());

function useMemoryMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.memory }),
  });
}

export const useRememberFact = () => useMemoryMutation((body: MemoryFactCreateInput) => call("POST /memory", { body }));

export const useEditFact = () =>
  useMemoryMutation(({ id, text }: { id: string; text: string }) =>
    call("PUT /memory/[id]", { params: { id }, body: { text } }),
  );

export const useForgetFact = () => useMemoryMutation((id: string) => call("DELETE /memory/[id]", { params: { id } }));

export function useMemorySwitch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call("PUT /memory/settings", { body: { enabled } }),
    onSuccess: (data: MemoryDto) => qc.setQueryData(qk.memory, data),
    onSettled: () => void qc.invalidateQueries({ queryKey: qk.memory }),
  });
}

/** Facts proposed from a text; an empty list when memory is off, nothing is found, or the call fails. */
export async function proposeFacts(text: string, source: "chat" | "entry", signal?: AbortSignal): Promise<string[]> {
  try {
    return (await call("POST /memory/propose", { body: { text, source }, signal })).proposals;
  } catch {
    return [];
  }
}
