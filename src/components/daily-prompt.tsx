"use client";
import { Lightbulb } from "lucide-react";
import { useDailyPrompt } from "./use-daily-prompt";

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
