import { InsightsRequestSchema } from "@/contracts/ai";
import { generateInsights } from "@/server/ai/tasks/insights";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { date_range, tz } = await parseJson(req, InsightsRequestSchema);
  return json(await generateInsights(date_range, tz, req.signal));
});
