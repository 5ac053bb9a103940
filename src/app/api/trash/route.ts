import { EmptyTrashSchema } from "@/contracts/trash";
import { emptyTrash, listTrash } from "@/server/data/purge";
import { json, parseJson, route } from "@/server/http/request";

/** Recently deleted: the list, and emptying it (which must be confirmed in the body). */
export const GET = route(async () => json(await listTrash()));

export const DELETE = route(async (req) => {
  await parseJson(req, EmptyTrashSchema);
  return json(await emptyTrash());
});
