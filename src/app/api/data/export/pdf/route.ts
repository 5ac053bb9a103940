import { BookQuerySchema } from "@/contracts/data";
import { makeBook } from "@/server/data/book";
import { parseQuery, route } from "@/server/http/request";

/** The printable book: a PDF of the entries the query names, streamed while it is laid out. */
export const GET = route(async (req) => {
  const query = parseQuery(req, BookQuerySchema, ["tags"]);
  const { body, filename } = await makeBook(query);
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
