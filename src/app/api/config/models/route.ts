import { listModels } from "@/server/ai/model-config";
import { json, route } from "@/server/http/request";

export const GET = route(async () => json(await listModels()));
