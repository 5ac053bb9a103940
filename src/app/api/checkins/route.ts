import { CheckInCreateSchema } from "@/contracts/checkins";
import { IDEMPOTENT_REPLAY_HEADER } from "@/contracts/entries";
import { createCheckInOnce, listCheckIns } from "@/server/checkins/service";
import { json, parseJson, queryObject, route } from "@/server/http/request";

export const GET = route(async (req) => json(await listCheckIns(queryObject(new URL(req.url)))));

/** 201 with the new check-in; 200 with the stored one (and Idempotent-Replay: true) when its id is taken by the same check-in. */
export const POST = route(async (req) => {
  const input = await parseJson(req, CheckInCreateSchema);
  const { checkin, replayed } = await createCheckInOnce(input);
  return replayed
    ? json(checkin, { status: 200, headers: { [IDEMPOTENT_REPLAY_HEADER]: "true" } })
    : json(checkin, { status: 201 });
});
