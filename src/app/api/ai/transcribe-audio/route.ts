import { TranscribeAudioRequestSchema } from "@/contracts/ai";
import { mediaFromBase64, mediaFromForm } from "@/server/ai/media";
import { transcribeAudio } from "@/server/ai/tasks/media-tasks";
import { json, parseJson, route } from "@/server/http/request";

/** Audio as JSON ({ content: base64, content_type: "audio" }) or as multipart with the field `file`. */
export const POST = route(async (req) => {
  const multipart = /^multipart\/form-data/iu.test(req.headers.get("content-type") ?? "");
  const media = multipart
    ? await mediaFromForm(req, "audio")
    : await (async () => {
        const body = await parseJson(req, TranscribeAudioRequestSchema);
        return mediaFromBase64(body.content, "audio", body.mime_type, "content");
      })();
  return json(await transcribeAudio(media, req.signal));
});
