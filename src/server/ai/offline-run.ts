import "server-only";
import { HttpError } from "@/server/http/errors";
import { WorkerBudgetError, WorkerBusyError, runTask } from "@/server/ai/workers/pool";
import type { WORKER_TASKS } from "@/server/ai/workers/tasks";
import { env } from "@/server/env";

/**
 * The built-in offline analyzer, run on a worker thread with a time budget (src/server/ai/workers), so a
 * long text never stalls the server. OFFLINE_AI_BUDGET_MS sets the budget (default 10 s).
 */
export const DEFAULT_OFFLINE_BUDGET_MS = 10_000;

export function offlineBudgetMs(): number {
  return env().OFFLINE_AI_BUDGET_MS ?? DEFAULT_OFFLINE_BUDGET_MS;
}

type Tasks = typeof WORKER_TASKS;
type OfflineTask =
  | "analyzeTextOffline"
  | "chatReplyOffline"
  | "companionReply"
  | "summarizeConversationOffline"
  | "supportOffline"
  | "insightsSummaryOffline"
  | "growthOffline"
  | "guidedTurn";

export async function runOffline<K extends OfflineTask>(
  task: K,
  ...args: Parameters<Tasks[K]>
): Promise<ReturnType<Tasks[K]>> {
  try {
    return await runTask(task, args, offlineBudgetMs());
  } catch (err) {
    if (err instanceof WorkerBudgetError) {
      const seconds = Math.round(err.budgetMs / 100) / 10;
      throw new HttpError(
        "MODEL_FAILED",
        `The offline analyzer did not finish within ${seconds} s on this text and was stopped. Try a shorter text.`,
        {
          model: "local/offline",
          budget_ms: err.budgetMs,
        },
      );
    }
    if (err instanceof WorkerBusyError)
      throw new HttpError("SERVER_BUSY", "The offline analyzer is busy with other texts. Try again in a moment.");
    const message = err instanceof Error ? err.message : String(err);
    throw new HttpError("MODEL_FAILED", `The offline analyzer failed: ${message}`, { model: "local/offline" });
  }
}
