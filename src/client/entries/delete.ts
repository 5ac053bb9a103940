"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EntryDto } from "@/contracts/entries";
import { isUnreachable } from "@/domain/outbox-text";
import { ApiError } from "../api";
import { qk } from "../keys";
import { call } from "../routes";
import { loadOutbox } from "../outbox/load";
import { entryWritten, invalidateEntryData } from "./cache";

/**
 * Deletes an entry. When the server cannot be reached the delete waits on the device (the entry leaves
 * every list at once) and is sent when the server is back: `queued` says which happened.
 */
export async function deleteEntry(id: string, base: EntryDto | null): Promise<{ queued: boolean }> {
  try {
    await call("DELETE /entries/[id]", { params: { id } });
    return { queued: false };
  } catch (err) {
    // The server cannot answer now (the same rule as a save): the delete waits on the device.
    if (!(err instanceof ApiError) || !isUnreachable(err.status)) throw err;
    await deleteOnDevice(id, base);
    return { queued: true };
  }
}

/**
 * Deletes an entry from this device's point of view, without asking the server first (the reader of
 * what the device keeps): one that never reached the server is simply forgotten; otherwise the delete
 * waits and is sent when the server is back.
 */
export async function deleteOnDevice(id: string, base: EntryDto | null): Promise<void> {
  const outbox = await loadOutbox();
  await outbox.queueDelete(id, base);
  outbox.afterQueued();
}

export function useDeleteEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEntry(id, qc.getQueryData<EntryDto>(qk.entry(id)) ?? null),
    networkMode: "always",
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: qk.entry(id) });
      invalidateEntryData(qc);
      void qc.invalidateQueries({ queryKey: qk.trash });
    },
  });
}

// ---------------------------------------------------------------- Recently deleted

/** Puts a deleted entry back (the toast's Undo and the Recently deleted list). */
export function useRestoreEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("POST /trash/[id]/restore", { params: { id } }),
    onSuccess: (r) => {
      entryWritten(qc, r.entry);
      void qc.invalidateQueries({ queryKey: qk.trash });
    },
  });
}

export function usePurgeEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("DELETE /trash/[id]", { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.trash });
      void qc.invalidateQueries({ queryKey: qk.storage });
    },
  });
}

export function useEmptyTrash() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call("DELETE /trash", { body: { confirm: true } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.trash });
      void qc.invalidateQueries({ queryKey: qk.storage });
    },
  });
}
