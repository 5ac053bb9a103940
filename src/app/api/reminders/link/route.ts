import { json, route } from "@/server/http/request";
import { resetFeedLink } from "@/server/reminders/service";

/** A new private feed link; the old one stops working at once. */
export const POST = route(async () => json(await resetFeedLink()));
