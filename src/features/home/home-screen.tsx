"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { NotebookPen } from "lucide-react";
import { useEffect } from "react";
import { useStatistics } from "@/client/entries";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingText } from "@/components/ui/skeleton";
import { shortcutTarget } from "@/domain/home";
import { requestFocus } from "@/client/focus-intent";
import { CheckInCard } from "@/features/checkins/check-in-card";
import { ReviewOffer } from "@/features/reviews/review-offer";
import { ReviewsMenu } from "@/features/reviews/reviews-menu";
import { GrowthCard } from "./growth-card";
import { Hero, LandingDetails } from "./landing";
import { MoodChart } from "./mood-chart";
import { OftenTogether } from "./often-together";
import { OnThisDay } from "./on-this-day";
import { PatternsPanel } from "./patterns-panel";
import { FIRST_ENTRY_HINT, ProgressPanel } from "./progress-panel";
import { QuickActions } from "./quick-actions";
import { useOnThisDay } from "./use-home-data";
import { WaitingPanel } from "./waiting-panel";

function isTypingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  return (
    t.closest(
      "input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], [role='combobox'], [role='dialog']",
    ) !== null
  );
}

/** N opens a new entry and C the chat, unless the person is typing in a field. */
function useHomeShortcuts() {
  const router = useRouter();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const target = shortcutTarget({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        repeat: e.repeat,
        typing: isTypingTarget(e.target),
      });
      if (!target) return;
      e.preventDefault();
      // The next screen puts the cursor in its field, so the first keystrokes are not lost.
      requestFocus(target === "/chat" ? "chat-input" : "entry-text");
      router.push(target);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
}

export function HomeScreen() {
  useHomeShortcuts();
  const stats = useStatistics();
  const hasEntries = (stats.data?.total_entries ?? 0) > 0;
  return (
    <div className="space-y-8">
      <Hero />
      <WaitingPanel />
      <div className="grid gap-4 lg:grid-cols-3">
        <CheckInCard />
        <OftenTogether className="lg:col-span-2" />
      </div>
      {stats.isPending ? (
        // Holds the dashboard's room while it loads, so the cards below do not jump when it arrives.
        <div className="min-h-[60vh]">
          <LoadingText>Loading your journal...</LoadingText>
        </div>
      ) : hasEntries || stats.isError || !stats.data ? (
        <Dashboard stats={stats} showInsights={hasEntries} />
      ) : (
        <EmptyState
          icon={<NotebookPen className="h-10 w-10" aria-hidden />}
          title="Your journal is waiting"
          action={
            <Button asChild>
              <Link href="/journal">Write your first entry</Link>
            </Button>
          }
        >
          <p>{FIRST_ENTRY_HINT} Your moods, themes and streaks will appear here as you write.</p>
        </EmptyState>
      )}
      <LandingDetails />
    </div>
  );
}

function Dashboard({ stats, showInsights }: { stats: ReturnType<typeof useStatistics>; showInsights: boolean }) {
  const onThisDay = useOnThisDay(showInsights).data?.entries ?? [];
  const hasOnThisDay = showInsights && onThisDay.length > 0;
  return (
    <section aria-labelledby="welcome-back" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="welcome-back" className="text-2xl font-semibold text-stone-900">
            Welcome back
          </h2>
          <p className="mt-1 text-stone-600">Here is how your journaling is going.</p>
        </div>
        {showInsights && <ReviewsMenu />}
      </div>
      {showInsights && <ReviewOffer />}
      <ProgressPanel stats={stats} />
      <div className="grid gap-4 lg:grid-cols-3">
        {showInsights && <MoodChart className="lg:col-span-2" />}
        <QuickActions className={showInsights ? "" : "lg:col-span-3"} />
        {showInsights && (
          <>
            <PatternsPanel className={hasOnThisDay ? "lg:col-span-2" : "lg:col-span-3"} />
            {hasOnThisDay && <OnThisDay entries={onThisDay} />}
            <GrowthCard className="lg:col-span-3" />
          </>
        )}
      </div>
    </section>
  );
}
