"use client";
import { ListChecks } from "lucide-react";
import { lazyWhenShown } from "@/components/lazy";
import { SettingsSection } from "./section";

/** The editor's code comes after the page's first load (it is below the fold). */
const CheckInActivities = lazyWhenShown<object>(() => import("./checkin-activities").then((m) => m.CheckInActivities));

/** Check-in activities: the person's chips, to add, rename, hide and put in their order. */
export function CheckInActivitiesSection() {
  return (
    <SettingsSection
      id="checkin-activities"
      title="Check-in activities"
      description="The chips you pick from when you check in. Renaming one renames it in your past check-ins too; hiding one keeps it in them."
      icon={<ListChecks className="h-5 w-5" aria-hidden />}
    >
      <CheckInActivities />
    </SettingsSection>
  );
}
