"use client";
import { logout } from "./auth";
import { forgetDevice } from "./device";
import { clearBrowserData } from "./storage";

export interface LockDeps {
  logout: () => Promise<unknown>;
  clear: () => unknown;
  go: (url: string) => void;
}

const browserDeps = (): LockDeps => ({
  logout,
  clear: async () => {
    clearBrowserData();
    // Entries waiting to sync and the reading copy go too (the Lock button asked first when some waited).
    await forgetDevice().catch(() => {});
  },
  // A full page load, so that nothing of the journal stays in this tab's memory.
  go: (url) => window.location.assign(url),
});

/**
 * Lock: the server ends every session at once, this browser forgets its private copies (chat history,
 * drafts, recent searches, entries kept in IndexedDB; only the device preferences stay), and the tab
 * reloads on the lock screen.
 * The browser's copies go even when the server cannot be reached.
 */
export async function lockJournal(deps: LockDeps = browserDeps()): Promise<void> {
  try {
    await deps.logout();
  } finally {
    await deps.clear();
    deps.go("/lock");
  }
}
