"use client";

export function ChatScreen() {
  return (
    <section>
      <h1 className="text-2xl font-semibold text-stone-900">Just Chatting</h1>
    </section>
  );
}
