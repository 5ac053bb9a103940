import { checkInCorrelations } from "@/server/checkins/figures";
import { json, queryObject, route } from "@/server/http/request";

export const GET = route(async (req) => json(await checkInCorrelations(queryObject(new URL(req.url)))));
