"use client";
import { api } from "@/client/api";
import { clearBrowserData } from "@/client/storage";

export interface LockDeps {
  logout: () => Promise<unknown>;
  clear: () => unknown;
  go: (url: string) => void;
}

const browserDeps = (): LockDeps => ({
  logout: () => api("/auth/logout", { method: "POST" }),
  clear: () => clearBrowserData(),
  // A full page load, so that nothing of the journal stays in this tab's memory.
  go: (url) => window.location.assign(url),
});

/**
 * Lock: the server ends every session at once, this browser forgets its private copies (chat history,
 * drafts, recent searches; only the device preferences stay), and the tab reloads on the lock screen.
 * The browser's copies go even when the server cannot be reached.
 */
export async function lockJournal(deps: LockDeps = browserDeps()): Promise<void> {
  try {
    await deps.logout();
  } finally {
    deps.clear();
    deps.go("/lock");
  }
}
