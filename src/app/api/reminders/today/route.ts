import { ReminderTodayQuerySchema } from "@/contracts/reminders";
import { localDayKey } from "@/domain/dates";
import { json, parseQuery, route } from "@/server/http/request";
import { wroteOn } from "@/server/reminders/service";

/** Whether an entry or a check-in was written on the person's local day (the in-app nudge asks). */
export const GET = route(async (req) => {
  const q = parseQuery(req, ReminderTodayQuerySchema);
  return json(await wroteOn(q.date ?? localDayKey(new Date(), q.tz), q.tz));
});
