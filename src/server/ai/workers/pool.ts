import "server-only";
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { WORKER_TASKS, WorkerTaskName } from "./tasks";
import { processSlots } from "@/server/runtime";

/**
 * Heavy work off the main thread, with a time budget: the offline analyzer's text work and the parsing
 * of imported JSON run on a small pool of worker threads (heavy.worker.ts), so one long request never
 * stalls the others, and a task that overruns its budget is stopped by ending its worker.
 *
 * How the worker's code is found:
 * - in the app (next build / next start / standalone), `new Worker(new URL("./heavy.worker.ts",
 *   import.meta.url))` is bundled by Turbopack, with its imports, as a worker entry of its own;
 * - run from source (the API tests), Node runs the .ts file itself (type stripping) with the resolve hooks
 *   of scripts/src-hooks.ts for the "@/" alias, extension-less imports and the "server-only" marker.
 */

export const MAX_WORKERS = Math.max(1, Math.min(2, (os.availableParallelism?.() ?? 2) - 1));
export const MAX_QUEUED_TASKS = 32;
/** Memory a worker may use before it is ended (a parse that grows beyond it fails alone). */
const WORKER_HEAP_MB = 1536;

type Tasks = typeof WORKER_TASKS;
type Result<K extends WorkerTaskName> = ReturnType<Tasks[K]>;

export class WorkerBudgetError extends Error {
  constructor(
    readonly task: string,
    readonly budgetMs: number,
  ) {
    super(`${task} did not finish within ${budgetMs} ms and was stopped.`);
    this.name = "WorkerBudgetError";
  }
}

/** An error thrown by the task itself (its name and message, as the worker reported them). */
export class WorkerTaskError extends Error {
  constructor(
    readonly originalName: string,
    message: string,
  ) {
    super(message);
    this.name = "WorkerTaskError";
  }
}

/** Too much work waiting, or the server is stopping: try again later. */
export class WorkerBusyError extends Error {
  constructor(message = "Too much heavy work is waiting.") {
    super(message);
    this.name = "WorkerBusyError";
  }
}

interface Job {
  task: WorkerTaskName;
  args: unknown[];
  budgetMs: number;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  id: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Running the worker from source (the API tests): the same resolve hooks every script uses (scripts/src-hooks.ts:
 * the "@/" alias, extension-less imports, the "server-only" marker), found from the src/ folder's address.
 */
function devLoaderArgs(srcUrl: string): string[] {
  return ["--no-warnings", "--import", new URL("../scripts/src-hooks.ts", srcUrl).href];
}

function spawn(): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    // The src/ folder, from this file's own address (a plain string: the bundler must not treat it as an asset).
    ...(fromSource ? { execArgv: devLoaderArgs(import.meta.url.replace(/server\/ai\/workers\/pool\.ts$/u, "")) } : {}),
  };
  return new Worker(new URL("./heavy.worker.ts", import.meta.url), options);
}

interface Pool {
  slots: Slot[];
  queue: Job[];
  nextId: number;
}
const g = processSlots<{ __reverieWorkerPool?: Pool }>();
const pool: Pool = (g.__reverieWorkerPool ??= { slots: [], queue: [], nextId: 1 });

function retire(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  pool.slots = pool.slots.filter((s) => s !== slot);
  void slot.worker.terminate().catch(() => {});
}

function finish(slot: Slot, settle: (job: Job) => void): void {
  const job = slot.job;
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  slot.job = null;
  if (job) settle(job);
  dispatch();
}

/** When the server is told to stop, work in progress ends at once so the server can answer and exit. */
function stopAll(): void {
  const stopping = () => new WorkerBusyError("The server is stopping.");
  for (const job of pool.queue.splice(0)) job.reject(stopping());
  for (const slot of [...pool.slots]) {
    const job = slot.job;
    slot.job = null;
    retire(slot);
    job?.reject(stopping());
  }
}

const signals = processSlots<{ __reverieWorkerSignals?: boolean }>();
function watchSignals(): void {
  if (signals.__reverieWorkerSignals) return;
  signals.__reverieWorkerSignals = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopAll();
      // Nobody else handles the signal (a plain script): its default action, ending the process, applies.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

function newSlot(): Slot {
  watchSignals();
  const slot: Slot = { worker: spawn(), job: null, id: 0, timer: null };
  slot.worker.unref();
  slot.worker.on(
    "message",
    (msg: { id: number; ok: boolean; value?: unknown; error?: { name: string; message: string } }) => {
      if (!slot.job || msg.id !== slot.id) return;
      finish(slot, (job) =>
        msg.ok
          ? job.resolve(msg.value)
          : job.reject(new WorkerTaskError(msg.error?.name ?? "Error", msg.error?.message ?? "failed")),
      );
    },
  );
  const crashed = (err: unknown) => {
    const job = slot.job;
    slot.job = null;
    retire(slot);
    if (job)
      job.reject(
        err instanceof Error
          ? new WorkerTaskError(err.name, err.message)
          : new WorkerTaskError("Error", "The worker stopped."),
      );
    dispatch();
  };
  slot.worker.on("error", crashed);
  slot.worker.on("exit", (code) => {
    if (pool.slots.includes(slot))
      crashed(new WorkerTaskError("WorkerExit", `The worker stopped (exit code ${code}).`));
  });
  pool.slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (pool.queue.length) {
    const slot = pool.slots.find((s) => !s.job) ?? (pool.slots.length < MAX_WORKERS ? newSlot() : null);
    if (!slot) return;
    const job = pool.queue.shift()!;
    slot.job = job;
    slot.id = pool.nextId++;
    slot.timer = setTimeout(() => {
      // Over budget: the worker is ended (even in the middle of a loop); a new one is made when needed.
      const current = slot.job;
      slot.job = null;
      retire(slot);
      if (current) current.reject(new WorkerBudgetError(current.task, current.budgetMs));
      dispatch();
    }, job.budgetMs);
    slot.timer.unref();
    slot.worker.postMessage({ id: slot.id, task: job.task, args: job.args });
  }
}

/** Runs one task of tasks.ts on a worker thread; rejects with WorkerBudgetError when it overruns `budgetMs`. */
export function runTask<K extends WorkerTaskName>(
  task: K,
  args: Parameters<Tasks[K]>,
  budgetMs: number,
): Promise<Result<K>> {
  if (pool.queue.length >= MAX_QUEUED_TASKS) return Promise.reject(new WorkerBusyError());
  return new Promise<Result<K>>((resolve, reject) => {
    pool.queue.push({ task, args, budgetMs, resolve: resolve as (v: unknown) => void, reject });
    dispatch();
  });
}

/** Figures for tests: workers alive, busy and tasks waiting. */
export function poolState(): { workers: number; busy: number; queued: number } {
  return { workers: pool.slots.length, busy: pool.slots.filter((s) => s.job).length, queued: pool.queue.length };
}
