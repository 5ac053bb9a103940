import { ConfigBatchSchema } from "@/contracts/config";
import { setConfig } from "@/server/config/service";
import { json, parseJson, route } from "@/server/http/request";

export const PUT = route(async (req) => {
  const { config } = await parseJson(req, ConfigBatchSchema);
  await setConfig(config);
  return json({ success: true, updated: Object.keys(config).length });
});
