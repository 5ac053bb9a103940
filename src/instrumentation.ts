/**
 * Runs once when the server starts, before the first request: the start sequence lives in
 * src/server/boot (storage, migrations, the early request check, snapshots, the trash purge).
 */
export async function register() {
  // Read raw: Next sets it per runtime, and the edge copy of this file must not load the server's env module.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("@/server/boot");
  boot();
}
