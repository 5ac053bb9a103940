"use client";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CalendarDayDto, EntryDto, EntryInput, EntryPageDto, EntryUpdateInput, MediaFileDto, StatisticsDto } from "@/contracts/entries";
import type { PurgeResultDto, RestoreResultDto, TrashListDto } from "@/contracts/trash";
import { isUnreachable } from "@/domain/outbox-text";
import { api, ApiError } from "./api";
import { loadOutbox } from "./outbox/status";
import { qk } from "./keys";
import { takePreloaded } from "./preload";
import { noNetworkRetry } from "./query-client";
import { browserTimeZone } from "./storage";

export interface EntryListParams {
  search?: string;
  date_from?: string;
  date_to?: string;
  mood?: "positive" | "neutral" | "negative";
  tags?: string[];
  has_media?: boolean;
  limit?: number;
  offset?: number;
}

export const fetchEntryPage = (p: EntryListParams & { limit: number }, opts: { signal?: AbortSignal } = {}) =>
  api<EntryPageDto>("/entries", {
    query: { ...p, has_media: p.has_media === undefined ? undefined : String(p.has_media), tz: browserTimeZone() },
    signal: opts.signal,
  });

export const fetchEntries = (p: EntryListParams = {}) =>
  api<EntryDto[]>("/entries", { query: { ...p, has_media: p.has_media === undefined ? undefined : String(p.has_media), tz: browserTimeZone() } });

export const fetchEntry = (id: string) => api<EntryDto>(`/entries/${encodeURIComponent(id)}`);

export function useEntry(id: string | undefined) {
  return useQuery({ queryKey: qk.entry(id ?? ""), queryFn: () => api<EntryDto>(`/entries/${encodeURIComponent(id!)}`), enabled: !!id });
}

export function useStatistics() {
  return useQuery({
    queryKey: qk.statistics,
    queryFn: () => api<StatisticsDto>("/entries/statistics", { query: { tz: browserTimeZone() } }),
    retry: noNetworkRetry,
  });
}

export type CalendarMonthDto = { month: string; days: CalendarDayDto[] };

export const fetchCalendarMonth = (month: string, tz: string) => api<CalendarMonthDto>("/entries/calendar", { query: { month, tz } });

export function useCalendarMonth(month: string) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: qk.calendar(month, tz),
    queryFn: () => takePreloaded<CalendarMonthDto>(qk.calendar(month, tz)) ?? fetchCalendarMonth(month, tz),
  });
}

export function useTags() {
  return useQuery({ queryKey: qk.tags, queryFn: () => api<{ tags: { name: string; count: number }[] }>("/entries/tags") });
}

/** After a write: lists, calendar, tags and statistics refresh (spec section 4). */
export function invalidateEntryData(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: qk.entries });
  void qc.invalidateQueries({ queryKey: qk.statistics });
  void qc.invalidateQueries({ queryKey: qk.insights });
}

export function useCreateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryInput) => api<EntryDto>("/entries", { method: "POST", body: input }),
    // Offline, the save fails at once (and is kept on the device by the editor) instead of pausing.
    networkMode: "always",
    onSuccess: (entry) => {
      qc.setQueryData(qk.entry(entry.id), entry);
      invalidateEntryData(qc);
    },
  });
}

export function useUpdateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EntryUpdateInput }) => api<EntryDto>(`/entries/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
    networkMode: "always",
    onSuccess: (entry) => {
      qc.setQueryData(qk.entry(entry.id), entry);
      invalidateEntryData(qc);
    },
  });
}

/**
 * Deletes an entry. When the server cannot be reached the delete waits on the device (the entry leaves
 * every list at once) and is sent when the server is back: `queued` says which happened.
 */
export function useDeleteEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<{ queued: boolean }> => {
      try {
        await api<{ success: boolean }>(`/entries/${encodeURIComponent(id)}`, { method: "DELETE" });
        return { queued: false };
      } catch (err) {
        // The server cannot answer now (the same rule as a save): the delete waits on the device.
        if (!(err instanceof ApiError) || !isUnreachable(err.status)) throw err;
        const outbox = await loadOutbox();
        await outbox.queueDelete(id, qc.getQueryData<EntryDto>(qk.entry(id)) ?? null);
        outbox.afterQueued();
        return { queued: true };
      }
    },
    networkMode: "always",
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: qk.entry(id) });
      invalidateEntryData(qc);
      void qc.invalidateQueries({ queryKey: qk.trash });
    },
  });
}

// ---------------------------------------------------------------- Recently deleted

export function useTrash() {
  return useQuery({ queryKey: qk.trash, queryFn: () => api<TrashListDto>("/trash") });
}

/** Puts a deleted entry back (the toast's Undo and the Recently deleted list). */
export function useRestoreEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RestoreResultDto>(`/trash/${encodeURIComponent(id)}/restore`, { method: "POST" }),
    onSuccess: (r) => {
      qc.setQueryData(qk.entry(r.entry.id), r.entry);
      invalidateEntryData(qc);
      void qc.invalidateQueries({ queryKey: qk.trash });
    },
  });
}

export function usePurgeEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PurgeResultDto>(`/trash/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.trash });
      void qc.invalidateQueries({ queryKey: qk.storage });
    },
  });
}

export function useEmptyTrash() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<PurgeResultDto>("/trash", { method: "DELETE", body: { confirm: true } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.trash });
      void qc.invalidateQueries({ queryKey: qk.storage });
    },
  });
}

export const uploadMedia = (entryId: string, file: File | Blob, filename?: string) => {
  const form = new FormData();
  form.append("file", file, filename ?? (file instanceof File ? file.name : "file"));
  return api<MediaFileDto>(`/entries/${encodeURIComponent(entryId)}/media`, { method: "POST", body: form, timeoutMs: 120_000 });
};

export const deleteMedia = (entryId: string, mediaId: string) =>
  api<{ success: boolean }>(`/entries/${encodeURIComponent(entryId)}/media/${encodeURIComponent(mediaId)}`, { method: "DELETE" });
