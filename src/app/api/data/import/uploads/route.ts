import { startStagedUpload } from "@/server/data/receive";
import { json, route } from "@/server/http/request";

/** Starts a staged upload for an import file too large for one request. */
export const POST = route(async () => json(await startStagedUpload(), { status: 201 }));
