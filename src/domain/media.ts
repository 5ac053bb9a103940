import { MAX_MEDIA_BYTES, MAX_MEDIA_LABEL } from "./constants";

/** The three kinds of media an entry can carry (spec section 3: `file_type`). */
export const MEDIA_KINDS = ["image", "video", "audio"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Spec section 5: the messages for a refused file. */
export const mediaTooLargeMessage = (filename: string) =>
  `File "${filename}" is too large. Maximum size is ${MAX_MEDIA_LABEL}.`;
export const unsupportedMediaMessage = (filename: string) => `File "${filename}" is not a supported media type.`;

/**
 * The most an upload request may carry: the file plus room for the multipart envelope (boundaries,
 * part headers, a few small fields). The server stops reading past it; Next's request proxy is told
 * to pass bodies this large through whole.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_MEDIA_BYTES + 1024 * 1024;

/** The most a JSON request carrying one media file as base64 may weigh (AI image and audio tasks). */
export const MAX_BASE64_MEDIA_BODY_BYTES = Math.ceil(MAX_MEDIA_BYTES / 3) * 4 + 1024 * 1024;

/** The largest body any route accepts; Next's request proxy must pass bodies this large through whole. */
export const MAX_REQUEST_BODY_BYTES = Math.max(MAX_UPLOAD_BODY_BYTES, MAX_BASE64_MEDIA_BODY_BYTES);

export const isMediaTooLarge = (bytes: number) => bytes > MAX_MEDIA_BYTES;

/**
 * The kind of a MIME type, or null when it is not media the journal accepts. SVG is not accepted as
 * an image: it is a document that can carry script.
 */
export function mediaKindOf(mime: string | null | undefined): MediaKind | null {
  const type = (mime ?? "").split(";")[0]!.trim().toLowerCase();
  if (!type || type.startsWith("image/svg")) return null;
  const top = type.split("/")[0];
  return (MEDIA_KINDS as readonly string[]).includes(top ?? "") && type.length > (top?.length ?? 0) + 1
    ? (top as MediaKind)
    : null;
}
