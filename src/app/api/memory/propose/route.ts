import { MemoryProposeSchema } from "@/contracts/memory";
import { json, parseJson, route } from "@/server/http/request";
import { proposeFacts } from "@/server/ai/tasks/propose-memory";

/** Facts proposed from a message or an entry, for the person to confirm (nothing while memory is off). */
export const POST = route(async (req) =>
  json(await proposeFacts((await parseJson(req, MemoryProposeSchema)).text, req.signal)),
);
