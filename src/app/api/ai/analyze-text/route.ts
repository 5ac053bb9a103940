import { AnalyzeTextRequestSchema } from "@/contracts/ai";
import { analyzeText } from "@/server/ai/tasks/analyze-text";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { content } = await parseJson(req, AnalyzeTextRequestSchema);
  return json(await analyzeText(content, req.signal));
});
