import { JournalScreen } from "@/features/journal/journal-screen";

export const metadata = { title: "Edit Entry" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <JournalScreen entryId={id} />;
}
