/** Runs once when the server starts, before the first request: applies pending migrations. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareStorage } = await import("@/server/db/startup");
  prepareStorage();
}
