import { ReminderSettingsSchema } from "@/contracts/reminders";
import { json, parseJson, route } from "@/server/http/request";
import { getReminders, saveReminders } from "@/server/reminders/service";

/** The reminder schedule and the private calendar feed's path: GET reads them, PUT saves the schedule. */
export const GET = route(async () => json(await getReminders()));

export const PUT = route(async (req) => json(await saveReminders(await parseJson(req, ReminderSettingsSchema))));
