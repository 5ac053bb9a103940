import { OnThisDayQuerySchema } from "@/contracts/home";
import { onThisDay } from "@/server/entries/on-this-day";
import { json, parseQuery, route } from "@/server/http/request";

export const dynamic = "force-dynamic";

export const GET = route(async (req) => {
  const { tz, date } = parseQuery(req, OnThisDayQuerySchema);
  return json(await onThisDay(tz, date));
});
