import { CheckInHistoryScreen } from "@/features/checkins/check-in-history";

export const metadata = { title: "Check-ins" };

export default function Page() {
  return <CheckInHistoryScreen />;
}
