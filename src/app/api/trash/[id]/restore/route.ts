import { TrashIdSchema } from "@/contracts/trash";
import { restoreEntry } from "@/server/entries/trash";
import { json, parseWith, route } from "@/server/http/request";

type P = { id: string };

/** Puts a deleted entry back in the journal under its own id. */
export const POST = route<P>(async (_req, { id }) =>
  json(await restoreEntry(parseWith(TrashIdSchema, id, "Invalid id"))),
);
