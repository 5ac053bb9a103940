import { transcriptionSetup } from "@/server/ai/tasks/media-tasks";
import { json, route } from "@/server/http/request";

/** Which transcription server the environment names (host and model only), or what is wrong with its setting. */
export const GET = route(async () => json(transcriptionSetup()));
