import { StatisticsQuerySchema } from "@/contracts/entries";
import { statistics } from "@/server/entries/service";
import { json, parseQuery, route } from "@/server/http/request";

export const GET = route(async (req) => {
  const { tz } = parseQuery(req, StatisticsQuerySchema);
  return json(await statistics(tz));
});
