import { IDEMPOTENT_REPLAY_HEADER } from "@/contracts/entries";
import { json, route } from "@/server/http/request";
import { addMedia } from "@/server/media/service";

type P = { id: string };

/**
 * Attaches one file (multipart field `file`) to an entry: 201 with the new media. With a client-made
 * media id (field `id`) already attached to this entry: 200 with that media and Idempotent-Replay: true.
 */
export const POST = route<P>(async (req, { id }) => {
  const { media, replayed } = await addMedia(id, req);
  return replayed
    ? json(media, { status: 200, headers: { [IDEMPOTENT_REPLAY_HEADER]: "true" } })
    : json(media, { status: 201 });
});
