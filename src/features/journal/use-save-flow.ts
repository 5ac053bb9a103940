"use client";
import { useRouter } from "next/navigation";
import { useState, type RefObject } from "react";
import { v7 as uuidv7 } from "uuid";
import { useSaveEntry, type DraftFile, type FileState, type SaveOutcome } from "@/client/entries/save";
import { setFlash } from "@/client/storage";
import { useToast } from "@/components/feedback/toast";
import type { EntryDto } from "@/contracts/entries";
import { buildSavePayload, instantForDay, type AnalysisFields, type EditorFields } from "@/domain/editor";
import type { DeviceEntry } from "@/domain/outbox";
import { isUntouchedTemplate, stripUnansweredPrompts, type TemplateGuide } from "@/domain/templates";
import { hasText } from "@/domain/text";

export const EMPTY_CONTENT_MESSAGE = "Please add some content to your entry";

interface SaveFlowInput {
  /** The entry being edited (none for a new one), and its version kept on this device if that is the latest. */
  entry?: EntryDto;
  device?: DeviceEntry;
  /** The fields as the editor opened, and the day it opened (a new entry saved on that day is dated now). */
  baseline: EditorFields;
  today: string;
  fieldsRef: RefObject<EditorFields>;
  /** The template a new entry started from: its unanswered prompts are not saved. */
  guideRef: RefObject<TemplateGuide | null>;
  /** The analysis to save with the words (and the model that made it), when it is of the words as they are. */
  analysis: AnalysisFields | null;
  files: () => DraftFile[];
  removedIds: string[];
  onFile: (id: string, upload: FileState) => void;
  /** The words are safe (on the server or on this device): the draft goes. */
  dropDraft: () => void;
  /** Just before the editor is left for a page load: nothing unsaved is left, so nothing asks first. */
  beforeLeave?: () => void;
}

/** What the editor says when the words were kept on this device (offline) and the page stays. */
export const KEPT_ON_DEVICE_MESSAGE =
  "Saved on this device. It will be added to your journal when the connection returns.";

/**
 * The editor's save: empty text is refused with a note; otherwise the words, then the files, go through
 * the one save (`saveEntry`), and its outcome decides what the person is told and where they go next.
 * A refusal stays on screen (`error`) with a retry.
 */
export function useSaveFlow(input: SaveFlowInput) {
  const router = useRouter();
  const toast = useToast();
  const saveEntry = useSaveEntry();
  // A new entry's id is made here, so that a save retried after a lost answer can never make two entries.
  const [newId] = useState(() => uuidv7());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [emptyError, setEmptyError] = useState(false);
  // The words were kept on this device (offline): they are safe, whatever happens to the page load after.
  const [keptOnDevice, setKeptOnDevice] = useState(false);

  const save = async () => {
    if (saving) return;
    const { entry, device, baseline, today, fieldsRef, analysis, removedIds, dropDraft } = input;
    const guide = input.guideRef.current;
    const f = guide
      ? { ...fieldsRef.current, content: stripUnansweredPrompts(fieldsRef.current.content, guide.prompts) }
      : fieldsRef.current;
    if (!hasText(f.content) || isUntouchedTemplate(f.content, guide)) {
      setEmptyError(true);
      return;
    }
    setSaving(true);
    setError(null);
    setKeptOnDevice(false);
    const original = entry ? new Date(entry.created_at) : null;
    const createdAt = original
      ? f.date === baseline.date
        ? original
        : instantForDay(f.date, original)
      : f.date === today
        ? new Date()
        : instantForDay(f.date, new Date());
    const payload = buildSavePayload(f, createdAt, analysis, entry);
    let outcome: SaveOutcome;
    try {
      outcome = await saveEntry(
        { entry: entry ?? null, newId, payload, onDevice: !!device, removedMediaIds: removedIds },
        input.files(),
        // The words are safe on the server now: the local draft can go, and is not written again.
        { onStored: dropDraft, onFile: input.onFile },
      );
    } catch (err) {
      console.warn(entry ? "Failed to update entry" : "Failed to save entry", err);
      setError(err);
      setSaving(false);
      return;
    }
    dropDraft();
    if (outcome.kind === "saved") {
      const { kept, problems } = outcome;
      // An edit goes back to the entry, as it now reads; a new entry to the Timeline (spec, editor). The
      // message is for that page.
      const next = entry ? `/entry/${encodeURIComponent(entry.id)}` : "/timeline";
      if (problems.length)
        toast.error(problems.map((p) => p.message).join(" "), "Entry saved, but not all media", { page: next });
      else if (kept.length)
        toast.success(
          `${kept.length === 1 ? "1 file is" : `${kept.length} files are`} kept on this device and will be added when the connection returns.`,
          undefined,
          { page: next },
        );
      else toast.success(entry ? "Your changes were saved." : "Your entry was saved.", undefined, { page: next });
      router.push(next);
      return;
    }
    if (outcome.kind === "conflict-copy") {
      toast.success(
        "This entry was changed elsewhere meanwhile. Both versions are kept: yours is saved as a copy.",
        undefined,
        { page: "/timeline" },
      );
      router.push("/timeline");
      return;
    }
    // Kept on this device: the words are safe, so leaving asks nothing, and the editor is not left on
    // "Saving..." whatever becomes of the page load (it says where the words are).
    setKeptOnDevice(true);
    setSaving(false);
    input.beforeLeave?.();
    // The Timeline comes from the service worker's cache, as a full page load, in its list (where the
    // entries waiting on this device are shown); the message goes with it.
    setFlash(KEPT_ON_DEVICE_MESSAGE);
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- offline, a full load from the service worker's cache is the way
    window.location.assign("/timeline");
  };

  return {
    save,
    saving,
    /** The id the entry has, or will have once saved (a check-in made before the first save belongs to it). */
    entryId: input.entry?.id ?? newId,
    error,
    /** The words were kept on this device (offline) and wait to sync: nothing is unsaved. */
    keptOnDevice,
    dismissError: () => setError(null),
    emptyError,
    /** Typing text clears the empty-text note. */
    contentTyped: (content: string) => {
      if (hasText(content)) setEmptyError(false);
      // New words after the save are not kept yet.
      setKeptOnDevice(false);
    },
  };
}
