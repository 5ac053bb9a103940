"use client";
import { useEffect, useState } from "react";
import type { EntryDto } from "@/contracts/entries";
import { queryUnreachable } from "../query-client";
import { loadOutbox } from "../outbox/load";
import { useOutboxStatus } from "../outbox/status";
import { useServerEntry } from "./queries";

/** Where the entry shown comes from: the server, this device (waiting to sync), or the reading copy. */
export type EntrySource = "server" | "device" | "copy";

/**
 * One entry wherever this device can find it: its own version while it waits to sync (`device`, a
 * queued delete included), else the server's (`server`), else, when the server cannot be reached, the
 * reading copy (`copy`). `entry` is what to show; `problem` is why the server refused the device's version.
 */
export function useEntry(id: string) {
  const outbox = useOutboxStatus();
  useEffect(() => {
    void loadOutbox().then((m) => m.refreshStatus());
  }, []);
  const device = outbox.entries.find((e) => e.id === id);
  const server = useServerEntry(outbox.ready && !device ? id : undefined);
  const unreachable = queryUnreachable(server);
  const [copy, setCopy] = useState<EntryDto | null | undefined>(undefined);
  useEffect(() => {
    if (!unreachable) return;
    void loadOutbox()
      .then((m) => m.readOfflineEntry(id))
      .then(
        (e) => setCopy(e ?? null),
        () => setCopy(null),
      );
  }, [unreachable, id]);
  const offlineCopy = unreachable ? copy : undefined;
  const live = device && !device.deleted ? device : undefined;
  const [entry, source]: [EntryDto | undefined, EntrySource | undefined] = live
    ? [live.entry, "device"]
    : server.data
      ? [server.data, "server"]
      : offlineCopy
        ? [offlineCopy, "copy"]
        : [undefined, undefined];
  return {
    entry,
    source,
    problem: live?.problem ?? null,
    /** The device's record (its files waiting, whether it ever reached the server), while it waits to sync. */
    device: live,
    /** Deleted on this device, or not kept here while the server cannot be reached. */
    notKept: !!device?.deleted || offlineCopy === null,
    /** The device store was read (until then nothing is known of the device's versions). */
    ready: outbox.ready,
    unreachable,
    /** The server's query, for its loading and error states. */
    server,
  };
}
