import "server-only";
import busboy from "busboy";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rm, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { IMPORT_PART_BYTES, MAX_IMPORT_BYTES, MAX_IMPORT_LABEL } from "@/contracts/data";
import { uploadDir } from "@/server/storage/paths";
import { HttpError, badRequest, notFound, tooLarge } from "@/server/http/errors";
import { TEMP_PREFIX, newTempPath } from "@/server/media/paths";
import { fileKey, stagingStream, storedSize } from "@/server/media/sealed";
import { segmentsToAppend } from "@/server/keys/sealed-file";
import { processSlots } from "@/server/runtime";
import { env } from "@/server/env";

export const IMPORT_FILE_FIELD = "file";
const NOT_MULTIPART = `Expected a multipart/form-data body with the export in the field "${IMPORT_FILE_FIELD}".`;
const TOO_LARGE = `The file is too large to import. The limit is ${MAX_IMPORT_LABEL}.`;

/** An import file received into a temp file in the upload folder; the caller removes it. */
export interface ReceivedImport {
  tempPath: string;
  fields: Record<string, string>;
}

function counter(limit: number): Transform {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      done(n > limit ? tooLarge(TOO_LARGE) : null, chunk);
    },
  });
}

/**
 * Streams the `file` part of a multipart request to a temp file (never into memory), up to
 * MAX_IMPORT_BYTES; small text fields (such as `tz`) are kept. A broken body is a 400.
 */
export async function receiveImport(req: Request): Promise<ReceivedImport> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/iu.test(contentType) || !req.body) throw badRequest(NOT_MULTIPART);
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES + 1024 * 1024) throw tooLarge(TOO_LARGE);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
  } catch {
    throw badRequest(NOT_MULTIPART);
  }
  await mkdir(uploadDir(), { recursive: true });
  const tempPath = newTempPath(".import");
  const fields: Record<string, string> = {};
  let written: Promise<void> | null = null;
  let failure: unknown = null;
  const fail = (err: unknown) => {
    failure ??= err;
  };

  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream) => {
    stream.on("error", () => {});
    if (name !== IMPORT_FILE_FIELD || written) {
      stream.resume();
      if (name !== IMPORT_FILE_FIELD) fail(badRequest(`The export must be sent in the multipart field "${IMPORT_FILE_FIELD}".`));
      return;
    }
    stream.on("limit", () => {
      fail(tooLarge(TOO_LARGE));
      stream.resume();
    });
    // Encrypted on its way to disk when the journal is encrypted (the staged file is never plaintext).
    written = pipeline(stream, stagingStream(), createWriteStream(tempPath, { flags: "wx", mode: 0o600 })).catch((err: unknown) => fail(err));
  });
  parser.on("filesLimit", () => fail(badRequest("Only one file can be imported at a time.")));

  try {
    await pipeline(Readable.fromWeb(req.body as NodeWebReadableStream<Uint8Array>), counter(MAX_IMPORT_BYTES + 1024 * 1024), parser);
    await written;
  } catch (err) {
    fail(err instanceof HttpError ? err : badRequest("The upload could not be read: the multipart body is incomplete or malformed."));
  }
  if (!failure && !written) fail(badRequest(`No file was sent. Send the export in the multipart field "${IMPORT_FILE_FIELD}".`));
  if (failure) {
    await rm(tempPath, { force: true }).catch(() => {});
    throw failure instanceof HttpError || (failure as NodeJS.ErrnoException).syscall ? failure : badRequest(String(failure));
  }
  return { tempPath, fields };
}

// ---------- staged uploads: a large file sent in parts, each under the request size limit ----------

const UPLOAD_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;
const UPLOAD_SUFFIX = ".import";

export function stagedPath(uploadId: string): string {
  if (!UPLOAD_ID_RE.test(uploadId)) throw badRequest("upload_id is not valid.");
  return path.join(uploadDir(), `${TEMP_PREFIX}${uploadId}${UPLOAD_SUFFIX}`);
}

/** The bytes received so far (the plaintext size of an encrypted staged file). */
async function stagedSize(uploadId: string): Promise<number> {
  try {
    const file = stagedPath(uploadId);
    const { size } = await stat(file);
    return size === 0 ? 0 : ((await storedSize(file)) ?? 0);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw notFound("This upload is unknown or has expired. Start the import again.");
  }
}

/** The path of a staged upload that exists, or 404. */
export async function requireStaged(uploadId: string): Promise<string> {
  await stagedSize(uploadId);
  return stagedPath(uploadId);
}

/** At most this many staged uploads may be open at once. */
export const MAX_OPEN_STAGED_UPLOADS = 3;
/** A staged upload that received nothing for this long is removed. */
export const STAGED_UPLOAD_TTL_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Free space that must remain on the upload folder's disk after a part is written (IMPORT_MIN_FREE_BYTES). */
export const DEFAULT_MIN_FREE_BYTES = 256 * 1024 * 1024;

function minFreeBytes(): number {
  return env().IMPORT_MIN_FREE_BYTES ?? DEFAULT_MIN_FREE_BYTES;
}

const isStagedName = (name: string) => name.startsWith(TEMP_PREFIX) && name.endsWith(UPLOAD_SUFFIX);

/** Removes staged uploads untouched for longer than STAGED_UPLOAD_TTL_MS; answers how many are left. */
export async function sweepStagedUploads(now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(uploadDir())).filter(isStagedName);
  } catch {
    return 0;
  }
  let left = 0;
  for (const name of names) {
    const file = path.join(uploadDir(), name);
    try {
      const st = await stat(file);
      if (now - st.mtimeMs > STAGED_UPLOAD_TTL_MS) await rm(file, { force: true });
      else left++;
    } catch {
      /* gone meanwhile */
    }
  }
  return left;
}

const g = processSlots<{ __reverieStagedSweep?: NodeJS.Timeout }>();
/** Expired staged uploads are also swept while the server runs, not only when a new one starts. */
function ensureSweeper(): void {
  if (g.__reverieStagedSweep) return;
  g.__reverieStagedSweep = setInterval(() => void sweepStagedUploads().catch(() => {}), SWEEP_EVERY_MS);
  g.__reverieStagedSweep.unref();
}

/** 507 when writing `bytes` more would leave less than the minimum free space on the upload disk. */
async function requireFreeSpace(bytes: number): Promise<void> {
  let free: number;
  try {
    const s = await statfs(uploadDir());
    free = Number(s.bavail) * Number(s.bsize);
  } catch {
    return;
  }
  if (free - bytes < minFreeBytes()) {
    throw new HttpError("INSUFFICIENT_STORAGE", "There is not enough free disk space on the server for this import. Free some space and try again.", {
      free_bytes: free,
    });
  }
}

/** Starts a staged upload (an empty temp file). */
export async function startStagedUpload(): Promise<{ upload_id: string; received: number }> {
  await mkdir(uploadDir(), { recursive: true });
  ensureSweeper();
  const openCount = await sweepStagedUploads();
  if (openCount >= MAX_OPEN_STAGED_UPLOADS) {
    throw new HttpError(
      "CONFLICT",
      `${openCount} imports are already being uploaded. Finish or cancel one first (an unfinished one is removed after an hour without new parts).`,
      { open_uploads: openCount },
    );
  }
  await requireFreeSpace(IMPORT_PART_BYTES);
  const file = newTempPath(UPLOAD_SUFFIX);
  const id = path.basename(file).slice(TEMP_PREFIX.length, -UPLOAD_SUFFIX.length);
  const fh = await open(file, "wx", 0o600);
  await fh.close();
  return { upload_id: id, received: 0 };
}

/**
 * Appends one part to a staged upload. `offset` must be the bytes received so far (a repeated or
 * out-of-order part is a 409), the part at most IMPORT_PART_BYTES, the whole at most MAX_IMPORT_BYTES.
 */
export async function appendStagedPart(uploadId: string, offset: number, req: Request): Promise<{ upload_id: string; received: number }> {
  const current = await stagedSize(uploadId);
  if (offset !== current) throw new HttpError("CONFLICT", `This part starts at byte ${offset}, but ${current} bytes were received so far.`, { received: current });
  if (!req.body) throw badRequest("The part is empty.");
  const limit = Math.min(IMPORT_PART_BYTES, MAX_IMPORT_BYTES - current);
  const declared = Number(req.headers.get("content-length") ?? "");
  await requireFreeSpace(Number.isFinite(declared) && declared > 0 ? Math.min(declared, limit) : limit);
  const key = fileKey();
  const fh = await open(stagedPath(uploadId), "r+");
  const fileBytes = (await fh.stat()).size;
  let position = current;
  const parts: Buffer[] = [];
  try {
    for await (const chunk of Readable.fromWeb(req.body as NodeWebReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
      if (position + chunk.length - current > limit) {
        throw current + IMPORT_PART_BYTES >= MAX_IMPORT_BYTES ? tooLarge(TOO_LARGE) : tooLarge(`A part can be at most ${IMPORT_PART_BYTES} bytes.`);
      }
      // Plaintext: written as it comes. Encrypted: the part (at most IMPORT_PART_BYTES) is sealed as whole segments.
      if (key) parts.push(chunk);
      else await fh.write(chunk, 0, chunk.length, position);
      position += chunk.length;
    }
    if (key && parts.length) {
      const sealed = segmentsToAppend(key, fileBytes, Buffer.concat(parts));
      await fh.write(sealed, 0, sealed.length, fileBytes);
    }
  } catch (err) {
    await fh.truncate(fileBytes).catch(() => {});
    if (err instanceof HttpError || (err as NodeJS.ErrnoException).syscall) throw err;
    throw badRequest("The part could not be read: the body is incomplete.");
  } finally {
    await fh.close();
  }
  return { upload_id: uploadId, received: position };
}

/** Removes a staged upload (after its import, or when the person cancels). */
export async function discardStagedUpload(uploadId: string): Promise<void> {
  await rm(stagedPath(uploadId), { force: true });
}
