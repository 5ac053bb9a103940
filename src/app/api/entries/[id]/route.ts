import { EntryUpdateSchema } from "@/contracts/entries";
import { deleteEntry, getEntry, updateEntry } from "@/server/entries/service";
import { json, parseJson, route } from "@/server/http/request";

type P = { id: string };

export const GET = route<P>(async (_req, { id }) => json(await getEntry(id)));

export const PUT = route<P>(async (req, { id }) => {
  const input = await parseJson(req, EntryUpdateSchema);
  return json(await updateEntry(id, input));
});

export const DELETE = route<P>(async (_req, { id }) => {
  await deleteEntry(id);
  return json({ success: true, id });
});
