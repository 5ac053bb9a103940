"use client";
/**
 * Where the cursor should go when the next screen opens: the home shortcuts (N, C) ask for the entry
 * text or the chat box, and that screen takes the request once it shows its field. Kept in memory, so
 * it lives only through a client-side navigation.
 */
export type FocusTarget = "entry-text" | "chat-input";

let wanted: { target: FocusTarget; at: number } | null = null;

export function requestFocus(target: FocusTarget): void {
  wanted = { target, at: Date.now() };
}

/** True once when `target` was asked for in the last 10 seconds. */
export function takeFocusRequest(target: FocusTarget): boolean {
  const w = wanted;
  if (!w || w.target !== target) return false;
  wanted = null;
  return Date.now() - w.at < 10_000;
}
