/**
 * The worker thread's entry: runs one task of tasks.ts per message and answers with its result, or with
 * the error's name and message. Tasks are synchronous; the pool ends a worker that overruns its budget.
 */
import "server-only";
import { parentPort } from "node:worker_threads";
import { WORKER_TASKS, type WorkerTaskName } from "./tasks";

interface TaskMessage {
  id: number;
  task: WorkerTaskName;
  args: unknown[];
}

parentPort?.on("message", (msg: TaskMessage) => {
  try {
    const fn = WORKER_TASKS[msg.task] as (...args: unknown[]) => unknown;
    if (typeof fn !== "function") throw new Error(`Unknown task ${String(msg.task)}`);
    parentPort!.postMessage({ id: msg.id, ok: true, value: fn(...msg.args) });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    parentPort!.postMessage({ id: msg.id, ok: false, error: { name: e.name, message: e.message } });
  }
});
