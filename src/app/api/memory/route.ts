import { MemoryFactCreateSchema } from "@/contracts/memory";
import { json, parseJson, route } from "@/server/http/request";
import { addFact, getMemory } from "@/server/memory/service";

export const GET = route(async () => json(await getMemory()));

/** A fact the person confirmed or wrote. */
export const POST = route(async (req) =>
  json(await addFact(await parseJson(req, MemoryFactCreateSchema)), { status: 201 }),
);
