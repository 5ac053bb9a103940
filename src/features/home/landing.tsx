"use client";
import Link from "next/link";
import clsx from "clsx";
import {
  BrainCircuit,
  CalendarDays,
  Camera,
  ChevronDown,
  Feather,
  Lock,
  PenLine,
  ShieldCheck,
  Sparkles,
} from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useCurrentModel } from "@/client/companion";
import { DailyPrompt } from "@/components/daily-prompt";
import { APP_NAME } from "@/domain/constants";
import { privacyPromise } from "@/domain/models";

/** The welcome heading, tagline (whose privacy promise follows the chosen model) and the two ways in. */
function Welcome({ heading: H }: { heading: "h1" | "h3" }) {
  const model = useCurrentModel();
  const outer = H === "h1";
  return (
    <>
      <H
        className={clsx(
          "relative font-semibold tracking-tight text-stone-900",
          outer ? "text-3xl sm:text-4xl" : "text-xl",
        )}
      >
        Welcome to {APP_NAME}
      </H>
      <p className={clsx("relative max-w-2xl text-stone-600", outer ? "mt-3 text-base sm:text-lg" : "mt-2 text-sm")}>
        Your private journal with a kind AI companion. Write, speak or capture your day, and see your moods and patterns
        take shape. <span data-testid="privacy-promise">{privacyPromise(model)}</span>
      </p>
      <div className={clsx("relative flex flex-wrap gap-3", outer ? "mt-6" : "mt-4")}>
        <Button asChild className={outer ? "h-11 px-5" : undefined}>
          <Link href="/journal">
            <PenLine className="h-4 w-4" aria-hidden />
            Start Writing
          </Link>
        </Button>
        <Button asChild variant="secondary" className={outer ? "h-11 px-5" : undefined}>
          <Link href="/timeline">
            <CalendarDays className="h-4 w-4" aria-hidden />
            View Timeline
          </Link>
        </Button>
      </div>
    </>
  );
}

/** The landing's top: what an empty journal opens on. */
export function Hero() {
  return (
    <div className="relative overflow-hidden rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-stone-50 px-6 py-8 sm:px-10 sm:py-10">
      <div
        aria-hidden
        className="pointer-events-none absolute -right-16 -top-16 h-56 w-56 rounded-full bg-brand-100/60 blur-3xl"
      />
      <Welcome heading="h1" />
      <DailyPrompt className="relative mt-4 max-w-2xl" />
    </div>
  );
}

/**
 * The landing for someone who already writes: folded away at the end of Home, closed until opened, with
 * the same welcome, features and privacy panel (their headings one level down, under "About Reverie").
 */
export function AboutReverie() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid="about-reverie"
      className="rounded-2xl border border-stone-200 bg-white/70 shadow-sm"
    >
      <h2 id={`${id}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left text-base font-semibold text-stone-900 transition-colors hover:bg-stone-50"
        >
          <span className="flex items-center gap-2">
            <Feather className="h-4 w-4 text-brand-600" aria-hidden />
            About {APP_NAME}
          </span>
          <span className="flex items-center gap-1 text-sm font-normal text-stone-500">
            <span className={open ? "hidden" : "hidden sm:inline"}>What it is, and your privacy</span>
            <ChevronDown className={clsx("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden />
          </span>
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="space-y-6 border-t border-stone-200 px-5 py-5">
        <div>
          <Welcome heading="h3" />
        </div>
        <LandingDetails nested />
      </div>
    </section>
  );
}

const FEATURES = [
  {
    title: "Privacy First",
    icon: ShieldCheck,
    text: "Your entries are stored on your own device. No account, no tracking, nothing shared unless you choose a cloud model.",
  },
  {
    title: "AI Insights",
    icon: Sparkles,
    text: "Mood analysis, reflection questions and patterns over time, from the AI model you choose.",
  },
  {
    title: "Multimodal",
    icon: Camera,
    text: "Write, speak or capture: text, photos, video, voice recordings and the places that mattered.",
  },
] as const;

/** The three feature cards and the privacy panel: what the journal is, for everyone. */
export function LandingDetails({ nested = false }: { nested?: boolean }) {
  const H2 = nested ? "h3" : "h2";
  const H3 = nested ? "h4" : "h3";
  const id = useId();
  const ids = { features: `${id}-features`, privacy: `${id}-privacy` };
  return (
    <div className="space-y-6">
      <section aria-labelledby={ids.features}>
        <H2 id={ids.features} className="sr-only">
          What {APP_NAME} offers
        </H2>
        <ul className={clsx("grid sm:grid-cols-3", nested ? "gap-3" : "gap-4")}>
          {FEATURES.map((f) =>
            nested ? (
              <li key={f.title} className="rounded-xl border border-stone-200 bg-white p-4">
                <H3 className="flex items-center gap-2 font-semibold text-stone-900">
                  <f.icon className="h-4 w-4 text-brand-600" aria-hidden />
                  {f.title}
                </H3>
                <p className="mt-1 text-sm text-stone-600">{f.text}</p>
              </li>
            ) : (
              <li key={f.title} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <f.icon className="h-5 w-5" aria-hidden />
                </span>
                <H3 className="mt-3 font-semibold text-stone-900">{f.title}</H3>
                <p className="mt-1 text-sm text-stone-600">{f.text}</p>
              </li>
            ),
          )}
        </ul>
      </section>
      <section
        aria-labelledby={ids.privacy}
        className={clsx("rounded-2xl border border-stone-200 bg-stone-100/70", nested ? "p-5" : "p-6")}
      >
        <H2 id={ids.privacy} className="flex items-center gap-2 font-semibold text-stone-900">
          <Lock className="h-4 w-4 text-brand-600" aria-hidden />
          Your privacy, by design
        </H2>
        <dl className="mt-4 grid gap-5 sm:grid-cols-3">
          <div>
            <dt className="flex items-center gap-2 text-sm font-semibold text-stone-900">
              <ShieldCheck className="h-4 w-4 text-brand-600" aria-hidden />
              Your Data Stays Local
            </dt>
            <dd className="mt-1 text-sm text-stone-600">
              Entries, photos and recordings are kept in a database on this device, never on someone else&apos;s server.
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 text-sm font-semibold text-stone-900">
              <Camera className="h-4 w-4 text-brand-600" aria-hidden />
              Multimodal Capture
            </dt>
            <dd className="mt-1 text-sm text-stone-600">
              Add photos, video, audio and voice notes; they are stored right next to your entries.
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 text-sm font-semibold text-stone-900">
              <BrainCircuit className="h-4 w-4 text-brand-600" aria-hidden />
              AI-Powered Insights
            </dt>
            <dd className="mt-1 text-sm text-stone-600">
              Choose a model for mood analysis and insights. With a local model, AI processing happens on your device.
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
