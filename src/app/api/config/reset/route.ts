import { getConfig, resetConfig } from "@/server/config/service";
import { json, route } from "@/server/http/request";
import { syncReminderFeed } from "@/server/reminders/service";

export const POST = route(async () => {
  await resetConfig();
  // The reminder feed's link goes with the settings: the old one answers 404 from now on.
  await syncReminderFeed();
  return json({ success: true, config: await getConfig() });
});
