import { AnalyzeImageRequestSchema } from "@/contracts/ai";
import { mediaFromBase64 } from "@/server/ai/media";
import { analyzeImage } from "@/server/ai/tasks/media-tasks";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const body = await parseJson(req, AnalyzeImageRequestSchema);
  const media = await mediaFromBase64(body.content, "image", body.mime_type, "content");
  return json(await analyzeImage(media, req.signal));
});
