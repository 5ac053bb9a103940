/**
 * Whole-journal actions of Settings. Export and clearing are not built yet: they fail with a clear
 * message rather than pretend to work.
 */
export async function exportAllData(): Promise<void> {
  throw new Error("Export is not available yet");
}

export async function clearAllData(): Promise<void> {
  throw new Error("Clearing all data is not available yet");
}
