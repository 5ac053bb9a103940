import { json, route } from "@/server/http/request";
import { deleteMedia } from "@/server/media/service";

type P = { id: string; mediaId: string };

export const DELETE = route<P>(async (_req, { id, mediaId }) => {
  await deleteMedia(id, mediaId);
  return json({ success: true, id: mediaId });
});
