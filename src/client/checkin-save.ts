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

export type CheckInChange = Partial<Pick<CheckInDto, "mood" | "activities" | "note">>;

export type CheckInChangeOutcome = { kind: "saved" } | { kind: "kept-on-device" };

/**
 * Whether to keep a change on the device rather than send it now: the server cannot be reached, or
 * this check-in already has operations waiting (its create, an earlier change), which must reach the
 * server first: a change sent ahead of its create would be lost.
 */
async function waitsOnDevice(id: string): Promise<boolean> {
  const outbox = await loadOutbox();
  return (await outbox.pendingCheckIns()).some((o) => o.entry_id === id);
}

async function keepOnDevice(id: string, action: "update" | "delete", body?: CheckInChange): Promise<void> {
  const outbox = await loadOutbox();
  await outbox.queueCheckIn(id, action, body);
  outbox.afterQueued();
}

/**
 * Changes a check-in's mood, activities or note: sent at once, or kept on this device and sent by the
 * outbox in order after what waits for it (a change waiting folds into it: one request, nothing lost).
 * A check-in deleted elsewhere answers 410: the change is not kept, and the caller hears it.
 */
export async function changeCheckIn(id: string, body: CheckInChange): Promise<CheckInChangeOutcome> {
  if (await waitsOnDevice(id)) {
    await keepOnDevice(id, "update", body);
    return { kind: "kept-on-device" };
  }
  try {
    await call("PUT /checkins/[id]", { params: { id }, body });
    return { kind: "saved" };
  } catch (err) {
    if (!(err instanceof ApiError && isUnreachable(err.status))) throw err;
    await keepOnDevice(id, "update", body);
    return { kind: "kept-on-device" };
  }
}

/**
 * Deletes a check-in: at once, or kept on this device until the server can be reached (one never sent
 * is simply forgotten). Already gone there (404, 410) is done: the person's wish is met.
 */
export async function removeCheckIn(id: string): Promise<CheckInChangeOutcome> {
  if (await waitsOnDevice(id)) {
    await keepOnDevice(id, "delete");
    return { kind: "kept-on-device" };
  }
  try {
    await call("DELETE /checkins/[id]", { params: { id } });
    return { kind: "saved" };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return { kind: "saved" };
    if (!(err instanceof ApiError && isUnreachable(err.status))) throw err;
    await keepOnDevice(id, "delete");
    return { kind: "kept-on-device" };
  }
}

export function useChangeCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CheckInChange & { id: string }) => changeCheckIn(id, body),
    retry: false,
    networkMode: "always",
    onSettled: () => refreshAfterCheckIn(qc),
  });
}

export function useRemoveCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeCheckIn(id),
    retry: false,
    networkMode: "always",
    onSettled: () => refreshAfterCheckIn(qc),
  });
}
