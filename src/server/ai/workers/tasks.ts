/**
 * The work that runs on worker threads (see pool.ts): pure, synchronous, plain data in and out.
 * Imported only by heavy.worker.ts, never by request code (which goes through runTask).
 */
import "server-only";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { JsonShapeGuard } from "@/domain/json-shape";
import {
  analyzeTextOffline,
  chatReplyOffline,
  companionReply,
  growthOffline,
  insightsSummaryOffline,
  summarizeConversationOffline,
  supportOffline,
} from "@/server/ai/offline/analyzer";
import { guidedTurn } from "@/server/ai/offline/guide";

/**
 * Reads a JSON file: first its shape, streamed in 1 MB pieces (a JSON bomb is refused here, in
 * constant memory), then the whole text is parsed.
 */
export function parseJsonFile(file: string): unknown {
  const guard = new JsonShapeGuard();
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(1024 * 1024);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      guard.push(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return JSON.parse(readFileSync(file, "utf8").replace(/^\uFEFF/u, ""));
}

export const WORKER_TASKS = {
  analyzeTextOffline,
  chatReplyOffline,
  companionReply,
  summarizeConversationOffline,
  supportOffline,
  insightsSummaryOffline,
  growthOffline,
  guidedTurn,
  parseJsonFile,
  /** Parses a JSON text whose shape was already checked while it was streamed (an encrypted journal's import). */
  parseJsonText: (text: string): unknown => JSON.parse(text.replace(/^\uFEFF/u, "")),
  /** For tests of the pool itself: works for `ms` milliseconds without yielding. */
  spin: (ms: number) => {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
} satisfies Record<string, (...args: any[]) => unknown>;

export type WorkerTaskName = keyof typeof WORKER_TASKS;
