import "server-only";
import { fileTypeFromBuffer } from "file-type";
import { mediaKindOf, type MediaKind } from "@/domain/media";
import { readStoredHead } from "./sealed";

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  ext: string;
}

/** Containers that hold either sound or pictures; the bytes alone name them as video. */
const AMBIGUOUS_CONTAINERS: Record<string, string> = { webm: "audio/webm", mp4: "audio/mp4", mkv: "audio/x-matroska" };

/**
 * The media type of a file by its actual bytes (magic numbers), never by its name or the client's claim.
 * Returns null for anything that is not a recognised image, video or audio file (SVG included: it is
 * text and can carry script). The client's claim only decides between audio and video for containers
 * that can be either, such as WebM from a recorder.
 */
export async function sniffMedia(filePath: string, declaredType?: string): Promise<SniffedType | null> {
  // The first bytes are enough for every type recognised (and an encrypted file is read through its key).
  const head = await readStoredHead(filePath, 64 * 1024).catch(() => null);
  const found = head ? await fileTypeFromBuffer(head).catch(() => undefined) : undefined;
  if (!found) return null;
  const kind = mediaKindOf(found.mime);
  if (!kind) return null;
  const audioAlias = AMBIGUOUS_CONTAINERS[found.ext];
  if (kind === "video" && audioAlias && mediaKindOf(declaredType) === "audio") {
    return { kind: "audio", mime: audioAlias, ext: found.ext };
  }
  return { kind, mime: found.mime, ext: found.ext };
}
