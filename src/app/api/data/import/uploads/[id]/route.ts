import { z } from "zod";
import { appendStagedPart, discardStagedUpload } from "@/server/data/receive";
import { json, parseQuery, route } from "@/server/http/request";

type P = { id: string };
const PartQuery = z.object({ offset: z.coerce.number().int().min(0) });

/** Appends one part (raw bytes) at `?offset=` (the bytes received so far). */
export const PUT = route<P>(async (req, { id }) => {
  const { offset } = parseQuery(req, PartQuery);
  return json(await appendStagedPart(id, offset, req));
});

/** Cancels a staged upload. */
export const DELETE = route<P>(async (_req, { id }) => {
  await discardStagedUpload(id);
  return new Response(null, { status: 204 });
});
