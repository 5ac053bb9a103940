import "server-only";
import type { ChatContextRef, ChatRequest, ChatResponse } from "@/contracts/ai";
import { badOutput } from "../errors";
import { buildChatPrompt, resolveContextEntries } from "../chat-prompt";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { personalContext } from "../prompts";
import type { ResolvedModel } from "../providers";
import { journalContextEnabled, retrieveEntries } from "../retrieval";
import { generatePlainText } from "../structured";

export interface PreparedChat {
  model: ResolvedModel;
  system: string;
  messages: ReturnType<typeof buildChatPrompt>["messages"];
  request: ChatRequest;
  /** The journal entries in the prompt that the reply may cite. */
  context: ChatContextRef[];
}

/**
 * Resolves the model (424 before anything is sent) and builds the prompt. Unless the person switched it
 * off, the journal entries most related to the message are added to those the request names (the
 * offline companion does not read them, so none are looked up for it).
 */
export async function prepareChat(request: ChatRequest): Promise<PreparedChat> {
  const model = await currentModel();
  const [given, personal, useJournal] = await Promise.all([
    resolveContextEntries(request.context_entries),
    personalContext(),
    journalContextEnabled(),
  ]);
  const retrieved =
    useJournal && model.kind !== "offline"
      ? await retrieveEntries({ message: request.message, history: request.conversation_history, excludeIds: given.flatMap((e) => (e.id ? [e.id] : [])) })
      : [];
  const contextEntries = [...given, ...retrieved];
  const { system, messages } = buildChatPrompt({
    message: request.message,
    history: request.conversation_history,
    contextEntries,
    personal,
    timeZone: request.tz,
    now: new Date(),
  });
  const context = contextEntries.flatMap((e) => (e.id ? [{ id: e.id, title: e.title?.trim() ? e.title : null, created_at: e.created_at ?? null }] : []));
  return { model, system, messages, request, context };
}

/** `context` joins an answer only when entries were given to the model. */
export const withContext = (context: ChatContextRef[]) => (context.length ? { context } : {});

export async function chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  const p = await prepareChat(request);
  if (p.model.kind === "offline") {
    return { success: true, response: await runOffline("chatReplyOffline", request.message, request.conversation_history), model: p.model.name };
  }
  const text = (await generatePlainText({ model: p.model, system: p.system, messages: p.messages, signal })).trim();
  if (!text) throw badOutput(p.model.name, "chat", ["the reply is empty"]);
  return { success: true, response: text, model: p.model.name, ...withContext(p.context) };
}
