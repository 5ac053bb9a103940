import { json, route } from "@/server/http/request";
import { lock } from "@/server/security/auth";

export const POST = route(async (req) =>
  json({ success: true }, { headers: lock(req).map((c): [string, string] => ["Set-Cookie", c]) }),
);
