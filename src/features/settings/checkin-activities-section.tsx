"use client";
import { ListChecks } from "lucide-react";
import { useActivities } from "@/client/checkins";
import { LoadingText } from "@/components/ui/skeleton";
import { ActivityEditor } from "@/features/checkins/activity-editor";
import { SettingsSection } from "./section";

/** Check-in activities: the person's chips, to add, rename, hide and put in their order. */
export function CheckInActivitiesSection() {
  const activities = useActivities();
  return (
    <SettingsSection
      id="checkin-activities"
      title="Check-in activities"
      description="The chips you pick from when you check in. Renaming one renames it in your past check-ins too; hiding one keeps it in them."
      icon={<ListChecks className="h-5 w-5" aria-hidden />}
    >
      {activities.isPending ? (
        <LoadingText>Loading your activities...</LoadingText>
      ) : activities.isError ? (
        <p className="text-sm text-red-700">Your activities could not be loaded. Try again in a moment.</p>
      ) : (
        <ActivityEditor activities={activities.data} reorder />
      )}
    </SettingsSection>
  );
}
