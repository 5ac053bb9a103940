"use client";
import { lazyWhenShown } from "@/components/lazy";
import { AppInfoSection } from "./app-info-section";
import { CompanionSection } from "./companion-section";
import { ModelSection } from "./model-section";

/** Sections below the first screen load after the page (the screen stays within its first-load budget). */
const CheckInActivitiesSection = lazyWhenShown(() =>
  import("./checkin-activities-section").then((m) => m.CheckInActivitiesSection),
);
const MemorySection = lazyWhenShown(() => import("./memory-section").then((m) => m.MemorySection));
const PersonalSection = lazyWhenShown(() => import("./personal-section").then((m) => m.PersonalSection));
const InterfaceSection = lazyWhenShown(() => import("./interface-section").then((m) => m.InterfaceSection));

/** Reminders load after the page (the screen stays within its first-load budget). */
const RemindersSection = lazyWhenShown(() => import("./reminders-section").then((m) => m.RemindersSection));

/** The templates' list and forms come as a part of their own, after the page. */
const TemplatesSection = lazyWhenShown(() => import("./templates-section").then((m) => m.TemplatesSection));

export function SettingsScreen() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-stone-600">
          Your AI model, what the companion knows about you, reminders, and how the app looks.
        </p>
      </div>
      <ModelSection />
      <CompanionSection />
      <PersonalSection />
      <MemorySection />
      <CheckInActivitiesSection />
      <TemplatesSection />
      <RemindersSection />
      <InterfaceSection />
      <AppInfoSection />
    </div>
  );
}
