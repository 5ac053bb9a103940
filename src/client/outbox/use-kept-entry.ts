"use client";
import { useEffect, useState } from "react";
import type { EntryDto } from "@/contracts/entries";
import { useEntry } from "../entries";
import { queryUnreachable } from "../query-client";
import { loadOutbox, useOutboxStatus } from "./status";

/**
 * One entry wherever this device can find it: its own version while it waits to sync (`device`, a
 * queued delete included), else the server's (`server`), else, when the server cannot be reached, the
 * reading copy (`copy`: undefined while looking, null when the device does not keep it).
 */
export function useKeptEntry(id: string) {
  const outbox = useOutboxStatus();
  useEffect(() => {
    void loadOutbox().then((m) => m.refreshStatus());
  }, []);
  const device = outbox.entries.find((e) => e.id === id);
  const server = useEntry(outbox.ready && !device ? id : undefined);
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
  return { outbox, device, server, unreachable, copy: unreachable ? copy : undefined };
}
