"use client";

export function TimelineScreen() {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-stone-900">Timeline</h1>
    </section>
  );
}
