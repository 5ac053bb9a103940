"use client";

export function EntryScreen({ id }: { id: string }) {
  return (
    <section data-entry-id={id}>
      <h1 className="text-2xl font-semibold text-stone-900">Entry</h1>
    </section>
  );
}
