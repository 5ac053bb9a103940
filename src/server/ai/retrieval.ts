import "server-only";
import type { ChatTurn } from "@/contracts/ai";
import { excerpt, searchTerms } from "@/domain/chat";
import { getConfigValue } from "@/server/config/service";
import type { RecallPlan } from "@/domain/recall";
import { db, readDb } from "@/server/db/client";
import { ftsPhrase } from "@/server/entries/query";
import { vectorRanker } from "./recall/embeddings";
import { recallIds } from "./recall/search";
import type { ChatContextEntry } from "./chat/prompt";

/**
 * Finds the journal entries a chat message is about, so the companion can answer from the person's own
 * words: the best matches of the message's meaningful words by hybrid recall (BM25 over the stemmed and
 * the trigram word indexes, and nearness of meaning when an embedding model is set, fused by rank; see
 * src/server/ai/recall/search.ts), then a few of the most recent entries. Nothing leaves the server but what is put in the prompt of the configured model,
 * and the person can switch this off (config `chat_use_journal` = "false").
 */

export const JOURNAL_CONTEXT_KEY = "chat_use_journal";
/** Relevant entries at most. */
export const MAX_MATCHED_ENTRIES = 5;
/** Recent entries added after the matches (when not matched already). */
export const RECENT_ENTRIES = 2;
/** Longest excerpt of one retrieved entry in the prompt. */
export const RETRIEVED_ENTRY_CHARS = 1200;
const NO_FILTERS: Omit<RecallPlan, "terms"> = {
  range: null,
  order: "relevance",
  period: null,
  mood: null,
  tags: [],
  tagHints: [],
  activities: [],
};

export async function journalContextEnabled(): Promise<boolean> {
  return (await getConfigValue(JOURNAL_CONTEXT_KEY))?.trim().toLowerCase() !== "false";
}

export interface RetrievalInput {
  message: string;
  /** The conversation so far; the person's previous message adds its words after the message's own. */
  history?: readonly ChatTurn[];
  /** Entries already in the prompt. */
  excludeIds?: readonly string[];
  limit?: number;
  recent?: number;
}

/** The words a message is searched by, with the person's previous message adding context. */
export function retrievalTerms(message: string, history: readonly ChatTurn[] = []): string[] {
  const own = searchTerms(message);
  const previous = [...history].reverse().find((t) => t.role === "user" && t.content.trim());
  if (!previous) return own;
  const extra = searchTerms(previous.content).filter((t) => !own.includes(t));
  return searchTerms([...own, ...extra].join(" "));
}

/** The MATCH expression: each term a quoted phrase (a substring under the trigram tokenizer), OR-ed. */
export function matchExpression(terms: readonly string[]): string {
  return terms.map(ftsPhrase).join(" OR ");
}

/** Relevant entries first (best BM25 first), then recent ones; each as an excerpt for the prompt. */
export async function retrieveEntries(input: RetrievalInput): Promise<ChatContextEntry[]> {
  const limit = input.limit ?? MAX_MATCHED_ENTRIES;
  const recent = input.recent ?? RECENT_ENTRIES;
  const exclude = new Set(input.excludeIds ?? []);
  const terms = retrievalTerms(input.message, input.history);
  const prisma = await db();

  const matchedIds: string[] = [];
  if (terms.length && limit > 0) {
    // Hybrid recall: stemmed and trigram BM25, and nearness of meaning when entries have embeddings.
    const conn = await readDb();
    const ranker = await vectorRanker(input.message);
    const plan: RecallPlan = { ...NO_FILTERS, terms };
    matchedIds.push(
      ...recallIds(conn, plan, {
        limit,
        excludeIds: [...exclude],
        timeZone: "UTC",
        vectorIds: ranker ? (filter) => ranker(conn, filter) : undefined,
      }),
    );
  }

  let recentIds: string[] = [];
  if (recent > 0) {
    const skip = [...exclude, ...matchedIds];
    const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT "id" AS id FROM "entries"${skip.length ? ` WHERE "id" NOT IN (${skip.map(() => "?").join(", ")})` : ""}
        ORDER BY "created_at" DESC, "id" DESC LIMIT ?`,
      ...skip,
      recent,
    );
    recentIds = rows.map((r) => r.id);
  }

  const ids = [...matchedIds, ...recentIds];
  if (!ids.length) return [];
  const rows = await prisma.entry.findMany({
    where: { id: { in: ids } },
    select: { id: true, title: true, content: true, createdAt: true },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        title: r.title?.trim() ? r.title : null,
        content: excerpt(r.content, terms, RETRIEVED_ENTRY_CHARS),
        created_at: r.createdAt.toISOString(),
      },
    ];
  });
}
