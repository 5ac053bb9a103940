"use client";

export function SettingsScreen() {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-stone-900">Settings</h1>
    </section>
  );
}
