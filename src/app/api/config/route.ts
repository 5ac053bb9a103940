import { ConfigSetSchema } from "@/contracts/config";
import { EMBEDDING_MODEL_KEY, scheduleEmbeddings } from "@/server/ai/recall/embeddings";
import { getConfig, setConfig } from "@/server/config/service";
import { json, parseJson, route } from "@/server/http/request";

export const GET = route(async () => json({ config: await getConfig() }));

export const PUT = route(async (req) => {
  const { key, value } = await parseJson(req, ConfigSetSchema);
  await setConfig({ [key]: value });
  // A new embedding model: every entry is embedded again with it, in the background.
  if (key === EMBEDDING_MODEL_KEY) scheduleEmbeddings();
  return json({ success: true, key });
});
