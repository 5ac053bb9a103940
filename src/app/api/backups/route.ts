import { backupStatus, takeSnapshot } from "@/server/backup/service";
import { json, route } from "@/server/http/request";

export const dynamic = "force-dynamic";

/** The snapshots (newest first) and the state of the automatic snapshots. */
export const GET = route(() => json(backupStatus(), { headers: { "cache-control": "no-store" } }));

/** Takes a snapshot now. */
export const POST = route(async () => json(await takeSnapshot("by hand"), { status: 201 }));
