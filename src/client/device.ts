"use client";
/**
 * What this device keeps, as screens see it: the entries waiting to sync and the sync's state (always
 * loaded, tiny), and the actions on the device's store, which load the outbox's code on first use
 * (IndexedDB, the sync engine) so that it stays out of every screen's first load. Screens go through
 * here, never to `./outbox/*` themselves.
 */
import { queryOptions } from "@tanstack/react-query";
import type { EntryDto } from "@/contracts/entries";
import type { OfflineFilter } from "@/domain/outbox";
import { qk } from "./keys";
import { loadOutbox } from "./outbox/load";
import { setOutboxStatus } from "./outbox/status";

export {
  entryFromHash,
  outboxStatus as deviceStatus,
  takeNotices,
  useDeviceEntry,
  useHashEntry,
  useOutboxStatus,
  type OutboxStatus,
} from "./outbox/status";

/** Starts the outbox in this tab (after the page): sends what waits, refreshes the reading copy. */
export const startOutbox = () => loadOutbox().then((m) => m.startOutbox());

/** Sends what waits now (the connection is back). */
export const syncNow = () => loadOutbox().then((m) => m.syncNow());

/** The connection check's verdict, which every screen hears. */
export const markOffline = (offline: boolean) => setOutboxStatus({ offline });

/** Before Lock: one last try to send what waits; how many operations still wait. */
export const flushBeforeLock = () => loadOutbox().then((m) => m.flushBeforeLock());

/** Lock and Clear All Data: nothing of the journal stays in this browser's IndexedDB. */
export const forgetDevice = () => loadOutbox().then((m) => m.forgetDevice());

/** The lock screen: the reading copy goes; entries not yet sent stay. */
export const forgetReadingCopy = () => loadOutbox().then((m) => m.forgetReadingCopy());

/** The reading copy (recent entries kept for reading offline), for Settings. */
export const readingCopySize = () => loadOutbox().then((m) => m.readingCopySize());
export const refreshReadingCopy = (force = false) => loadOutbox().then((m) => m.refreshReadingCopy(force));
export const clearReadingCopy = () => loadOutbox().then((m) => m.clearReadingCopy());

/** Turns the reading copy on (filled now) or off (removed now) on this device. */
export const setReadingCopy = (on: boolean) => (on ? refreshReadingCopy(true) : clearReadingCopy());

export const deviceQueries = {
  readingCopy: () => queryOptions({ queryKey: qk.readingCopy, queryFn: readingCopySize, networkMode: "always" }),
};

/** Kept entries matching a search and filters, newest first (the Timeline offline). */
export const readOffline = (filter: OfflineFilter): Promise<EntryDto[]> =>
  loadOutbox().then((m) => m.readOffline(filter));

/** A kept thumbnail, as an object URL the caller revokes. */
export const thumbnailUrl = (mediaId: string) => loadOutbox().then((m) => m.thumbnailUrl(mediaId));

/** A file chosen on this device that waits to be uploaded. */
export const deviceFile = (mediaId: string) => loadOutbox().then((m) => m.deviceFile(mediaId));
