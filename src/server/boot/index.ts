import { warmVectorSearch, watchEntryWrites } from "@/server/ai/recall/embeddings";
import { startBackups } from "@/server/backup/service";
import { startTrashPurge } from "@/server/data/purge";
import { installEarlyCheck } from "@/server/security/early";
import { OPEN_JOURNAL_WARNING, bindHost, openWithoutPasscode } from "@/server/security/exposure";
import { prepareStorage } from "./prepare";

/**
 * The server's start, before the first request (src/instrumentation.ts calls it): restores the newest
 * snapshot if the database is missing, applies pending migrations, installs the early request check the
 * HTTP server hook runs before Next reads a request (scripts/server-guard.mjs), warns when the journal is
 * open to the network without a passcode, starts the automatic snapshots, and purges what has been in
 * Recently deleted for more than 30 days (and keeps doing so every hour), and keeps the entries' vectors following
 * their writes when an embedding model is set (and, a moment later, ready for the first search by meaning).
 */
export function boot(): void {
  const { restored } = prepareStorage();
  installEarlyCheck();
  if (openWithoutPasscode())
    console.warn(`[reverie] Warning: ${OPEN_JOURNAL_WARNING} (listening on ${bindHost() ?? "every interface"})`);
  startBackups({ restoredAtStart: restored });
  startTrashPurge();
  watchEntryWrites();
  warmSearchSoon();
}

/** Search by meaning makes its compact copy of the vectors a moment after the start, not at the first search. */
const WARM_DELAY_MS = 1500;
function warmSearchSoon(): void {
  setTimeout(() => void warmVectorSearch(), WARM_DELAY_MS).unref?.();
}

/**
 * Opens a journal that was sealed at start, once its key is known (the unlock route gives this to the
 * encryption service): the same storage preparation as at start, then the automatic snapshots.
 */
export function openJournal(): void {
  const { restored } = prepareStorage();
  startBackups({ restoredAtStart: restored });
  warmSearchSoon();
}

export { prepareKey, prepareStorage } from "./prepare";
