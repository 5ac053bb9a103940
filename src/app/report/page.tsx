import { ReportScreen } from "@/features/report/report-screen";
import { env } from "@/server/env";

export const metadata = { title: "Report an Issue" };
export const dynamic = "force-dynamic";

export default function Page() {
  return <ReportScreen trackerUrl={env().ISSUE_TRACKER_URL ?? null} />;
}
