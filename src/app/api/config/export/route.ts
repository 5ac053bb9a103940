import { exportConfig } from "@/server/config/service";
import { json, route } from "@/server/http/request";

export const GET = route(async () => json({ config: await exportConfig() }));
