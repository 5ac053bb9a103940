import { ConfigSetSchema } from "@/contracts/config";
import { getConfig, setConfig } from "@/server/config/service";
import { json, parseJson, route } from "@/server/http/request";

export const GET = route(async () => json({ config: await getConfig() }));

export const PUT = route(async (req) => {
  const { key, value } = await parseJson(req, ConfigSetSchema);
  await setConfig({ [key]: value });
  return json({ success: true, key });
});
