import { CheckInUpdateSchema } from "@/contracts/checkins";
import { deleteCheckIn, getCheckIn, updateCheckIn } from "@/server/checkins/service";
import { json, parseJson, route } from "@/server/http/request";

type P = { id: string };

export const GET = route<P>(async (_req, { id }) => json(await getCheckIn(id)));

export const PUT = route<P>(async (req, { id }) =>
  json(await updateCheckIn(id, await parseJson(req, CheckInUpdateSchema))),
);

export const DELETE = route<P>(async (_req, { id }) => {
  await deleteCheckIn(id);
  return json({ success: true, id });
});
