import { MemoryFactUpdateSchema } from "@/contracts/memory";
import { json, parseJson, route } from "@/server/http/request";
import { deleteFact, updateFact } from "@/server/memory/service";

type P = { id: string };

export const PUT = route<P>(async (req, { id }) =>
  json(await updateFact(id, await parseJson(req, MemoryFactUpdateSchema))),
);

export const DELETE = route<P>(async (_req, { id }) => {
  await deleteFact(id);
  return json({ success: true as const });
});
