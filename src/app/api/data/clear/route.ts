import { ClearRequestSchema } from "@/contracts/data";
import { clearAllData } from "@/server/data/clear";
import { json, parseJson, route } from "@/server/http/request";

/** Deletes the whole journal (entries, media, tags, settings). The body must be `{ "confirm": true }`. */
export const POST = route(async (req) => {
  await parseJson(req, ClearRequestSchema);
  return json(await clearAllData());
});
