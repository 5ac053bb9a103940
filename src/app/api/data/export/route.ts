import { EXPORT_ESTIMATE_HEADER } from "@/contracts/data";
import { exportJournal } from "@/server/data/export";
import { route } from "@/server/http/request";

/** The whole journal as a zip download, streamed as it is built (no Content-Length: its size is known only at the end). */
export const GET = route(async () => {
  const { body, estimatedSize, filename } = await exportJournal();
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      [EXPORT_ESTIMATE_HEADER]: String(estimatedSize),
    },
  });
});
