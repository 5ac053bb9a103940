"use client";
import clsx from "clsx";
import { Check, Pencil, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/errors";
import { useActivities } from "@/client/checkins";
import { useChangeCheckIn, useRemoveCheckIn, useSaveCheckIn } from "@/client/checkin-save";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import type { CheckInDto } from "@/contracts/checkins";
import { MAX_CHECKIN_NOTE, MOOD_FACES, faceIndex } from "@/domain/checkins";
import { ActivityEditor } from "./activity-editor";

export interface CheckInSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The face already chosen (Home's one tap), on the 1..10 scale. */
  initialMood?: number | null;
  /** The entry the check-in belongs to (the editor's check-in): its stated mood. */
  entryId?: string | null;
  /** A past check-in to change or delete (the list of check-ins): the sheet opens with its values. */
  checkin?: CheckInDto | null;
}

const KEPT_ON_DEVICE = "It will be sent when the journal can be reached.";

/**
 * The check-in: how the person feels (five faces on the 1..10 scale) and what they did (their chips),
 * with an optional note. Chips can be added, renamed and hidden here.
 */
export function CheckInSheet({
  open,
  onOpenChange,
  initialMood = null,
  entryId = null,
  checkin = null,
}: CheckInSheetProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={checkin ? "Change check-in" : "How are you feeling?"}
      description={
        checkin
          ? "Change how you felt, what you did or the note, or delete this check-in."
          : entryId
            ? "Your mood for this entry. It counts over the one read from your writing."
            : "A quick check-in."
      }
    >
      {open && (
        <CheckInForm
          key={checkin ? `edit:${checkin.id}` : `${initialMood ?? ""}:${entryId ?? ""}`}
          initialMood={checkin?.mood ?? initialMood}
          entryId={entryId}
          checkin={checkin}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Modal>
  );
}

function CheckInForm({
  initialMood,
  entryId,
  checkin,
  onDone,
}: {
  initialMood: number | null;
  entryId: string | null;
  checkin: CheckInDto | null;
  onDone: () => void;
}) {
  const [mood, setMood] = useState<number | null>(initialMood);
  const [chosen, setChosen] = useState<string[]>(checkin?.activities ?? []);
  const [note, setNote] = useState(checkin?.note ?? "");
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const activities = useActivities();
  const save = useSaveCheckIn();
  const change = useChangeCheckIn();
  const remove = useRemoveCheckIn();
  const toast = useToast();
  const busy = save.isPending || change.isPending || remove.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mood === null) return;
    if (checkin) {
      change.mutate(
        { id: checkin.id, mood, activities: chosen, note: note.trim() },
        {
          onSuccess: (r) => {
            toast.success(r.kind === "saved" ? "Check-in changed." : `Change saved on this device. ${KEPT_ON_DEVICE}`);
            onDone();
          },
          onError: (err) => toast.error(errorMessage(err), "The check-in was not changed"),
        },
      );
      return;
    }
    save.mutate(
      { mood, activities: chosen, note, entry_id: entryId },
      {
        onSuccess: (r) => {
          toast.success(
            r.kind === "saved"
              ? "Check-in saved."
              : "Check-in saved on this device. It will be sent when the journal can be reached.",
          );
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err), "The check-in was not saved"),
      },
    );
  };
  const toggle = (name: string) => setChosen((c) => (c.includes(name) ? c.filter((x) => x !== name) : [...c, name]));
  // Hidden chips stay out of the choice, unless this check-in already names them (or a name no chip has).
  const shown = [
    ...(activities.data ?? []).filter((a) => !a.hidden || chosen.includes(a.name)),
    ...chosen
      .filter((n) => !(activities.data ?? []).some((a) => a.name === n))
      .map((name) => ({ id: `named:${name}`, name, hidden: false, position: Number.MAX_SAFE_INTEGER })),
  ];
  const deleteIt = () => {
    if (!checkin) return;
    remove.mutate(checkin.id, {
      onSuccess: (r) => {
        toast.success(r.kind === "saved" ? "Check-in deleted." : `Delete saved on this device. ${KEPT_ON_DEVICE}`);
        onDone();
      },
      onError: (err) => toast.error(errorMessage(err), "The check-in was not deleted"),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-5" data-testid="checkin-form">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-700">Mood</legend>
        <div role="radiogroup" aria-label="Mood" className="grid grid-cols-5 gap-2">
          {MOOD_FACES.map((f, i) => {
            const on = mood !== null && faceIndex(mood) === i;
            return (
              <button
                key={f.mood}
                type="button"
                role="radio"
                aria-checked={on}
                aria-label={`${f.label} (${f.mood} of 10)`}
                onClick={() => setMood(f.mood)}
                className={clsx(
                  "flex flex-col items-center gap-1 rounded-xl border px-1 py-2 text-xs font-medium transition-colors",
                  on
                    ? "border-brand-500 bg-brand-50 text-brand-800"
                    : "border-stone-200 text-stone-600 hover:bg-stone-50",
                )}
              >
                <span aria-hidden className="text-2xl leading-none">
                  {f.emoji}
                </span>
                {f.label}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <div className="mb-2 flex items-center justify-between">
          <legend className="text-sm font-medium text-stone-700">What did you do?</legend>
          <button
            type="button"
            onClick={() => setEditing((v) => !v)}
            aria-expanded={editing}
            className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
          >
            {editing ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Pencil className="h-3.5 w-3.5" aria-hidden />}
            {editing ? "Done editing" : "Edit activities"}
          </button>
        </div>
        {editing ? (
          <ActivityEditor activities={activities.data ?? []} />
        ) : activities.isPending ? (
          <p className="text-sm text-stone-500">Loading your activities...</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Activities">
            {shown.map((a) => {
              const on = chosen.includes(a.name);
              return (
                <li key={a.id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(a.name)}
                    className={clsx(
                      "rounded-full border px-3 py-1.5 text-sm transition-colors first-letter:uppercase",
                      on
                        ? "border-brand-500 bg-brand-600 text-white"
                        : "border-stone-300 text-stone-700 hover:bg-stone-50",
                    )}
                  >
                    {a.name}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <label className="block text-sm">
        <span className="font-medium text-stone-700">Note (optional)</span>
        <textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={MAX_CHECKIN_NOTE}
          rows={2}
          className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
        />
      </label>

      {confirmDelete ? (
        <div
          role="alertdialog"
          aria-labelledby="checkin-delete-q"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-red-200 bg-red-50 p-3"
        >
          <p id="checkin-delete-q" className="text-sm font-medium text-red-900">
            Delete this check-in? This cannot be undone.
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setConfirmDelete(false)} autoFocus>
              Keep it
            </Button>
            <Button variant="danger" size="sm" onClick={deleteIt} disabled={busy}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {checkin && (
            <button
              type="button"
              onClick={() => setConfirmDelete(true)}
              className="mr-auto inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">Delete</span>
            </button>
          )}
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={mood === null || busy}>
            {busy ? "Saving..." : checkin ? "Save changes" : "Save check-in"}
          </Button>
        </div>
      )}
    </form>
  );
}
