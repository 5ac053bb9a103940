import { MemorySettingsSchema } from "@/contracts/memory";
import { json, parseJson, route } from "@/server/http/request";
import { setMemoryEnabled } from "@/server/memory/service";

/** Memory on or off: off, nothing is proposed and no fact is sent to the model. */
export const PUT = route(async (req) =>
  json(await setMemoryEnabled((await parseJson(req, MemorySettingsSchema)).enabled)),
);
