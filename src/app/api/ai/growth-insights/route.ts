import { InsightsRequestSchema } from "@/contracts/ai";
import { growthInsights } from "@/server/ai/tasks/insights";
import { json, parseJson, route } from "@/server/http/request";

/** Growth insights (not in the spec's call table): same body as generate-insights. */
export const POST = route(async (req) => {
  const { date_range, tz } = await parseJson(req, InsightsRequestSchema);
  return json(await growthInsights(date_range, tz, req.signal));
});
