"use client";
import { Lightbulb } from "lucide-react";
import { useSyncExternalStore } from "react";
import { localDayKey } from "@/domain/dates";
import { promptFor } from "@/domain/prompts";

const noSubscribe = () => () => {};

/**
 * Today's prompt for the browser's local day. Null while the server renders (its zone may not be the
 * person's), so the page hydrates without a mismatch and the prompt appears right after.
 */
export function useDailyPrompt(): string | null {
  return useSyncExternalStore(
    noSubscribe,
    () => promptFor(localDayKey(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC")),
    () => null,
  );
}

/** The day's prompt, small, under a write button. */
export function DailyPrompt({ className }: { className?: string }) {
  const prompt = useDailyPrompt();
  if (!prompt) return null;
  return (
    <p data-testid="daily-prompt" className={`flex items-start gap-2 text-sm text-stone-600 ${className ?? ""}`}>
      <Lightbulb className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" aria-hidden />
      <span>
        <span className="font-medium text-stone-700">Today&apos;s prompt:</span> {prompt}
      </span>
    </p>
  );
}
