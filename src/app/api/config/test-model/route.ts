import { testModel } from "@/server/ai/model-config";
import { json, route } from "@/server/http/request";

export const POST = route(async (req) => json(await testModel(req.signal)));
