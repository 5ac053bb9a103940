"use client";
/**
 * The small, always-loaded face of the device outbox: what screens show (entries waiting to sync, a
 * sync in progress, a notice) and the door to the rest, which loads after the page (IndexedDB code,
 * the sync engine). Keeping this part tiny keeps the outbox out of every screen's first load.
 */
import { useSyncExternalStore } from "react";
import type { DeviceEntry } from "@/domain/outbox";

export interface OutboxStatus {
  /** The device's copies of entries with operations waiting, newest first (queued deletes too: `deleted`). */
  entries: DeviceEntry[];
  /** Operations waiting, all kinds. */
  waiting: number;
  syncing: boolean;
  /** True once the device store was read (until then `entries` is empty because unknown). */
  ready: boolean;
  /** The server could not be reached on the last try to send. */
  unreachable: boolean;
  /** The connection check found the server unreachable (offline, or the server down). */
  offline: boolean;
  /** When the next try is planned (ms since epoch), while operations wait. */
  nextTryAt: number | null;
  /** Something the person should hear about once (a conflict copy, a refused file). */
  notices: { id: number; kind: "info" | "error"; title: string; message: string }[];
  /** Bumped whenever the server's data changed through the outbox: lists refetch. */
  changed: number;
}

let state: OutboxStatus = {
  entries: [],
  waiting: 0,
  syncing: false,
  ready: false,
  unreachable: false,
  offline: false,
  nextTryAt: null,
  notices: [],
  changed: 0,
};
const listeners = new Set<() => void>();

export function outboxStatus(): OutboxStatus {
  return state;
}

export function setOutboxStatus(patch: Partial<OutboxStatus>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

let noticeSeq = 0;
export function addNotice(kind: "info" | "error", title: string, message: string): void {
  setOutboxStatus({ notices: [...state.notices, { id: ++noticeSeq, kind, title, message }] });
}

export function takeNotices(): OutboxStatus["notices"] {
  const n = state.notices;
  if (n.length) setOutboxStatus({ notices: [] });
  return n;
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

const SERVER_STATUS = state;
export function useOutboxStatus(): OutboxStatus {
  return useSyncExternalStore(subscribe, outboxStatus, () => SERVER_STATUS);
}

/** The device's copy of one entry, when it has operations waiting. */
export function useDeviceEntry(id: string | null | undefined): DeviceEntry | undefined {
  const s = useOutboxStatus();
  return id ? s.entries.find((e) => e.id === id) : undefined;
}

/**
 * `#entry=<id>`: an entry opened where the device can show it (the Timeline's reader, the editor). A
 * fragment, not a query: the page's cached shell is the same whatever follows `#`, so it hydrates as it was
 * rendered even offline.
 */
export function entryFromHash(hash: string): string | null {
  const m = /^#entry=([^&]+)$/u.exec(hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

function subscribeHash(cb: () => void) {
  window.addEventListener("hashchange", cb);
  window.addEventListener("popstate", cb);
  return () => {
    window.removeEventListener("hashchange", cb);
    window.removeEventListener("popstate", cb);
  };
}

/** The entry named by the address's `#entry=<id>`, or null (always null while the server renders). */
export function useHashEntry(): string | null {
  return useSyncExternalStore(
    subscribeHash,
    () => entryFromHash(window.location.hash),
    () => null,
  );
}
