"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EntryCreateInput, EntryUpdateInput } from "@/contracts/entries";
import { call } from "../routes";
import { entryWritten } from "./cache";

/** Plain create and update of an entry on the server (the editor's save is `saveEntry`, which also keeps it on the device). */
export const createEntry = (input: EntryCreateInput) => call("POST /entries", { body: input });
export const updateEntry = (id: string, input: EntryUpdateInput) =>
  call("PUT /entries/[id]", { params: { id }, body: input });

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
