import { ChatRequestSchema } from "@/contracts/ai";
import { chatStreamResponse, wantsStream } from "@/server/ai/chat-stream";
import { chat } from "@/server/ai/tasks/chat";
import { json, parseJson, route } from "@/server/http/request";

/** JSON { response } by default; server-sent events with `stream: true` or `Accept: text/event-stream`. */
export const POST = route(async (req) => {
  const body = await parseJson(req, ChatRequestSchema);
  if (wantsStream(req, body)) return chatStreamResponse(body, req.signal);
  return json(await chat(body, req.signal));
});
