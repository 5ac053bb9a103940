import { MotivationalSupportRequestSchema } from "@/contracts/ai";
import { motivationalSupport } from "@/server/ai/tasks/support";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { content } = await parseJson(req, MotivationalSupportRequestSchema);
  return json(await motivationalSupport(content, req.signal));
});
