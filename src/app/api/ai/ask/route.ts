import { AskRequestSchema } from "@/contracts/ask";
import { ask } from "@/server/ai/recall/ask";
import { json, parseJson, route } from "@/server/http/request";

/** A question about the journal: the answer and the entries it is drawn from. */
export const POST = route(async (req) => {
  const body = await parseJson(req, AskRequestSchema);
  return json(await ask(body, req.signal));
});
