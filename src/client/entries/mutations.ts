"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EntryDto, EntryInput, EntryUpdateInput } from "@/contracts/entries";
import { api } from "../api";
import { entryWritten } from "./cache";

/** Plain create and update of an entry on the server (the editor's save is `saveEntry`, which also keeps it on the device). */
export const createEntry = (input: EntryInput) => api<EntryDto>("/entries", { method: "POST", body: input });
export const updateEntry = (id: string, input: EntryUpdateInput) =>
  api<EntryDto>(`/entries/${encodeURIComponent(id)}`, { method: "PUT", body: input });

export function useCreateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    // Offline, the save fails at once instead of pausing.
    networkMode: "always",
    onSuccess: (entry) => entryWritten(qc, entry),
  });
}

export function useUpdateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EntryUpdateInput }) => updateEntry(id, input),
    networkMode: "always",
    onSuccess: (entry) => entryWritten(qc, entry),
  });
}
