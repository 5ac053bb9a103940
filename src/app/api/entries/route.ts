import { EntryInputSchema } from "@/contracts/entries";
import { createEntry, listEntries } from "@/server/entries/service";
import { json, parseJson, queryObject, route } from "@/server/http/request";

export const GET = route(async (req) => json(await listEntries(queryObject(new URL(req.url), ["tags"]))));

export const POST = route(async (req) => {
  const input = await parseJson(req, EntryInputSchema);
  return json(await createEntry(input), { status: 201 });
});
