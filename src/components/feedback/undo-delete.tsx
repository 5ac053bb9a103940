"use client";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/client/errors";
import { useRestoreEntry } from "@/client/entries";
import { useToast } from "./toast";

/** How long the toast after a deletion stays, so that Undo can be reached. */
export const UNDO_TOAST_MS = 10_000;

/** The Undo in the toast right after deleting an entry, and the way to Recently deleted. */
export function UndoDelete({ id, onRestored }: { id: string; onRestored?: (id: string) => void }) {
  const restore = useRestoreEntry();
  const toast = useToast();
  const [done, setDone] = useState(false);
  return (
    <div className="flex items-center gap-4 text-sm">
      <button
        type="button"
        disabled={restore.isPending || done}
        onClick={() =>
          restore.mutate(id, {
            onSuccess: () => {
              setDone(true);
              // Said on the entry's page when Undo goes there.
              toast.success("The entry is back in your journal.", undefined, {
                page: onRestored ? `/entry/${encodeURIComponent(id)}` : undefined,
              });
              onRestored?.(id);
            },
            onError: (err) => toast.error(errorMessage(err), "Could not restore the entry"),
          })
        }
        className="font-semibold text-brand-700 hover:underline disabled:text-stone-400"
      >
        {done ? "Restored" : restore.isPending ? "Restoring..." : "Undo"}
      </button>
      <Link href="/settings#recently-deleted" className="font-medium text-stone-600 hover:underline">
        Recently deleted
      </Link>
    </div>
  );
}
