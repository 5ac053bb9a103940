import { EntryScreen } from "@/features/entry/entry-screen";

export const metadata = { title: "Entry" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EntryScreen id={id} />;
}
