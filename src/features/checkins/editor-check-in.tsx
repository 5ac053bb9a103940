"use client";
import { SmilePlus } from "lucide-react";
import { useState } from "react";
import { CheckInSheet } from "./lazy-sheet";

/** The editor's check-in: the person's own mood for this entry (it wins over the one read from the writing). */
export function EditorCheckIn({ entryId }: { entryId: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  if (!entryId) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-lg border border-stone-200 px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-50"
        data-testid="editor-check-in"
      >
        <SmilePlus className="h-4 w-4" aria-hidden />
        How do you feel about this entry?
      </button>
      <CheckInSheet open={open} onOpenChange={setOpen} entryId={entryId} />
    </>
  );
}
