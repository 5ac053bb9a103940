import { storageUsage } from "@/server/data/usage";
import { json, route } from "@/server/http/request";

export const dynamic = "force-dynamic";

export const GET = route(async () => json(await storageUsage(), { headers: { "cache-control": "no-store" } }));
