"use client";
import { useSyncExternalStore } from "react";
import { localDayKey } from "@/domain/dates";
import { promptFor } from "@/domain/prompts";

const noSubscribe = () => () => {};

/**
 * Today's prompt for the browser's local day. Null while the server renders (its zone may not be the
 * person's), so the page hydrates without a mismatch and the prompt appears right after. On its own, so
 * that a screen using only the prompt's text (the editor) does not carry the card that shows it.
 */
export function useDailyPrompt(): string | null {
  return useSyncExternalStore(
    noSubscribe,
    () => promptFor(localDayKey(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC")),
    () => null,
  );
}
