"use client";

export function JournalScreen({ entryId }: { entryId?: string }) {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-stone-900">{entryId ? "Edit Entry" : "New Entry"}</h1>
    </section>
  );
}
