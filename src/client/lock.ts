"use client";
import { logout } from "./auth";
import { forgetDevice, forgetReadingCopy } from "./device";
import { clearBrowserData, forgetEntryPages } from "./storage";

export interface LockDeps {
  logout: () => Promise<unknown>;
  clear: () => unknown;
  go: (url: string) => void;
}

const browserDeps = (): LockDeps => ({
  logout,
  clear: async () => {
    clearBrowserData();
    await forgetEntryPages();
    // Entries waiting to sync and the reading copy go too (the Lock button asked first when some waited).
    await forgetDevice().catch(() => {});
  },
  // A full page load, so that nothing of the journal stays in this tab's memory.
  go: (url) => window.location.assign(url),
});

/**
 * Lock: the server ends every session at once, this browser forgets its private copies (chat history,
 * drafts, recent searches, entries kept in IndexedDB; only the device preferences stay), and the tab
 * reloads on the journal's door: the lock screen (passcode) or the unlock screen (an encrypted journal
 * whose passphrase is the lock).
 * The browser's copies go even when the server cannot be reached.
 */
export async function lockJournal(deps: LockDeps = browserDeps(), door: "/lock" | "/unlock" = "/lock"): Promise<void> {
  try {
    await deps.logout();
  } finally {
    await deps.clear();
    deps.go(door);
  }
}

/**
 * What a door (the lock screen, the unlock screen) clears when it is shown, an expired session or a
 * sealed restart included: nothing private stays readable in this browser. Entries written offline
 * that have not reached the server stay (they are sent once the journal is open again); the reading
 * copy of recent entries goes.
 */
export function clearAtTheDoor(): void {
  clearBrowserData();
  void forgetReadingCopy().catch(() => {});
}
