"use client";
import { Printer } from "lucide-react";
import { useState } from "react";
import { useToast } from "@/components/feedback/toast";
import type { TimelineFilters } from "@/domain/timeline";
import { errorMessage } from "@/client/errors";

/** "Print as a book": the entries the list shows (its search and filters) as a printable book (PDF). */
export function PrintBookButton({
  search,
  filters,
  now,
  tz,
}: {
  search: string;
  filters: TimelineFilters;
  now: Date;
  tz: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      // Loaded on the first click: the Timeline's own code stays as small as it was.
      const [{ exportBook }, { bookQueryFromFilters }] = await Promise.all([
        import("@/client/data"),
        import("@/domain/book"),
      ]);
      await exportBook(bookQueryFromFilters(search, filters, now, tz), tz);
      toast.success("Your book was made.");
    } catch (err) {
      toast.error(errorMessage(err), "Could not make the book");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy}
      className="inline-flex h-11 items-center gap-1.5 rounded-xl border border-stone-300 bg-white px-3 text-sm font-medium text-stone-600 shadow-sm hover:text-stone-900 disabled:opacity-60"
    >
      <Printer className="h-4 w-4" aria-hidden />
      {busy ? "Making the book..." : "Print as a book"}
    </button>
  );
}
