/**
 * The process-wide slots: state that must be one per process although Next may load a module more
 * than once (the proxy, route bundles, dev reloads). Each lives on globalThis under its name below;
 * this is the one list of them. The module that owns a slot declares the type of its value and reaches
 * it through `processSlots`, which accepts only the names listed here.
 * No "server-only" guard and no imports: the proxy, the early request check and plain-Node scripts load
 * modules that use it.
 */
export const PROCESS_SLOTS = {
  __reverieDb: "db/client.ts: the Prisma client, its file, key and read-only connection",
  __reverieDbGate: "db/client.ts: the opening of the database under way, so two requests never open it twice",
  __reverieWriteGate: "db/write-gate.ts: the gate writes pass, which a restore or an encryption change closes",
  __reverieWriteLease: "db/write-gate.ts: which request holds a write lease (async context)",
  __reverieWriteListeners: "db/client.ts: who is told after each committed write (the automatic snapshots)",
  __reverieJournalKey: "keys/state.ts: the journal key in memory and the session secret derived from it",
  __reverieMediaKeys: "keys/media-cipher.ts: per-file media keys derived from the journal key",
  __reverieSessionEpoch: "security/session.ts: the session epoch read from its file, and which file",
  __reverieThrottle2: "security/throttle.ts: wrong-passcode counts per client",
  __reverieEarlyCheck:
    "security/early.ts: the early request check that scripts/server-guard.mjs runs (read there by this name)",
  __reverieEarlyCheckInstalled:
    "scripts/server-guard.mjs: lets go of the requests it held until the early check was installed",
  __reverieDataVersion: "entries/version.ts: a counter bumped by every write to entries, for derived caches",
  __reverieBackup: "backup/service.ts: the automatic snapshots' schedule and the snapshot running",
  __reverieStagedSweep: "data/receive.ts: the timer that sweeps abandoned staged uploads",
  __reverieWorkerPool: "ai/workers/pool.ts: the worker threads and the tasks waiting",
  __reverieWorkerSignals: "ai/workers/pool.ts: whether the pool's exit handlers are installed",
  __reverieNlp: "ai/offline/nlp.ts: the loaded language model of the offline analyzer",
  __reverieInsightsCache: "ai/tasks/insights.ts: insights computed per data version",
  __reverieEmbedJob: "ai/recall/embeddings.ts: the background embedding of entries running, and its last error",
  __reverieVectorBits:
    "ai/recall/embeddings.ts: the compact sign bits of the stored vectors per connection, for the fast search by meaning",
} as const;

export type ProcessSlotName = keyof typeof PROCESS_SLOTS;

/**
 * The process-wide slots, typed by their owner: `processSlots<{ __reverieNlp?: Nlp }>()`. A name not
 * listed in PROCESS_SLOTS does not compile.
 */
export function processSlots<T extends { [K in keyof T]: K extends ProcessSlotName ? unknown : never }>(): T {
  return globalThis as unknown as T;
}
