import { Suspense } from "react";
import { TimelineScreen } from "@/features/timeline/timeline-screen";
import { TimelineSkeleton } from "@/features/timeline/timeline-skeleton";

export const metadata = { title: "Timeline" };

/** The screen reads its view and filters from the address bar, which needs a Suspense boundary. */
export default function Page() {
  return (
    <Suspense fallback={<TimelineSkeleton />}>
      <TimelineScreen />
    </Suspense>
  );
}
