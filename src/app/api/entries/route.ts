import { EntryCreateSchema, IDEMPOTENT_REPLAY_HEADER } from "@/contracts/entries";
import { createEntryOnce, listEntries } from "@/server/entries/service";
import { json, parseJson, queryObject, route } from "@/server/http/request";

export const GET = route(async (req) => json(await listEntries(queryObject(new URL(req.url), ["tags"]))));

/** 201 with the new entry; 200 with the existing one (and Idempotent-Replay: true) when its client-made id is taken. */
export const POST = route(async (req) => {
  const input = await parseJson(req, EntryCreateSchema);
  const { entry, replayed } = await createEntryOnce(input);
  return replayed
    ? json(entry, { status: 200, headers: { [IDEMPOTENT_REPLAY_HEADER]: "true" } })
    : json(entry, { status: 201 });
});
