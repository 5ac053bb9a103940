"use client";
import { useActivities } from "@/client/checkins";
import { LoadingText } from "@/components/ui/skeleton";
import { ActivityEditor } from "@/features/checkins/activity-editor";

/** The chips of Settings' Check-in activities, loaded after the page (see ./checkin-activities-section). */
export function CheckInActivities() {
  const activities = useActivities();
  if (activities.isPending) return <LoadingText>Loading your activities...</LoadingText>;
  if (activities.isError)
    return <p className="text-sm text-red-700">Your activities could not be loaded. Try again in a moment.</p>;
  return <ActivityEditor activities={activities.data} reorder />;
}
