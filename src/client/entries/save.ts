"use client";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { v7 as uuidv7 } from "uuid";
import type { EntryDto } from "@/contracts/entries";
import { conflictCopyTitle, isUnreachable } from "@/domain/outbox-text";
import type { SavePayloadFields } from "@/domain/outbox";
import { ApiError, errorMessage } from "../api";
import { deleteMedia, uploadMedia } from "../media";
import { loadOutbox } from "../outbox/load";
import { entryWritten } from "./cache";
import { createEntry, updateEntry } from "./mutations";

/**
 * The one save of an entry, wherever it ends up: on the server (`saved`), on this device until the
 * server can be reached (`kept-on-device`), or, when the entry changed elsewhere since the editor opened,
 * as a copy beside the server's version (`conflict-copy`). Nothing typed is lost, whatever the network does.
 * A refusal (any other 4xx) is the server's word on this save: it is thrown, for the editor to show.
 */

export interface EntryDraft {
  /** The entry being edited, as the editor opened it (null for a new entry). */
  entry: EntryDto | null;
  /** The id a new entry takes, made when the editor opened: a save retried after a lost answer never makes two. */
  newId: string;
  /** The fields to save (the editor's save payload). */
  payload: SavePayloadFields;
  /** The entry's latest version is the one waiting on this device: the save joins it there. */
  onDevice?: boolean;
  /** Stored files the person removed. */
  removedMediaIds?: string[];
}

/** A file chosen in the editor, with the media id it keeps on the server. */
export interface DraftFile {
  id: string;
  file: File;
}

export type FileState = { state: "waiting" | "uploading" | "done" | "failed"; progress: number; error?: string };

export type SaveOutcome =
  | {
      kind: "saved";
      entry: EntryDto;
      /** Files that could not be sent now: kept on this device and added when the server is back. */
      kept: string[];
      /** What went wrong, per file (removals have no file id). */
      problems: { id?: string; message: string }[];
    }
  | { kind: "kept-on-device"; id: string }
  | { kind: "conflict-copy"; id: string; of: string };

export interface SaveHooks {
  /** The words reached the server (before the files are sent). */
  onStored?: (entry: EntryDto) => void;
  /** Each file's upload, as it goes. */
  onFile?: (id: string, state: FileState) => void;
  /** Refreshes what screens read after a write. */
  queryClient?: QueryClient;
  /** Wait before the one retry of a save the server said failed (5xx). */
  retryDelayMs?: number;
}

const unreachable = (err: unknown) => err instanceof ApiError && isUnreachable(err.status);
const deviceFileOf = (f: DraftFile) => ({ id: f.id, blob: f.file as Blob, filename: f.file.name, type: f.file.type });

/** Once more when the server said it failed (5xx), as every mutation does: a lost answer is never sent twice. */
async function sendSave(draft: EntryDraft, retryDelayMs: number): Promise<EntryDto> {
  const send = () =>
    draft.entry
      ? updateEntry(draft.entry.id, { ...draft.payload, id: draft.entry.id, base_updated_at: draft.entry.updated_at })
      : createEntry({ ...draft.payload, id: draft.newId });
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status ?? 0) < 500) throw err;
    await new Promise((r) => setTimeout(r, retryDelayMs));
    return send();
  }
}

/** Keeps the save on this device (as a copy when `conflictOf` is set); throws `cause` when even that fails. */
async function keepOnDevice(
  draft: EntryDraft,
  files: DraftFile[],
  cause: unknown,
  conflictOf?: string,
): Promise<SaveOutcome> {
  const copyId = conflictOf ? uuidv7() : null;
  const id = copyId ?? draft.entry?.id ?? draft.newId;
  try {
    const outbox = await loadOutbox();
    await outbox.queueSave({
      id,
      base: copyId || draft.onDevice ? null : draft.entry,
      payload: copyId ? { ...draft.payload, title: conflictCopyTitle(draft.payload.title) } : draft.payload,
      newMedia: files.map(deviceFileOf),
      removedMediaIds: copyId ? [] : (draft.removedMediaIds ?? []),
      conflictOf: conflictOf ?? null,
    });
    outbox.afterQueued();
  } catch (err) {
    console.warn("The entry could not be kept on this device", err);
    throw cause ?? err;
  }
  return conflictOf ? { kind: "conflict-copy", id, of: conflictOf } : { kind: "kept-on-device", id };
}

export async function saveEntry(draft: EntryDraft, files: DraftFile[], hooks: SaveHooks = {}): Promise<SaveOutcome> {
  // Offline, or an entry whose latest version waits on this device: the save goes to the device first.
  if (draft.onDevice || (typeof navigator !== "undefined" && navigator.onLine === false))
    return keepOnDevice(draft, files, null);
  let saved: EntryDto;
  try {
    saved = await sendSave(draft, hooks.retryDelayMs ?? 1000);
  } catch (err) {
    if (unreachable(err)) return keepOnDevice(draft, files, err);
    // Changed elsewhere since the editor opened: the server's version stays, this one becomes a copy.
    if (draft.entry && err instanceof ApiError && err.status === 409)
      return keepOnDevice(draft, files, err, draft.entry.id);
    throw err;
  }
  if (hooks.queryClient) entryWritten(hooks.queryClient, saved);
  hooks.onStored?.(saved);

  const problems: { id?: string; message: string }[] = [];
  for (const mediaId of draft.removedMediaIds ?? []) {
    try {
      await deleteMedia(saved.id, mediaId);
    } catch (err) {
      console.warn("Failed to remove media", err);
      problems.push({ message: `A file could not be removed: ${errorMessage(err)}` });
    }
  }
  const kept: DraftFile[] = [];
  for (const f of files) hooks.onFile?.(f.id, { state: "waiting", progress: 0 });
  for (const f of files) {
    if (kept.length) {
      kept.push(f); // the server went away: the rest waits on the device too
      continue;
    }
    hooks.onFile?.(f.id, { state: "uploading", progress: 0 });
    try {
      await uploadMedia(saved.id, f.file, f.file.name, {
        mediaId: f.id,
        onProgress: (p) => hooks.onFile?.(f.id, { state: "uploading", progress: p }),
      });
      hooks.onFile?.(f.id, { state: "done", progress: 1 });
    } catch (err) {
      if (unreachable(err)) {
        kept.push(f);
        continue;
      }
      console.warn(`Failed to upload ${f.file.name}`, err);
      hooks.onFile?.(f.id, { state: "failed", progress: 0, error: errorMessage(err) });
      problems.push({ id: f.id, message: `"${f.file.name}" was not uploaded: ${errorMessage(err)}` });
    }
  }
  if (kept.length) {
    try {
      const outbox = await loadOutbox();
      await outbox.queueUploads(saved, kept.map(deviceFileOf));
      outbox.afterQueued();
      for (const f of kept) hooks.onFile?.(f.id, { state: "waiting", progress: 0 });
    } catch (err) {
      console.warn("Files could not be kept on this device", err);
      for (const f of kept)
        problems.push({ id: f.id, message: `"${f.file.name}" was not uploaded: ${errorMessage(err)}` });
      kept.length = 0;
    }
  }
  return { kind: "saved", entry: saved, kept: kept.map((f) => f.id), problems };
}

/** `saveEntry` with this app's query cache. */
export function useSaveEntry() {
  const qc = useQueryClient();
  return useCallback(
    (draft: EntryDraft, files: DraftFile[], hooks: Omit<SaveHooks, "queryClient"> = {}) =>
      saveEntry(draft, files, { ...hooks, queryClient: qc }),
    [qc],
  );
}
