import "server-only";
import { ConversationSummarySchema, type ChatTurn, type SummarizeConversationResponse } from "@/contracts/ai";
import { currentModel } from "../current";
import { runOffline } from "../offline-run";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

export async function summarizeConversation(
  conversation: ChatTurn[],
  signal?: AbortSignal,
): Promise<SummarizeConversationResponse> {
  const model = await currentModel();
  if (model.kind === "offline")
    return {
      success: true,
      summary: await runOffline("summarizeConversationOffline", conversation),
      model: model.name,
    };
  const transcript = conversation
    .filter((t) => t.content.trim())
    .map((t) => `${t.role === "user" ? "Person" : "Companion"}: ${t.content.trim()}`)
    .join("\n");
  const summary = await generateStructured({
    model,
    task: "summarize-conversation",
    system: structuredSystem("summarize-conversation"),
    messages: [{ role: "user", content: `Conversation:\n"""\n${transcript}\n"""` }],
    schema: ConversationSummarySchema,
    signal,
  });
  return { success: true, summary, model: model.name };
}
