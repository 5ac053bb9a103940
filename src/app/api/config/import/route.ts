import { ConfigImportSchema } from "@/contracts/config";
import { importConfig } from "@/server/config/service";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { config } = await parseJson(req, ConfigImportSchema);
  return json({ success: true, imported: await importConfig(config) });
});
