import { importFromRequest } from "@/server/data/service";
import { json, route } from "@/server/http/request";

/** Imports an export (ours, Day One, jrnl, Journey, Diarium, Daylio, Apple Journal, Markdown notes) and answers the report: imported, skipped, failed, and why. */
export const POST = route(async (req) => json(await importFromRequest(req)));
