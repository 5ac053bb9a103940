"use client";
import clsx from "clsx";
import { ArrowDown, ArrowUp, Eye, EyeOff, Plus } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/client/errors";
import { useAddActivity, useUpdateActivity } from "@/client/checkins";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import type { ActivityDto } from "@/contracts/checkins";
import { MAX_ACTIVITY_NAME } from "@/domain/checkins";

/**
 * The person's activity chips: add, rename (inline: Enter or leaving the field saves; past check-ins
 * follow the new name), hide / show, and, with `reorder`, move up and down. Used in the check-in sheet
 * and in Settings.
 */
export function ActivityEditor({ activities, reorder = false }: { activities: ActivityDto[]; reorder?: boolean }) {
  const add = useAddActivity();
  const update = useUpdateActivity();
  const toast = useToast();
  const [name, setName] = useState("");
  const onError = (err: unknown) => toast.error(errorMessage(err), "The activity was not changed");
  const addOne = () => {
    if (name.trim()) add.mutate(name, { onSuccess: () => setName(""), onError });
  };
  return (
    <div className="space-y-3">
      <ul className="space-y-1.5" aria-label="Your activities">
        {activities.map((a, i) => (
          <ActivityRow
            key={`${a.id}:${a.name}`}
            activity={a}
            onRename={(n) => update.mutate({ id: a.id, name: n }, { onError })}
            onToggle={() => update.mutate({ id: a.id, hidden: !a.hidden }, { onError })}
            move={
              reorder
                ? {
                    up: i > 0 ? () => update.mutate({ id: a.id, position: i - 1 }, { onError }) : null,
                    down:
                      i < activities.length - 1
                        ? () => update.mutate({ id: a.id, position: i + 1 }, { onError })
                        : null,
                    busy: update.isPending,
                  }
                : null
            }
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
              addOne();
            }
          }}
        />
        <Button variant="secondary" size="sm" disabled={!name.trim() || add.isPending} onClick={addOne}>
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
  move,
}: {
  activity: ActivityDto;
  onRename: (name: string) => void;
  onToggle: () => void;
  move: { up: (() => void) | null; down: (() => void) | null; busy: boolean } | null;
}) {
  const [value, setValue] = useState(activity.name);
  const commit = () => {
    const v = value.trim();
    if (v && v.toLowerCase() !== activity.name) onRename(v);
    else setValue(activity.name);
  };
  const iconButton =
    "rounded-lg p-1.5 text-stone-500 hover:bg-stone-100 disabled:opacity-30 disabled:hover:bg-transparent";
  return (
    <li className="flex items-center gap-1.5" data-testid="activity-row">
      <input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          } else if (e.key === "Escape" && value !== activity.name) {
            e.preventDefault();
            e.stopPropagation();
            setValue(activity.name);
          }
        }}
        maxLength={MAX_ACTIVITY_NAME}
        aria-label={`Rename ${activity.name}`}
        className={clsx(
          "min-w-0 flex-1 rounded-lg border border-stone-200 px-2 py-1 text-sm",
          activity.hidden && "text-stone-400 line-through",
        )}
      />
      {move && (
        <>
          <button
            type="button"
            onClick={move.up ?? undefined}
            disabled={!move.up || move.busy}
            aria-label={`Move ${activity.name} up`}
            className={iconButton}
          >
            <ArrowUp className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={move.down ?? undefined}
            disabled={!move.down || move.busy}
            aria-label={`Move ${activity.name} down`}
            className={iconButton}
          >
            <ArrowDown className="h-4 w-4" aria-hidden />
          </button>
        </>
      )}
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={activity.hidden}
        aria-label={activity.hidden ? `Show ${activity.name}` : `Hide ${activity.name}`}
        className={iconButton}
      >
        {activity.hidden ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </li>
  );
}
