import { listTags } from "@/server/entries/service";
import { json, route } from "@/server/http/request";

export const GET = route(async () => json({ tags: await listTags() }));
