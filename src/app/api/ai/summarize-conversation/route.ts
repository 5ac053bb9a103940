import { SummarizeConversationRequestSchema } from "@/contracts/ai";
import { summarizeConversation } from "@/server/ai/tasks/summarize";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { conversation } = await parseJson(req, SummarizeConversationRequestSchema);
  return json(await summarizeConversation(conversation, req.signal));
});
