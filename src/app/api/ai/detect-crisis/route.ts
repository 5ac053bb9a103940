import { DetectCrisisRequestSchema, MAX_MEDIA_JSON_BYTES } from "@/contracts/ai";
import { detectCrisis } from "@/server/ai/tasks/crisis";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { content } = await parseJson(req, DetectCrisisRequestSchema, MAX_MEDIA_JSON_BYTES);
  return json(await detectCrisis(content, req.signal));
});
