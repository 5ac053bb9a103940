import { DetectCrisisRequestSchema } from "@/contracts/ai";
import { detectCrisis } from "@/server/ai/tasks/crisis";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { content } = await parseJson(req, DetectCrisisRequestSchema);
  return json(await detectCrisis(content, req.signal));
});
