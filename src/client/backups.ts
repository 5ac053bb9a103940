"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RestoreResultDto, SnapshotDto } from "@/contracts/backups";
import { call } from "./routes";
import { qk } from "./keys";

const LONG = 5 * 60 * 1000;

export const backupQueries = {
  status: () =>
    queryOptions({
      queryKey: qk.backups,
      queryFn: ({ signal }) => call("GET /backups", { signal }),
      staleTime: 0,
    }),
};

export const useBackups = () => useQuery(backupQueries.status());

/** Takes a snapshot now; the list reloads. */
export function useTakeSnapshot(onDone?: (s: SnapshotDto) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call("POST /backups", { timeoutMs: LONG }),
    onSuccess: (s) => {
      onDone?.(s);
      void qc.invalidateQueries({ queryKey: qk.backups });
    },
  });
}

/** Restores a snapshot (itself undoable); everything on screen came from the journal before it, so all reloads. */
export function useRestoreSnapshot(onDone?: (r: RestoreResultDto) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("POST /backups/[id]/restore", { params: { id }, timeoutMs: LONG }),
    onSuccess: (r) => {
      onDone?.(r);
      void qc.invalidateQueries();
    },
  });
}
