import { getConfig, resetConfig } from "@/server/config/service";
import { json, route } from "@/server/http/request";

export const POST = route(async () => {
  await resetConfig();
  return json({ success: true, config: await getConfig() });
});
