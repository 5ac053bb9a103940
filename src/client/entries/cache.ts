"use client";
import type { QueryClient } from "@tanstack/react-query";
import type { EntryDto } from "@/contracts/entries";
import { qk } from "../keys";

/** After a write: lists, calendar, tags and statistics refresh (spec section 4). */
export function invalidateEntryData(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: qk.entries });
  void qc.invalidateQueries({ queryKey: qk.statistics });
  void qc.invalidateQueries({ queryKey: qk.insights });
}

/** The server answered with the entry as it now is: the detail shows it at once, the lists refresh. */
export function entryWritten(qc: QueryClient, entry: EntryDto) {
  qc.setQueryData(qk.entry(entry.id), entry);
  invalidateEntryData(qc);
}
