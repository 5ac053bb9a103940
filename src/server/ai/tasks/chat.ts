import "server-only";
import type { ChatRequest, ChatResponse } from "@/contracts/ai";
import { badOutput } from "../errors";
import { buildChatPrompt, resolveContextEntries } from "../chat-prompt";
import { currentModel } from "../current";
import { chatReplyOffline } from "../offline/analyzer";
import { personalContext } from "../prompts";
import type { ResolvedModel } from "../providers";
import { generatePlainText } from "../structured";

export interface PreparedChat {
  model: ResolvedModel;
  system: string;
  messages: ReturnType<typeof buildChatPrompt>["messages"];
  request: ChatRequest;
}

/** Resolves the model (424 before anything is sent) and builds the prompt. */
export async function prepareChat(request: ChatRequest): Promise<PreparedChat> {
  const model = await currentModel();
  const [contextEntries, personal] = await Promise.all([resolveContextEntries(request.context_entries), personalContext()]);
  const { system, messages } = buildChatPrompt({ message: request.message, history: request.conversation_history, contextEntries, personal });
  return { model, system, messages, request };
}

export async function chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  const p = await prepareChat(request);
  if (p.model.kind === "offline") {
    return { success: true, response: chatReplyOffline(request.message, request.conversation_history), model: p.model.name };
  }
  const text = (await generatePlainText({ model: p.model, system: p.system, messages: p.messages, signal })).trim();
  if (!text) throw badOutput(p.model.name, "chat", ["the reply is empty"]);
  return { success: true, response: text, model: p.model.name };
}
