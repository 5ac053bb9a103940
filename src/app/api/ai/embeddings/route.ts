import { embeddingProgress } from "@/server/ai/recall/embeddings";
import { json, route } from "@/server/http/request";

/** How far the embedding of entries for recall by meaning has come (Settings shows it). */
export const GET = route(async () => json(await embeddingProgress()));
