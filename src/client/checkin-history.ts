"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { CheckInDto } from "@/contracts/checkins";
import { withPendingChanges, type PendingCheckInChange } from "@/domain/checkin-history";
import { loadOutbox } from "./outbox/load";
import { useOutboxStatus } from "./outbox/status";
import { qk } from "./keys";
import { call } from "./routes";

/** Check-ins per page of the list. */
export const HISTORY_PAGE = 50;

/** The check-in changes waiting on this device, in the order they will be sent. */
async function pendingCheckInChanges(): Promise<PendingCheckInChange[]> {
  const ops = await (await loadOutbox()).pendingCheckIns();
  return ops.map((o) =>
    o.action === "delete"
      ? { id: o.entry_id, action: "delete" }
      : {
          id: o.entry_id,
          action: o.action,
          body: {
            ...(o.body?.mood !== undefined ? { mood: o.body.mood } : {}),
            ...(o.body?.activities !== undefined ? { activities: o.body.activities } : {}),
            ...(o.body?.note !== undefined ? { note: o.body.note ?? "" } : {}),
            ...(o.body?.at !== undefined ? { at: o.body.at } : {}),
            ...(o.body?.entry_id !== undefined ? { entry_id: o.body.entry_id } : {}),
          },
        },
  );
}

/** A check-in made on this device and not yet sent, as the list shows it. */
function madeOnDevice(id: string, b: Partial<Omit<CheckInDto, "id">>): CheckInDto | null {
  if (b.mood === undefined || b.at === undefined) return null;
  return {
    id,
    mood: b.mood,
    activities: b.activities ?? [],
    note: b.note ?? "",
    at: b.at,
    entry_id: b.entry_id ?? null,
    created_at: b.at,
    updated_at: b.at,
  };
}

export interface CheckInHistory {
  checkins: CheckInDto[];
  /** Ids with a change or delete still waiting on this device. */
  waiting: ReadonlySet<string>;
  isPending: boolean;
  isError: boolean;
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
}

/**
 * The person's past check-ins, newest first, a page at a time, with the changes waiting on this device
 * laid over them (an edit or delete made offline shows at once, and stays shown until it is sent).
 */
export function useCheckInHistory(): CheckInHistory {
  const outbox = useOutboxStatus();
  const pages = useInfiniteQuery({
    queryKey: [...qk.checkins, "history"],
    queryFn: ({ pageParam, signal }) =>
      call("GET /checkins", {
        query: { limit: HISTORY_PAGE, ...(pageParam ? { before: pageParam.at, before_id: pageParam.id } : {}) },
        signal,
      }),
    initialPageParam: null as { at: string; id: string } | null,
    getNextPageParam: (last) => {
      const end = last[last.length - 1];
      return last.length < HISTORY_PAGE || !end ? undefined : { at: end.at, id: end.id };
    },
  });
  const pending = useQuery({
    queryKey: [...qk.checkins, "pending", outbox.waiting, outbox.changed],
    queryFn: pendingCheckInChanges,
    networkMode: "always",
    staleTime: 0,
  });
  const server = pages.data?.pages;
  const waitingChanges = pending.data;
  const checkins = useMemo(
    () => withPendingChanges(server?.flat() ?? [], waitingChanges ?? [], madeOnDevice),
    [server, waitingChanges],
  );
  const waiting = useMemo(() => new Set((waitingChanges ?? []).map((p) => p.id)), [waitingChanges]);
  return {
    checkins,
    waiting,
    isPending: pages.isPending,
    isError: pages.isError && !server,
    hasMore: pages.hasNextPage,
    loadMore: () => void pages.fetchNextPage(),
    loadingMore: pages.isFetchingNextPage,
  };
}
