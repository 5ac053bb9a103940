/**
 * Runs once when the server starts, before the first request: applies pending migrations, then purges
 * what has been in Recently deleted for more than 30 days (and keeps doing so every hour).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareStorage } = await import("@/server/db/startup");
  prepareStorage();
  const { startTrashPurge } = await import("@/server/entries/trash");
  startTrashPurge();
}
