/**
 * Runs once when the server starts, before the first request: restores the newest snapshot if the
 * database is missing, applies pending migrations, purges what has been in Recently deleted for more
 * than 30 days (and keeps doing so every hour), and starts the automatic snapshots.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareStorage } = await import("@/server/db/startup");
  const { restored } = prepareStorage();
  // The early request check the HTTP server hook runs before Next reads a request (scripts/server-guard.mjs).
  const { installEarlyCheck } = await import("@/server/security/early");
  installEarlyCheck();
  const { OPEN_JOURNAL_WARNING, bindHost, openWithoutPasscode } = await import("@/server/security/exposure");
  if (openWithoutPasscode()) console.warn(`[reverie] Warning: ${OPEN_JOURNAL_WARNING} (listening on ${bindHost() ?? "every interface"})`);
  const { startBackups } = await import("@/server/backup/service");
  startBackups({ restoredAtStart: restored });
  const { startTrashPurge } = await import("@/server/entries/trash");
  startTrashPurge();
}
