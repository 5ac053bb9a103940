import { checkInCorrelations } from "@/server/checkins/service";
import { json, queryObject, route } from "@/server/http/request";

export const GET = route(async (req) => json(await checkInCorrelations(queryObject(new URL(req.url)))));
