"use client";
import Link from "next/link";
import { BrainCircuit, CalendarDays, Camera, Lock, PenLine, ShieldCheck, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCurrentModel } from "@/client/companion";
import { DailyPrompt } from "@/components/daily-prompt";
import { APP_NAME } from "@/domain/constants";
import { privacyPromise } from "@/domain/models";

/** The welcome heading, tagline (whose privacy promise follows the chosen model) and the two ways in. */
export function Hero() {
  const model = useCurrentModel();
  return (
    <div className="relative overflow-hidden rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-stone-50 px-6 py-8 sm:px-10 sm:py-10">
      <div
        aria-hidden
        className="pointer-events-none absolute -right-16 -top-16 h-56 w-56 rounded-full bg-brand-100/60 blur-3xl"
      />
      <h1 className="relative text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        Welcome to {APP_NAME}
      </h1>
      <p className="relative mt-3 max-w-2xl text-base text-stone-600 sm:text-lg">
        Your private journal with a kind AI companion. Write, speak or capture your day, and see your moods and patterns
        take shape. <span data-testid="privacy-promise">{privacyPromise(model)}</span>
      </p>
      <div className="relative mt-6 flex flex-wrap gap-3">
        <Button asChild className="h-11 px-5">
          <Link href="/journal">
            <PenLine className="h-4 w-4" aria-hidden />
            Start Writing
          </Link>
        </Button>
        <Button asChild variant="secondary" className="h-11 px-5">
          <Link href="/timeline">
            <CalendarDays className="h-4 w-4" aria-hidden />
            View Timeline
          </Link>
        </Button>
      </div>
      <DailyPrompt className="relative mt-4 max-w-2xl" />
    </div>
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
export function LandingDetails() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          What {APP_NAME} offers
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <f.icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-3 font-semibold text-stone-900">{f.title}</h3>
              <p className="mt-1 text-sm text-stone-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="privacy-heading" className="rounded-2xl border border-stone-200 bg-stone-100/70 p-6">
        <h2 id="privacy-heading" className="flex items-center gap-2 font-semibold text-stone-900">
          <Lock className="h-4 w-4 text-brand-600" aria-hidden />
          Your privacy, by design
        </h2>
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
