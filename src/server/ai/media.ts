import "server-only";
import { fileTypeFromBuffer } from "file-type";
import { MAX_MEDIA_BYTES, MAX_MEDIA_LABEL } from "@/domain/constants";
import { HttpError, badRequest, tooLarge, unsupportedMedia } from "@/server/http/errors";

/** A media file sent to a model: base64 text (what the providers take) plus its type and size. */
export interface MediaInput {
  base64: string;
  mediaType: string;
  bytes: number;
}

const DATA_URL_RE = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,/u;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/u;

function tooLargeError(): HttpError {
  return tooLarge(`The file is too large. Maximum size is ${MAX_MEDIA_LABEL}.`);
}

async function detect(
  bytes: Uint8Array,
  declared: string | undefined,
  kind: "image" | "audio",
  what: string,
): Promise<string> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const mime = found?.mime ?? declared?.toLowerCase();
  // wav files may be reported as audio/wav or audio/x-wav; both are audio.
  if (!mime || !mime.startsWith(`${kind}/`)) {
    throw unsupportedMedia(`${what} is not a supported ${kind} file${mime ? ` (${mime})` : ""}.`);
  }
  return mime === "audio/x-wav" || mime === "audio/vnd.wave" ? "audio/wav" : mime;
}

/** Reads base64 or a data: URL; 400 when it is not base64, 413 over 10 MB, 415 when it is not the expected kind. */
export async function mediaFromBase64(
  input: string,
  kind: "image" | "audio",
  declaredType: string | undefined,
  what: string,
): Promise<MediaInput> {
  let text = input.trim();
  let declared = declaredType;
  const m = DATA_URL_RE.exec(text);
  if (m) {
    declared = declared ?? m[1];
    text = text.slice(m[0].length);
  }
  text = text.replace(/\s+/gu, "");
  // Decoded size: 3 bytes per 4 characters, minus padding.
  const bytes = Math.floor((text.length * 3) / 4) - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0);
  if (bytes > MAX_MEDIA_BYTES) throw tooLargeError();
  if (!text || text.length % 4 === 1 || !BASE64_RE.test(text))
    throw badRequest(`${what} must be base64-encoded data or a data: URL.`);
  const buf = Buffer.from(text, "base64");
  if (buf.length === 0) throw badRequest(`${what} is empty.`);
  const mediaType = await detect(buf.subarray(0, 4100), declared, kind, what);
  return { base64: buf.toString("base64"), mediaType, bytes: buf.length };
}

/** Reads the multipart field `file`; 413 over 10 MB, 415 when it is not the expected kind. */
export async function mediaFromForm(req: Request, kind: "image" | "audio"): Promise<MediaInput> {
  const declaredLength = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declaredLength) && declaredLength > MAX_MEDIA_BYTES + 1024 * 1024) throw tooLargeError();
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest("The multipart body could not be read.");
  }
  const file = form.get("file");
  if (!file || typeof file === "string")
    throw new HttpError("VALIDATION_FAILED", 'The multipart field "file" is required.');
  if (file.size > MAX_MEDIA_BYTES) throw tooLargeError();
  if (file.size === 0) throw badRequest(`File "${file.name}" is empty.`);
  const buf = Buffer.from(await file.arrayBuffer());
  const mediaType = await detect(buf.subarray(0, 4100), file.type || undefined, kind, `File "${file.name}"`);
  return { base64: buf.toString("base64"), mediaType, bytes: buf.length };
}
