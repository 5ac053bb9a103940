import { yearPixels } from "@/server/checkins/figures";
import { json, queryObject, route } from "@/server/http/request";

export const GET = route(async (req) => json(await yearPixels(queryObject(new URL(req.url)))));
