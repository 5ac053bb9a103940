import { JournalScreen } from "@/features/journal/journal-screen";

export const metadata = { title: "Journal" };

export default function Page() {
  return <JournalScreen />;
}
