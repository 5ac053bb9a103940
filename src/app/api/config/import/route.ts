import { ConfigImportSchema } from "@/contracts/config";
import { importConfig } from "@/server/config/service";
import { json, parseJson, route } from "@/server/http/request";
import { syncReminderFeed } from "@/server/reminders/service";

export const POST = route(async (req) => {
  const { config } = await parseJson(req, ConfigImportSchema);
  const imported = await importConfig(config);
  // An imported reminder schedule reaches the calendar feed at once.
  await syncReminderFeed();
  return json({ success: true, imported });
});
