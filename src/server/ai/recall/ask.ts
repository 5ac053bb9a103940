import "server-only";
import type Database from "better-sqlite3";
import type { AskRequest, AskResponse, AskSource, ChatContextRef, ChatRequest } from "@/contracts/ai";
import { excerpt } from "@/domain/chat";
import { serverTimeZone } from "@/domain/dates";
import { MODEL_SAFETY_INSTRUCTIONS } from "@/domain/crisis/chat-safety";
import {
  answerDate,
  citedIds,
  keepKnownCitations,
  offlineAnswer,
  type AnswerContext,
  type FoundEntry,
} from "@/domain/recall-answer";
import { isDirectQuestion, isJournalQuestion, parseRecallQuestion, type RecallPlan } from "@/domain/recall";
import { EFFECTIVE_MOOD_SQL } from "@/domain/effective-mood";
import { readDb } from "@/server/db/client";
import { prepared } from "@/server/entries/read";
import { badOutput, WithheldReplyError } from "../errors";
import { chatModel } from "../chat/guard";
import { replacementAnswer, safetyAnswer } from "../chat/safety";
import { currentModel } from "../current";
import type { ResolvedModel } from "../providers";
import { taskMarker } from "../prompts";
import { generatePlainText } from "../structured";
import { recallIds } from "./search";
import { vectorRanker } from "./embeddings";

/**
 * Ask your journal: a question answered from the entries it is about. The crisis check runs first, as in
 * chat. The entries are found by hybrid recall (src/server/ai/recall/search.ts) with the question's time,
 * mood and tag words read by src/domain/recall.ts. With a language model, the model answers from those
 * entries only and cites them; a citation of any other id is removed, and the sources are always the
 * entries found, never one the model names. Without one, the answer is built from the entries themselves.
 */

/** Entries an answer draws on at most. */
export const ASK_SOURCES = 5;
/** Length of a source's excerpt. */
export const SOURCE_EXCERPT_CHARS = 240;
/** Length of an entry's text in the model's prompt. */
const PROMPT_ENTRY_CHARS = 1500;

interface EntryRow {
  id: string;
  title: string;
  content: string;
  created_at: string;
  mood: number | null;
}

const ENTRY_SQL = `SELECT e."id" AS id, e."title" AS title, e."content" AS content, e."created_at" AS created_at,
  ${EFFECTIVE_MOOD_SQL} AS mood FROM "entries" e WHERE e."id" IN (SELECT value FROM json_each(?))`;

function readFound(conn: Database.Database, ids: readonly string[]): EntryRow[] {
  if (!ids.length) return [];
  const rows = prepared(conn, ENTRY_SQL).all(JSON.stringify(ids)) as EntryRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The journal's tag names and the person's check-in activities, to recognise them in a question. */
function vocabulary(conn: Database.Database): { knownTags: string[]; knownActivities: string[] } {
  const knownTags = (prepared(conn, `SELECT "name" FROM "tags" LIMIT 2000`).all() as { name: string }[]).map(
    (r) => r.name,
  );
  const knownActivities = (
    prepared(conn, `SELECT "name" FROM "checkin_activities" WHERE "hidden" = 0 LIMIT 200`).all() as { name: string }[]
  ).map((r) => r.name.toLowerCase());
  return { knownTags, knownActivities };
}

export interface Recalled {
  plan: RecallPlan;
  entries: (FoundEntry & { content: string })[];
}

/** Reads the question and finds its entries (best first, as the question orders them). */
export async function recall(
  question: string,
  opts: { timeZone: string; now?: Date; limit?: number; excludeIds?: readonly string[]; anyTime?: boolean },
): Promise<Recalled> {
  const conn = await readDb();
  const now = opts.now ?? new Date();
  const parsed = parseRecallQuestion(question, { now, timeZone: opts.timeZone, ...vocabulary(conn) });
  // A question about what to do ("this weekend") is not about entries of that time.
  const plan = opts.anyTime ? { ...parsed, range: null, order: "relevance" as const, period: null } : parsed;
  const ranker = await vectorRanker(question);
  const ids = recallIds(conn, plan, {
    limit: opts.limit ?? ASK_SOURCES,
    excludeIds: opts.excludeIds,
    timeZone: opts.timeZone,
    vectorIds: ranker ? (filter) => ranker(conn, filter) : undefined,
  });
  const entries = readFound(conn, ids).map((r) => ({
    id: r.id,
    title: r.title?.trim() ? r.title : null,
    created_at: new Date(r.created_at).toISOString(),
    excerpt: excerpt(r.content, plan.terms, SOURCE_EXCERPT_CHARS),
    mood: r.mood,
    content: r.content,
  }));
  return { plan, entries };
}

const toSource = (e: FoundEntry): AskSource => ({
  id: e.id,
  title: e.title,
  created_at: e.created_at,
  excerpt: e.excerpt,
});

function askSystem(found: Recalled["entries"], ctx: AnswerContext): string {
  const blocks = found.map(
    (e) =>
      `[entry:${e.id}] ${answerDate(e.created_at, ctx)}${e.title ? ` · ${e.title}` : ""}${e.mood !== null ? ` · mood ${e.mood}/10` : ""}\n` +
      excerpt(e.content, [], PROMPT_ENTRY_CHARS),
  );
  return [
    taskMarker("ask"),
    "You answer a person's question about their own journal, speaking to them as 'you', warmly and briefly (at most a short paragraph).",
    "Use only the journal entries below. Do not invent entries, dates, people or events; if the entries do not answer the question, say so plainly.",
    "Cite each entry you draw on right after the sentence as [entry:<id>], with the id exactly as written. Cite only these ids.",
    `Today is ${answerDate(ctx.now.toISOString(), ctx)} ${new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: ctx.timeZone }).format(ctx.now)}.`,
    MODEL_SAFETY_INSTRUCTIONS,
    found.length
      ? `Journal entries found for the question:\n\n${blocks.join("\n\n")}`
      : "No journal entries were found for the question.",
  ].join("\n\n");
}

/** The model's answer from the entries found, with only their citations and the claims made for them kept. */
async function modelAnswer(
  model: Extract<ResolvedModel, { kind: "remote" }>,
  question: string,
  found: Recalled["entries"],
  ctx: AnswerContext,
  signal?: AbortSignal,
): Promise<string> {
  const text = (
    await generatePlainText({
      model,
      system: askSystem(found, ctx),
      messages: [{ role: "user", content: question }],
      signal,
    })
  ).trim();
  if (!text) throw badOutput(model.name, "ask", ["the answer is empty"]);
  return keepKnownCitations(text, new Set(found.map((e) => e.id)));
}

const asChatRequest = (r: AskRequest): ChatRequest => ({
  message: r.question,
  context_entries: [],
  conversation_history: [],
  tz: r.tz,
  country: r.country,
});

/** POST /api/ai/ask. */
export async function ask(request: AskRequest, signal?: AbortSignal): Promise<AskResponse> {
  const safe = await safetyAnswer(asChatRequest(request));
  if (safe) return { answer: safe.response, sources: [], model: safe.model, support: safe.support };
  const model = chatModel(await currentModel());
  const ctx: AnswerContext = { now: new Date(), timeZone: request.tz ?? serverTimeZone(), locale: request.locale };
  const found = await recall(request.question, { timeZone: ctx.timeZone, now: ctx.now });
  if (model.kind === "offline") {
    return {
      answer: offlineAnswer(found.plan, found.entries, ctx),
      sources: found.entries.map(toSource),
      model: model.name,
    };
  }
  let answer: string;
  try {
    // An answer whose every claim named an entry that does not exist is replaced by the matches themselves.
    answer =
      (await modelAnswer(model, request.question, found.entries, ctx, signal)) ||
      offlineAnswer(found.plan, found.entries, ctx);
  } catch (err) {
    if (err instanceof WithheldReplyError) {
      const r = await replacementAnswer(asChatRequest(request));
      return { answer: r.response, sources: [], model: r.model, support: r.support };
    }
    throw err;
  }
  // Cited entries first, then the other entries found.
  const cited = citedIds(answer);
  const sources = [...found.entries].sort(
    (a, b) => (cited.includes(a.id) ? cited.indexOf(a.id) : 99) - (cited.includes(b.id) ? cited.indexOf(b.id) : 99),
  );
  return { answer, sources: sources.map(toSource), model: model.name };
}

/**
 * The offline companion's answer to a question in chat, or null when the message is not one it answers
 * this way: a question about the journal is answered from it; another direct question about the person's
 * life gets an honest word that it needs a model, with what the journal says.
 */
export async function offlineChatAnswer(
  message: string,
  timeZone: string | undefined,
  useJournal: boolean,
  locale?: string,
): Promise<{ response: string; context: ChatContextRef[] } | null> {
  const journalQuestion = isJournalQuestion(message);
  const personal = isDirectQuestion(message) && /\b(i|i'm|i've|me|my|myself)\b/iu.test(message);
  if (!journalQuestion && !personal) return null;
  const ctx: AnswerContext = { now: new Date(), timeZone: timeZone ?? serverTimeZone(), locale };
  if (!useJournal) {
    if (!journalQuestion) return null;
    return {
      response: "Using your journal in chat is switched off in Settings, so I can't look this up for you.",
      context: [],
    };
  }
  const found = await recall(message, {
    timeZone: ctx.timeZone,
    now: ctx.now,
    limit: journalQuestion ? ASK_SOURCES : 3,
    anyTime: !journalQuestion,
  });
  const context = found.entries.map((e) => ({ id: e.id, title: e.title, created_at: e.created_at }));
  if (journalQuestion) return { response: offlineAnswer(found.plan, found.entries, ctx), context };
  const lead = "I can't answer that without an AI model";
  if (!found.entries.length) return { response: `${lead}, and I found nothing in your journal about it.`, context: [] };
  const lines = found.entries.map((e) => `- ${answerDate(e.created_at, ctx)}: “${e.excerpt}” [entry:${e.id}]`);
  return { response: `${lead}; here is what your journal says:\n\n${lines.join("\n")}`, context };
}
