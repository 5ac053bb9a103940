"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { NotebookPen } from "lucide-react";
import { useEffect } from "react";
import { useStatistics } from "@/client/entries";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingText } from "@/components/ui/skeleton";
import { homeForm, shortcutTarget } from "@/domain/home";
import { requestFocus } from "@/client/focus-intent";
import { CheckInCard } from "@/features/checkins/check-in-card";
import { ReviewOffer } from "@/features/reviews/review-offer";
import { GrowthCard } from "./growth-card";
import { AboutReverie, Hero, LandingDetails } from "./landing";
import { LatestEntries } from "./latest-entries";
import { MoodChart } from "./mood-chart";
import { OftenTogether } from "./often-together";
import { OnThisDay } from "./on-this-day";
import { PatternsPanel } from "./patterns-panel";
import { FIRST_ENTRY_HINT, ProgressPanel } from "./progress-panel";
import { QuickActions } from "./quick-actions";
import { preloadHome } from "./preload";
import { Greeting, TodayCard } from "./today";
import { useLatestEntries, useOnThisDay } from "./use-home-data";
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

preloadHome();

export function HomeScreen() {
  useHomeShortcuts();
  const stats = useStatistics();
  const latest = useLatestEntries();
  const form = homeForm(
    { total: stats.data?.total_entries, isError: stats.isError },
    { total: latest.total, isError: latest.isError },
  );
  if (form === "journal") return <JournalHome stats={stats} />;
  if (form === "landing") return <Landing />;
  return (
    <div className="space-y-8">
      <WaitingPanel />
      {/* Holds the room of what comes, so the page does not jump when it arrives. */}
      <div className="min-h-[60vh]">
        <LoadingText>Loading your journal...</LoadingText>
      </div>
    </div>
  );
}

/** An empty journal: the spec's landing (welcome, the two ways in, features, privacy) and the empty state. */
function Landing() {
  return (
    <div className="space-y-8">
      <Hero />
      <WaitingPanel />
      <div className="grid gap-4 lg:grid-cols-3">
        <CheckInCard />
        <OftenTogether className="lg:col-span-2" />
      </div>
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
      <LandingDetails />
    </div>
  );
}

/**
 * Home for someone who writes: today first (the day's prompt and a way to write, a check-in, what waits to
 * sync), then their latest entries and On this day, then their figures and patterns; what the product is
 * comes last, folded away. On a phone the first screen is the greeting, today and the latest entries.
 */
function JournalHome({ stats }: { stats: ReturnType<typeof useStatistics> }) {
  const onThisDay = useOnThisDay(true).data?.entries ?? [];
  const hasOnThisDay = onThisDay.length > 0;
  return (
    <div className="space-y-6">
      <Greeting />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {/* A phone shows the latest entries right under today's writing; the tab bar has its own check-in. */}
        <TodayCard className="order-1 lg:col-span-2" />
        <CheckInCard className="order-3 lg:order-2" />
        <LatestEntries className="order-2 lg:order-3 lg:col-span-2" />
        <div className="order-4 min-w-0 space-y-4">
          {hasOnThisDay && <OnThisDay entries={onThisDay} />}
          <QuickActions />
        </div>
      </div>
      <WaitingPanel />
      <ReviewOffer />
      <ProgressPanel stats={stats} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <MoodChart className="lg:col-span-2" />
        <PatternsPanel />
        <GrowthCard className="lg:col-span-3" />
        <OftenTogether className="lg:col-span-3" />
      </div>
      <AboutReverie />
    </div>
  );
}
