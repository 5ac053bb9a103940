import { ConfigureModelSchema } from "@/contracts/config";
import { configureModel } from "@/server/ai/model-config";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const { model_name, api_key } = await parseJson(req, ConfigureModelSchema);
  return json(await configureModel(model_name, !!api_key));
});
