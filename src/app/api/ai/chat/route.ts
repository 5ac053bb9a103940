import { ChatRequestSchema } from "@/contracts/ai";
import { chatStreamResponse, wantsStream } from "@/server/ai/chat/stream";
import { chat } from "@/server/ai/chat/reply";
import { json, parseJson, route } from "@/server/http/request";

/** JSON { response } by default; the AI SDK's UI message stream with `stream: true` or `Accept: text/event-stream`. */
export const POST = route(async (req) => {
  const body = await parseJson(req, ChatRequestSchema);
  if (wantsStream(req, body)) return chatStreamResponse(body, req.signal);
  return json(await chat(body, req.signal));
});
