import { AnalyzePsychologicalImageRequestSchema } from "@/contracts/ai";
import { mediaFromBase64 } from "@/server/ai/media";
import { analyzePsychologicalImage } from "@/server/ai/tasks/media-tasks";
import { json, parseJson, route } from "@/server/http/request";

export const POST = route(async (req) => {
  const body = await parseJson(req, AnalyzePsychologicalImageRequestSchema);
  const media = await mediaFromBase64(body.image_data, "image", body.mime_type, "image_data");
  return json(await analyzePsychologicalImage(media, body.context_text, req.signal));
});
