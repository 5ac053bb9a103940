"use client";
import Link from "next/link";
import { Grid3x3, History, SmilePlus } from "lucide-react";
import { useState } from "react";
import { MOOD_FACES } from "@/domain/checkins";
import { CheckInSheet } from "./lazy-sheet";

/** Home's check-in: one tap on a face opens the sheet with that mood chosen, the chips below it. */
export function CheckInCard({ className }: { className?: string }) {
  const [mood, setMood] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="checkin-heading"
      className={`rounded-2xl border border-stone-200 bg-white p-5 shadow-sm ${className ?? ""}`}
      data-testid="checkin-card"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="checkin-heading" className="flex items-center gap-2 text-base font-semibold text-stone-900">
          <span className="flex h-8 w-8 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <SmilePlus className="h-4 w-4" aria-hidden />
          </span>
          How are you feeling?
        </h2>
        <span className="flex items-center gap-3">
          <Link
            href="/timeline/checkins"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <History className="h-4 w-4" aria-hidden />
            Check-ins
          </Link>
          <Link
            href="/timeline/pixels"
            aria-label="Year in Pixels"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <Grid3x3 className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Year in Pixels</span>
            <span className="sm:hidden">Pixels</span>
          </Link>
        </span>
      </div>
      <div className="grid grid-cols-5 gap-2">
        {MOOD_FACES.map((f) => (
          <button
            key={f.mood}
            type="button"
            aria-label={`Check in: ${f.label}`}
            onClick={() => {
              setMood(f.mood);
              setOpen(true);
            }}
            className="flex flex-col items-center gap-1 rounded-xl border border-stone-200 py-2 text-xs font-medium text-stone-600 transition-colors hover:border-brand-300 hover:bg-brand-50"
          >
            <span aria-hidden className="text-2xl leading-none">
              {f.emoji}
            </span>
            {f.label}
          </button>
        ))}
      </div>
      <CheckInSheet open={open} onOpenChange={setOpen} initialMood={mood} />
    </section>
  );
}
