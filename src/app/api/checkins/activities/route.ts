import { ActivityCreateSchema } from "@/contracts/checkins";
import { createActivity, listActivities } from "@/server/checkins/activities";
import { json, parseJson, route } from "@/server/http/request";

export const GET = route(async () => json(await listActivities()));

export const POST = route(async (req) => {
  const { name } = await parseJson(req, ActivityCreateSchema);
  return json(await createActivity(name), { status: 201 });
});
