import "server-only";
import busboy from "busboy";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { MAX_MEDIA_BYTES, MAX_MEDIA_LABEL } from "@/domain/constants";
import { MAX_UPLOAD_BODY_BYTES, mediaTooLargeMessage } from "@/domain/media";
import { MEDIA_ID_FIELD, MediaUploadFieldsSchema } from "@/contracts/entries";
import { HttpError, badRequest, tooLarge, validationError } from "@/server/http/errors";
import { displayFilename } from "./filename";
import { uploadDir } from "@/server/storage/paths";
import { newTempPath } from "./paths";
import { sealingStream } from "./sealed";

export const FILE_FIELD = "file";

/** A file received into a temp file inside the upload folder. The caller renames it into place or discards it. */
export interface ReceivedUpload {
  tempPath: string;
  /** The client's name, cleaned for display. */
  filename: string;
  /** The type the client claimed; a hint only, the bytes decide. */
  declaredType: string;
  size: number;
  /** The client-made media id (multipart field `id`, before or after the file), lower-cased; absent when not sent. */
  clientId?: string;
}

const NOT_MULTIPART = `Expected a multipart/form-data body with the file in the field "${FILE_FIELD}".`;

/**
 * Streams the one file of a multipart request to a temp file, counting bytes as they arrive: past
 * MAX_MEDIA_BYTES the request is abandoned at once and the temp file removed. Nothing is buffered whole.
 */
export async function receiveUpload(req: Request): Promise<ReceivedUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/iu.test(contentType)) throw badRequest(NOT_MULTIPART);
  if (!req.body) throw badRequest(`No file was sent. Send it in the multipart field "${FILE_FIELD}".`);

  const declaredLength = Number(req.headers.get("content-length") ?? Number.NaN);
  const bodyLimit = MAX_UPLOAD_BODY_BYTES;
  const declaredTooLarge = Number.isFinite(declaredLength) && declaredLength > bodyLimit;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // busboy reports the limit when the count reaches it; one more byte makes exactly 10 MB acceptable.
      limits: { fileSize: MAX_MEDIA_BYTES + 1, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 20 },
    });
  } catch {
    throw badRequest(NOT_MULTIPART);
  }

  await mkdir(uploadDir(), { recursive: true });
  const source = Readable.fromWeb(req.body as NodeWebReadableStream<Uint8Array>);

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let settled = false;
    let current: {
      tempPath: string;
      filename: string;
      declaredType: string;
      writer: WriteStream;
      written: Promise<void>;
      size: number;
    } | null = null;
    let received = 0;

    const discard = async () => {
      const file = current;
      if (!file) return;
      if (!file.writer.closed) {
        const closed = new Promise<void>((done) => file.writer.once("close", () => done()));
        file.writer.destroy();
        await closed;
      }
      await rm(file.tempPath, { force: true }).catch((err) =>
        console.error("[reverie] could not remove temp file", err),
      );
    };

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe();
      source.destroy();
      parser.destroy();
      void discard().then(() => reject(err));
    };

    // A write error (disk full, permissions) is the server's; anything else here is a broken or aborted body.
    let writeError: unknown = null;
    const asUploadError = (err: unknown) =>
      err instanceof HttpError || (writeError !== null && err === writeError)
        ? err
        : badRequest("The upload could not be read: the multipart body is incomplete or malformed.");

    const tooLargeError = () =>
      current
        ? tooLarge(mediaTooLargeMessage(current.filename))
        : tooLarge(`The upload is too large. Maximum size is ${MAX_MEDIA_LABEL}.`);

    // Bounds the whole body (non-file parts are parsed and dropped, but still read). The chunk that
    // crosses the bound is still handed to the parser, so that a file's own limit, with its name, wins.
    let overLimit = false;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (overLimit) return done(tooLargeError());
        received += chunk.length;
        overLimit = received > bodyLimit;
        done(null, chunk);
      },
      flush(done) {
        done(overLimit ? tooLargeError() : null);
      },
    });

    parser.on("file", (field, stream, info) => {
      // Errors of a part are handled through the parser and the pipeline below.
      stream.on("error", () => {});
      if (settled) return void stream.resume();
      if (field !== FILE_FIELD) {
        stream.resume();
        return fail(badRequest(`The file must be sent in the multipart field "${FILE_FIELD}".`));
      }
      const filename = displayFilename(info.filename);
      if (declaredTooLarge) {
        stream.resume();
        return fail(tooLarge(mediaTooLargeMessage(filename)));
      }
      const tempPath = newTempPath();
      const writer = createWriteStream(tempPath, { flags: "wx", mode: 0o600, flush: true });
      const file = { tempPath, filename, declaredType: info.mimeType, writer, size: 0, written: Promise.resolve() };
      current = file;
      writer.on("error", (err) => {
        writeError ??= err;
      });
      stream.on("data", (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on("limit", () => fail(tooLarge(mediaTooLargeMessage(filename))));
      // Encrypted on its way to disk when the journal is encrypted: no plaintext temp file.
      file.written = pipeline(stream, sealingStream(), writer);
      file.written.catch((err) => fail(asUploadError(err)));
    });
    let clientId: string | undefined;
    parser.on("field", (name, value, info) => {
      if (settled || name !== MEDIA_ID_FIELD) return;
      if (clientId !== undefined) return fail(badRequest(`The field "${MEDIA_ID_FIELD}" was sent more than once.`));
      const parsed = MediaUploadFieldsSchema.safeParse({ [MEDIA_ID_FIELD]: info.valueTruncated ? "" : value });
      if (!parsed.success) return fail(validationError(parsed.error, "Invalid upload"));
      clientId = parsed.data[MEDIA_ID_FIELD];
    });
    parser.on("filesLimit", () => fail(badRequest("Only one file can be uploaded at a time.")));

    pipeline(source, counter, parser).then(
      async () => {
        if (settled) return;
        const file = current;
        if (!file) return fail(badRequest(`No file was sent. Send it in the multipart field "${FILE_FIELD}".`));
        try {
          await file.written;
        } catch (err) {
          return fail(asUploadError(err));
        }
        if (settled) return;
        if (file.size === 0) return fail(badRequest(`File "${file.filename}" is empty.`));
        settled = true;
        resolve({
          tempPath: file.tempPath,
          filename: file.filename,
          declaredType: file.declaredType,
          size: file.size,
          ...(clientId ? { clientId } : {}),
        });
      },
      (err: unknown) => fail(asUploadError(err)),
    );
  });
}

/** Removes a temp file that was not kept. */
export async function discardUpload(upload: Pick<ReceivedUpload, "tempPath">): Promise<void> {
  await rm(upload.tempPath, { force: true }).catch((err) => console.error("[reverie] could not remove temp file", err));
}
