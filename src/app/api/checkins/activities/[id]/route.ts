import { ActivityUpdateSchema } from "@/contracts/checkins";
import { updateActivity } from "@/server/checkins/activities";
import { json, parseJson, route } from "@/server/http/request";

type P = { id: string };

export const PUT = route<P>(async (req, { id }) =>
  json(await updateActivity(id, await parseJson(req, ActivityUpdateSchema))),
);
