import { notFound } from "@/server/http/errors";
import { route } from "@/server/http/request";
import { appUrlOf, reminderFeed } from "@/server/reminders/service";

/**
 * The private calendar feed, "/api/reminders/feed/<token>.ics" (calendar apps subscribe to a plain
 * address ending in .ics). Open while the journal is locked or sealed; holds no journal content.
 * A wrong or old token is a plain 404, the same as an address that never existed.
 */
export const GET = route<{ token: string }>(async (req, { token }) => {
  const body = token.endsWith(".ics") ? await reminderFeed(token.slice(0, -4), appUrlOf(req)) : null;
  if (body === null) throw notFound("No such calendar.");
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="reverie-reminders.ics"',
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
});
