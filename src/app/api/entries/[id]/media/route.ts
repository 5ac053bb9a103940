import { json, route } from "@/server/http/request";
import { addMedia } from "@/server/media/service";

type P = { id: string };

/** Attaches one file (multipart field `file`) to an entry. */
export const POST = route<P>(async (req, { id }) => json(await addMedia(id, req), { status: 201 }));
