import { CalendarQuerySchema } from "@/contracts/entries";
import { calendarMonth } from "@/server/entries/service";
import { json, parseQuery, route } from "@/server/http/request";

export const GET = route(async (req) => {
  const { month, tz } = parseQuery(req, CalendarQuerySchema);
  return json({ month, days: await calendarMonth(month, tz) });
});
