"use client";
import clsx from "clsx";
import { Check, Eye, EyeOff, Pencil, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/errors";
import { useActivities, useAddActivity, useUpdateActivity } from "@/client/checkins";
import { useSaveCheckIn } from "@/client/checkin-save";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import type { ActivityDto } from "@/contracts/checkins";
import { MAX_ACTIVITY_NAME, MAX_CHECKIN_NOTE, MOOD_FACES, faceIndex } from "@/domain/checkins";

export interface CheckInSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The face already chosen (Home's one tap), on the 1..10 scale. */
  initialMood?: number | null;
  /** The entry the check-in belongs to (the editor's check-in): its stated mood. */
  entryId?: string | null;
}

/**
 * The check-in: how the person feels (five faces on the 1..10 scale) and what they did (their chips),
 * with an optional note. Chips can be added, renamed and hidden here.
 */
export function CheckInSheet({ open, onOpenChange, initialMood = null, entryId = null }: CheckInSheetProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="How are you feeling?"
      description={
        entryId ? "Your mood for this entry. It counts over the one read from your writing." : "A quick check-in."
      }
    >
      {open && (
        <CheckInForm
          key={`${initialMood ?? ""}:${entryId ?? ""}`}
          initialMood={initialMood}
          entryId={entryId}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Modal>
  );
}

function CheckInForm({
  initialMood,
  entryId,
  onDone,
}: {
  initialMood: number | null;
  entryId: string | null;
  onDone: () => void;
}) {
  const [mood, setMood] = useState<number | null>(initialMood);
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState(false);
  const activities = useActivities();
  const save = useSaveCheckIn();
  const toast = useToast();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mood === null) return;
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
  const shown = (activities.data ?? []).filter((a) => !a.hidden);

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

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mood === null || save.isPending}>
          {save.isPending ? "Saving..." : "Save check-in"}
        </Button>
      </div>
    </form>
  );
}

/** Add, rename and hide chips. Renaming carries past check-ins with it. */
function ActivityEditor({ activities }: { activities: ActivityDto[] }) {
  const add = useAddActivity();
  const update = useUpdateActivity();
  const toast = useToast();
  const [name, setName] = useState("");
  const onError = (err: unknown) => toast.error(errorMessage(err), "The activity was not changed");
  return (
    <div className="space-y-3">
      <ul className="space-y-1.5" aria-label="Your activities">
        {activities.map((a) => (
          <ActivityRow
            key={`${a.id}:${a.name}`}
            activity={a}
            onRename={(n) => update.mutate({ id: a.id, name: n }, { onError })}
            onToggle={() => update.mutate({ id: a.id, hidden: !a.hidden }, { onError })}
          />
        ))}
      </ul>
      <div className="flex gap-2">
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={MAX_ACTIVITY_NAME}
          placeholder="New activity"
          aria-label="New activity"
          className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-1.5 text-sm"
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              if (name.trim()) add.mutate(name, { onSuccess: () => setName(""), onError });
            }
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={!name.trim() || add.isPending}
          onClick={() => add.mutate(name, { onSuccess: () => setName(""), onError })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add
        </Button>
      </div>
    </div>
  );
}

function ActivityRow({
  activity,
  onRename,
  onToggle,
}: {
  activity: ActivityDto;
  onRename: (name: string) => void;
  onToggle: () => void;
}) {
  const [value, setValue] = useState(activity.name);
  const commit = () => {
    const v = value.trim();
    if (v && v.toLowerCase() !== activity.name) onRename(v);
    else setValue(activity.name);
  };
  return (
    <li className="flex items-center gap-2">
      <input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        maxLength={MAX_ACTIVITY_NAME}
        aria-label={`Rename ${activity.name}`}
        className={clsx(
          "min-w-0 flex-1 rounded-lg border border-stone-200 px-2 py-1 text-sm",
          activity.hidden && "text-stone-400 line-through",
        )}
      />
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={activity.hidden}
        aria-label={activity.hidden ? `Show ${activity.name}` : `Hide ${activity.name}`}
        className="rounded-lg p-1.5 text-stone-500 hover:bg-stone-100"
      >
        {activity.hidden ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </li>
  );
}
