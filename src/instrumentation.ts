/**
 * Runs once when the server starts, before the first request: restores the newest snapshot if the
 * database is missing, applies pending migrations, and starts the automatic snapshots.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareStorage } = await import("@/server/db/startup");
  const { restored } = prepareStorage();
  const { startBackups } = await import("@/server/backup/service");
  startBackups({ restoredAtStart: restored });
}
