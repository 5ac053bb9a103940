"use client";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/client/chat";
import { useToast } from "@/components/feedback/toast";
import type { EntryDto } from "@/contracts/entries";
import type { GenerateUndo } from "./use-generate-entry";

/** View and Undo in the toast after Generate Entry. */
export function GeneratedEntryActions({
  entry,
  undo,
  onUndo,
  onUndone,
}: {
  entry: EntryDto;
  undo: GenerateUndo;
  onUndo: (u: GenerateUndo) => Promise<void>;
  onUndone: () => void;
}) {
  const toast = useToast();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  return (
    <div className="flex items-center gap-4 text-sm">
      <Link href={`/entry/${encodeURIComponent(entry.id)}`} className="font-semibold text-brand-700 hover:underline">
        View
      </Link>
      <button
        type="button"
        disabled={state !== "idle"}
        className="font-medium text-stone-700 hover:underline disabled:text-stone-400"
        onClick={async () => {
          setState("busy");
          try {
            await onUndo(undo);
            setState("done");
            onUndone();
            toast.success(
              undo.kind === "created"
                ? "The new entry was moved to Recently deleted."
                : "The entry has its earlier words back.",
            );
          } catch (err) {
            setState("idle");
            toast.error(errorMessage(err), "Could not undo");
          }
        }}
      >
        {state === "done" ? "Undone" : state === "busy" ? "Undoing..." : "Undo"}
      </button>
    </div>
  );
}
