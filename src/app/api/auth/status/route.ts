import type { AuthStatusDto } from "@/contracts/auth";
import { json, route } from "@/server/http/request";
import { lockEnabled } from "@/server/security/session";

export const GET = route(async () => json({ locked_by_passcode: lockEnabled() } satisfies AuthStatusDto));
