import { route } from "@/server/http/request";
import { serveMedia } from "@/server/media/serve";
import { findMedia } from "@/server/media/service";

type P = { id: string };

/** Serves a stored media file (`?thumb=1`: its thumbnail), with byte ranges so audio and video can seek. */
const serve = route<P>(async (req, { id }) => {
  const thumb = new URL(req.url).searchParams.get("thumb") === "1";
  return serveMedia(req, await findMedia(id), thumb);
});

export const GET = serve;
export const HEAD = serve;
