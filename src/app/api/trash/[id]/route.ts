import { TrashIdSchema } from "@/contracts/trash";
import { purgeEntry } from "@/server/data/purge";
import { json, parseWith, route } from "@/server/http/request";

type P = { id: string };

/** Deletes one entry of Recently deleted for good. */
export const DELETE = route<P>(async (_req, { id }) =>
  json(await purgeEntry(parseWith(TrashIdSchema, id, "Invalid id"))),
);
