"use client";
import { useSyncExternalStore } from "react";
import { lazyPart } from "@/components/lazy";
import { localDayKey } from "@/domain/dates";

/** The prompts load after the page. */
const prompts = lazyPart(() => import("@/domain/prompts"));

const noSubscribe = () => () => {};

/**
 * Today's prompt for the browser's local day. Null while the server renders (its zone may not be the
 * person's), so the page hydrates without a mismatch and the prompt appears right after. On its own, so
 * that a screen using only the prompt's text (the editor) does not carry the card that shows it.
 */
export function useDailyPrompt(): string | null {
  const loaded = prompts.use(true);
  return useSyncExternalStore(
    noSubscribe,
    () =>
      loaded
        ? loaded.promptFor(localDayKey(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"))
        : null,
    () => null,
  );
}
