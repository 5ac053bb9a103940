import { MarkdownExportQuerySchema } from "@/contracts/data";
import { serverTimeZone } from "@/domain/dates";
import { exportMarkdown } from "@/server/data/export";
import { parseQuery, route } from "@/server/http/request";

/** The journal as a zip of Markdown files with YAML front matter and media beside them, streamed as it is built. */
export const GET = route(async (req) => {
  const { tz } = parseQuery(req, MarkdownExportQuerySchema);
  const { body, filename } = exportMarkdown(tz ?? serverTimeZone());
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
