"use client";
import Link from "next/link";
import { Lightbulb, PenLine } from "lucide-react";
import { useDailyPrompt } from "@/components/use-daily-prompt";
import { Button } from "@/components/ui/button";
import { todayHeading } from "@/domain/home";
import { writeAboutPromptHref } from "@/domain/prompt-link";
import { ReviewsMenu } from "@/features/reviews/reviews-menu";
import { useHomeWindow } from "./use-home-data";

/** The top of a returning writer's Home: the day, and a welcome back. */
export function Greeting() {
  const { today } = useHomeWindow();
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-2">
      <div>
        <p className="text-sm font-medium text-brand-700" data-testid="today-date">
          {todayHeading(today)}
        </p>
        <h1 id="welcome-back" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          Welcome back
        </h1>
      </div>
      <ReviewsMenu />
    </div>
  );
}

/** Today's writing: the day's prompt with a way to write about it, and a blank page. */
export function TodayCard({ className }: { className?: string }) {
  const { today } = useHomeWindow();
  const prompt = useDailyPrompt();
  return (
    <section
      aria-labelledby="today-heading"
      data-testid="today-card"
      className={`relative overflow-hidden rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white p-5 shadow-sm ${className ?? ""}`}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -right-12 -top-12 h-40 w-40 rounded-full bg-brand-100/50 blur-3xl"
      />
      <h2 id="today-heading" className="sr-only">
        Today
      </h2>
      {prompt && (
        <p data-testid="daily-prompt" className="relative">
          <span className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
            <Lightbulb className="h-4 w-4" aria-hidden />
            Today&apos;s prompt<span className="sr-only">:</span>
          </span>
          <span className="mt-1.5 block text-lg font-medium leading-snug text-stone-900 sm:text-xl">{prompt}</span>
        </p>
      )}
      <div className="relative mt-4 flex flex-wrap gap-2">
        <Button asChild className="h-11 px-5">
          <Link href="/journal" aria-keyshortcuts="N">
            <PenLine className="h-4 w-4" aria-hidden />
            Write
          </Link>
        </Button>
        {prompt && (
          <Button asChild variant="secondary" className="h-11 px-4">
            <Link href={writeAboutPromptHref(today)}>Write about this</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
