"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { v7 as uuidv7 } from "uuid";
import type { CheckInDto } from "@/contracts/checkins";
import { isUnreachable } from "@/domain/outbox-text";
import { ApiError } from "./api";
import { refreshAfterCheckIn } from "./checkins";
import { loadOutbox } from "./outbox/load";
import { call } from "./routes";

export interface CheckInInput {
  mood: number;
  activities: string[];
  note?: string;
  entry_id?: string | null;
}

export type CheckInOutcome = { kind: "saved"; checkin: CheckInDto } | { kind: "kept-on-device"; id: string };

/**
 * Makes a check-in under an id made here: sent at once, or, when the server cannot be reached, kept
 * on this device and sent by the outbox when it can (the same id: a resend is never a second one).
 * "Cannot be reached" is the one rule of `isUnreachable` (no answer, 5xx, 408, 429).
 */
export async function saveCheckIn(input: CheckInInput, now = new Date()): Promise<CheckInOutcome> {
  const id = uuidv7();
  const body = {
    mood: input.mood,
    activities: input.activities,
    ...(input.note?.trim() ? { note: input.note.trim() } : {}),
    at: now.toISOString(),
    ...(input.entry_id ? { entry_id: input.entry_id } : {}),
  };
  try {
    return { kind: "saved", checkin: await call("POST /checkins", { body: { ...body, id } }) };
  } catch (err) {
    if (!(err instanceof ApiError && isUnreachable(err.status))) throw err;
    const outbox = await loadOutbox();
    await outbox.queueCheckIn(id, "create", body);
    outbox.afterQueued();
    return { kind: "kept-on-device", id };
  }
}

export function useSaveCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => saveCheckIn(input),
    retry: false,
    // Offline too: the check-in is then kept on this device (a paused mutation would keep nothing).
    networkMode: "always",
    onSuccess: () => refreshAfterCheckIn(qc),
  });
}
