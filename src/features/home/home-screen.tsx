"use client";

export function HomeScreen() {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-stone-900">Home</h1>
    </section>
  );
}
