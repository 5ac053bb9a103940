/**
 * Writing offline: the plain words and the small rules the always-loaded parts of the app need (the
 * connection banner, Lock, the editor), kept apart from the outbox's rules so that every screen's first
 * load stays light. No imports.
 */

/**
 * The one rule for "the server cannot answer this now" (no answer at all, a server error, a timeout,
 * too many requests): a save or a delete is then kept on the device, a query shows what the device
 * keeps, and TanStack retries. Any other answer is the server's word on this request and is shown.
 */
export function isUnreachable(status: number | undefined): boolean {
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/** The title a conflict copy carries, so that it stands apart in every list. */
export function conflictCopyTitle(title: string): string {
  const t = title.trim();
  const suffix = "(copy from this device)";
  return t.endsWith(suffix) ? t : t ? `${t} ${suffix}` : `Untitled ${suffix}`;
}

/** "1 entry waiting to sync" / "3 entries waiting to sync". */
export function waitingLabel(n: number): string {
  return n === 1 ? "1 entry waiting to sync" : `${n} entries waiting to sync`;
}

/** The banner while the server cannot be reached. */
export function offlineText(waiting: number): string {
  if (waiting <= 0)
    return "You are offline. You can keep writing: new entries are saved on this device and sync when the connection returns.";
  return `You are offline. ${waiting === 1 ? "1 entry is" : `${waiting} entries are`} saved on this device and will sync when the connection returns.`;
}

/** What Lock asks when entries written on the device could not be sent. */
export function lockEntriesWarning(n: number): string {
  const what = n === 1 ? "1 entry written on this device has" : `${n} entries written on this device have`;
  return `${what} not reached your journal yet, because the server cannot be reached. Locking removes everything the journal keeps on this device, these too. Keep them, and lock once they have synced?`;
}

/** Under the count of waiting entries on Home. */
export function waitingNote(n: number, unreachable: boolean, syncing: boolean): string {
  const one = n === 1;
  if (syncing && !unreachable) return one ? "Sending it to your journal now..." : "Sending them to your journal now...";
  if (unreachable)
    return `Saved on this device. ${one ? "It is" : "They are"} sent as soon as your journal can be reached.`;
  return `Saved on this device. ${one ? "It is" : "They are"} sent in a moment.`;
}
