import { TimelineScreen } from "@/features/timeline/timeline-screen";

export const metadata = { title: "Timeline" };

export default function Page() {
  return <TimelineScreen />;
}
