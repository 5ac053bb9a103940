import "server-only";
import { SUMMARY_DEFAULTS } from "@/domain/constants";
import type { ChatContextRef, ChatRequest, ChatResponse } from "@/contracts/ai";
import { badOutput, WithheldReplyError } from "../errors";
import { chatModel } from "./guard";
import { replacementAnswer, safetyAnswer } from "./safety";
import { honestReply, isUnder18 } from "./companion";
import { buildChatPrompt, resolveContextEntries, type ChatContextEntry } from "./prompt";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { personalContext } from "../prompts";
import type { ResolvedModel } from "../providers";
import { journalContextEnabled, retrieveEntries } from "../retrieval";
import { generatePlainText } from "../structured";
import { offlineChatAnswer } from "../recall/ask";
import { factsForChat } from "@/server/memory/service";

export interface PreparedChat {
  model: ResolvedModel;
  system: string;
  messages: ReturnType<typeof buildChatPrompt>["messages"];
  request: ChatRequest;
  /** The journal entries in the prompt that the reply may cite. */
  context: ChatContextRef[];
  /** The entries themselves (text and date), for the offline companion. */
  contextEntries: ChatContextEntry[];
}

/**
 * Resolves the model (424 before anything is sent) and builds the prompt. Unless the person switched it
 * off, the journal entries most related to the message are added to those the request names; the
 * offline companion reads them too and may cite one with its date.
 */
export async function prepareChat(request: ChatRequest): Promise<PreparedChat> {
  // Every reply of the model goes through the safety middleware (a reply that gives methods is withheld).
  const model = chatModel(await currentModel());
  const [given, personal, useJournal, minor, memory] = await Promise.all([
    resolveContextEntries(request.context_entries),
    personalContext(),
    journalContextEnabled(),
    isUnder18(),
    // Memory goes only to a model; the offline companion needs none of it.
    model.kind === "offline" ? Promise.resolve([]) : factsForChat(),
  ]);
  const retrieved = useJournal
    ? await retrieveEntries({
        message: request.message,
        history: request.conversation_history,
        excludeIds: given.flatMap((e) => (e.id ? [e.id] : [])),
      })
    : [];
  const contextEntries = [...given, ...retrieved];
  const { system, messages } = buildChatPrompt({
    message: request.message,
    history: request.conversation_history,
    contextEntries,
    personal,
    timeZone: request.tz,
    now: new Date(),
    minor,
    memory,
  });
  const context = contextEntries.flatMap((e) =>
    e.id ? [{ id: e.id, title: e.title?.trim() ? e.title : null, created_at: e.created_at ?? null }] : [],
  );
  return { model, system, messages, request, context, contextEntries };
}

/** `context` joins an answer only when entries were given to the model. */
export const withContext = (context: ChatContextRef[]) => (context.length ? { context } : {});

type OfflineAnswer = Pick<ChatResponse, "response" | "guide" | "guide_summary"> & { context: ChatContextRef[] };

/**
 * The offline companion's reply to a prepared chat, with the entry it cites as context; a guided
 * reflection's next question (or its summary) when one is started or under way.
 */
export async function offlineReply(p: PreparedChat): Promise<OfflineAnswer> {
  const { guide_start: start, guide: state, message } = p.request;
  if (start || state) {
    const t = await runOffline("guidedTurn", { start, state, message });
    return {
      response: t.reply,
      context: [],
      ...(t.state ? { guide: t.state } : {}),
      ...(t.summary
        ? { guide_summary: { ...t.summary, mood_score: t.mood_score ?? SUMMARY_DEFAULTS.mood_score } }
        : {}),
    };
  }
  // A question about the journal is answered from it (Ask your journal).
  const asked = await offlineChatAnswer(message, p.request.tz, await journalContextEnabled(), p.request.locale);
  if (asked) return asked;
  const journal = p.contextEntries.filter((e) => e.created_at);
  const r = await runOffline(
    "companionReply",
    p.request.message,
    p.request.conversation_history,
    journal,
    new Date().toISOString(),
    p.request.tz,
  );
  const context = r.cited?.id ? p.context.filter((c) => c.id === r.cited!.id) : [];
  return { response: r.text, context };
}

/**
 * One reply. A message that shows risk is answered by the app before any model is resolved or called,
 * and so is "are you a real person?"; a model's reply that gives methods or means is replaced by the
 * app's safety answer.
 */
export async function chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  const safe = await safetyAnswer(request);
  if (safe) return safe;
  const honest = await honestReply(request);
  if (honest) return honest;
  const p = await prepareChat(request);
  if (p.model.kind === "offline") {
    const { context, ...r } = await offlineReply(p);
    return { success: true, ...r, model: p.model.name, ...withContext(context) };
  }
  let text: string;
  try {
    text = (await generatePlainText({ model: p.model, system: p.system, messages: p.messages, signal })).trim();
  } catch (err) {
    if (err instanceof WithheldReplyError) return replacementAnswer(request);
    throw err;
  }
  if (!text) throw badOutput(p.model.name, "chat", ["the reply is empty"]);
  return { success: true, response: text, model: p.model.name, ...withContext(p.context) };
}
