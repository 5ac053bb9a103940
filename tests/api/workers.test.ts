import { describe, expect, it } from "vitest";
import { poolState, runTask, WorkerBudgetError, WorkerTaskError } from "@/server/ai/workers/pool";

describe("heavy work runs on worker threads with a time budget", () => {
  it("runs the offline analyzer off the main thread", async () => {
    const a = await runTask(
      "analyzeTextOffline",
      ["Today was a wonderful, happy day at the beach with my family."],
      60_000,
    );
    expect(a.mood_score).toBeGreaterThanOrEqual(1);
    expect(a.mood_score).toBeLessThanOrEqual(10);
    expect(typeof a.summary).toBe("string");
  });

  it("stops a task that overruns its budget, and the main thread stays free meanwhile", async () => {
    const events: string[] = [];
    const long = runTask("spin", [60_000], 300).then(
      () => events.push("long finished"),
      (err) => {
        expect(err).toBeInstanceOf(WorkerBudgetError);
        events.push("long stopped");
      },
    );
    // The main thread answers while the worker spins.
    await new Promise((r) => setTimeout(r, 10));
    events.push("main thread answered");
    await long;
    expect(events).toEqual(["main thread answered", "long stopped"]);
    // The pool recovers: the next task gets a fresh worker.
    expect(await runTask("spin", [1], 60_000)).toBeGreaterThanOrEqual(0);
    expect(poolState().queued).toBe(0);
  });

  it("reports a task's own error by name and message", async () => {
    await expect(runTask("parseJsonFile", ["/nonexistent/file.json"], 60_000)).rejects.toBeInstanceOf(WorkerTaskError);
  });
});
