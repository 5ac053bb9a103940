import "server-only";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import {
  COMPRESSION_RATIO_MIN_BYTES,
  MAX_ARCHIVE_FILES,
  MAX_COMPRESSION_RATIO,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LABEL,
  MAX_JOURNAL_JSON_BYTES,
} from "@/contracts/data";
import { MAX_MEDIA_BYTES, MAX_MEDIA_LABEL } from "@/domain/constants";
import { HttpError, badRequest, tooLarge } from "@/server/http/errors";
import type { RandomReader } from "@/server/keys/sealed-file";
import { newTempPath } from "@/server/media/paths";
import { openStored, sealingStream } from "@/server/media/sealed";

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MAX_NAME_CHARS = 1000;

/** A file of an archive that passed every check. */
export interface ArchiveFile {
  name: string;
  size: number;
  entry: yauzl.Entry;
}

/** An opened archive whose listing has been checked; files are read one at a time. */
export interface CheckedArchive {
  files: Map<string, ArchiveFile>;
  /** Writes one file to a new temp file in the upload folder and returns its path. */
  extractToTemp(name: string): Promise<{ tempPath: string; size: number }>;
  /** Reads one small file into memory (an entry's text), within its listed size and cap. */
  readBuffer(name: string): Promise<Buffer>;
  close(): void;
}

const refuse = (why: string) => badRequest(`This archive was refused: ${why}`);

/** Is this name one the journal JSON may have (read into memory under its own cap)? */
export type JsonNamePredicate = (name: string) => boolean;

/**
 * Why a file name inside an archive is unsafe, or null. Names must be relative, use "/" only, and
 * have no empty, "." or ".." segment, no control characters (NUL included), no drive letters.
 */
export function unsafeNameReason(name: string): string | null {
  if (name.length === 0) return "an empty file name";
  if (name.length > MAX_NAME_CHARS) return "a file name that is too long";
  if (/[\u0000-\u001f\u007f]/u.test(name)) return "a file name with control characters";
  if (name.includes("\\")) return `a file name with a backslash (${name})`;
  if (name.startsWith("/") || /^[A-Za-z]:/u.test(name)) return `an absolute path (${name})`;
  const segments = (name.endsWith("/") ? name.slice(0, -1) : name).split("/");
  if (segments.some((s) => s === "..")) return `a path that leaves the archive (${name})`;
  if (segments.some((s) => s === "" || s === ".")) return `an irregular path (${name})`;
  return null;
}

/** Our refusals and the file system's errors (disk full: the server's) pass; the rest is a damaged archive. */
const passOn = (err: unknown) => (err instanceof HttpError || (err as NodeJS.ErrnoException)?.syscall ? err : archiveError(err));

/** Turns yauzl's own refusals into the same clear message; anything else means a damaged file. */
function archiveError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/u.test(message)) return refuse(`it contains an unsafe file name (${message}).`);
  if (/encrypt/iu.test(message)) return refuse("it contains encrypted files.");
  return badRequest(`The file could not be read as a zip archive (${message}).`);
}

/** yauzl reads the archive by ranges: here through the journal key when the staged file is encrypted. */
class StoredFileReader extends yauzl.RandomAccessReader {
  constructor(private readonly file: RandomReader) {
    super();
  }
  _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.file.range(start, end - 1), { objectMode: false });
  }
  close(cb: (err: Error | null) => void): void {
    this.file.close().then(() => cb(null), (err: Error) => cb(err));
  }
}

async function openZip(file: string): Promise<yauzl.ZipFile> {
  const stored = await openStored(file);
  const reader = new StoredFileReader(stored);
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(reader, stored.size, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) {
        void stored.close().catch(() => {});
        reject(archiveError(err));
      } else resolve(zip);
    });
  });
}

function listEntries(zip: yauzl.ZipFile, check: (e: yauzl.Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      if (err) reject(err);
      else resolve();
    };
    zip.on("entry", (entry: yauzl.Entry) => {
      try {
        check(entry);
        zip.readEntry();
      } catch (err) {
        finish(err);
      }
    });
    zip.on("end", () => finish());
    zip.on("error", (err) => finish(archiveError(err)));
    zip.readEntry();
  });
}

function openEntryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(archiveError(err)) : resolve(stream)));
  });
}

/** Counts bytes as they come and stops past `limit` (the sizes in an archive's listing are a claim). */
function byteLimit(limit: number, onOver: () => Error): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length;
      if (t.bytes > limit) return done(onOver());
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/**
 * Opens a zip and checks its whole listing before anything is extracted. Refused (400, or 413 for
 * sizes): more than MAX_ARCHIVE_FILES files; unsafe names (absolute, "..", backslashes, control
 * characters, duplicates); symbolic links; encrypted files; unknown compression; a total uncompressed
 * size over MAX_IMPORT_BYTES; a journal JSON over MAX_JOURNAL_JSON_BYTES or any other file over the
 * media limit; a large file compressed more than MAX_COMPRESSION_RATIO times (a zip bomb).
 */
export async function openCheckedArchive(file: string, isJsonName: JsonNamePredicate): Promise<CheckedArchive> {
  const zip = await openZip(file);
  const files = new Map<string, ArchiveFile>();
  const seen = new Set<string>();
  let count = 0;
  let total = 0;
  try {
    if (zip.entryCount > MAX_ARCHIVE_FILES) throw refuse(`it lists ${zip.entryCount} files; at most ${MAX_ARCHIVE_FILES} are accepted.`);
    await listEntries(zip, (e) => {
      count++;
      if (count > MAX_ARCHIVE_FILES) throw refuse(`it lists more than ${MAX_ARCHIVE_FILES} files.`);
      const name = e.fileName;
      const unsafe = unsafeNameReason(name);
      if (unsafe) throw refuse(`it contains ${unsafe}.`);
      const key = name.normalize("NFC").toLowerCase();
      if (seen.has(key)) throw refuse(`it contains the file "${name}" twice.`);
      seen.add(key);
      if ((e.generalPurposeBitFlag & 0x1) !== 0 || e.isEncrypted()) throw refuse(`"${name}" is encrypted.`);
      const mode = (e.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) throw refuse(`"${name}" is a symbolic link.`);
      if (name.endsWith("/")) return;
      if (mode !== 0 && mode !== 0o100000) throw refuse(`"${name}" is not a regular file.`);
      if (e.compressionMethod !== 0 && e.compressionMethod !== 8) throw refuse(`"${name}" uses an unsupported compression method.`);
      total += e.uncompressedSize;
      if (total > MAX_IMPORT_BYTES) throw tooLarge(`This archive was refused: its files add up to more than ${MAX_IMPORT_LABEL} once unpacked.`);
      const json = isJsonName(name);
      const cap = json ? MAX_JOURNAL_JSON_BYTES : MAX_MEDIA_BYTES;
      if (e.uncompressedSize > cap) {
        throw tooLarge(
          json
            ? `This archive was refused: "${name}" is larger than ${MAX_JOURNAL_JSON_BYTES / 1024 / 1024} MB.`
            : `This archive was refused: "${name}" is larger than the ${MAX_MEDIA_LABEL} media limit.`,
        );
      }
      if (e.uncompressedSize > COMPRESSION_RATIO_MIN_BYTES && e.uncompressedSize > e.compressedSize * MAX_COMPRESSION_RATIO) {
        throw refuse(`"${name}" expands more than ${MAX_COMPRESSION_RATIO} times (a zip bomb?).`);
      }
      files.set(name, { name, size: e.uncompressedSize, entry: e });
    });
  } catch (err) {
    zip.close();
    throw err;
  }

  const capOf = (f: ArchiveFile) => (isJsonName(f.name) ? MAX_JOURNAL_JSON_BYTES : MAX_MEDIA_BYTES);
  const get = (name: string) => {
    const f = files.get(name);
    if (!f) throw badRequest(`The archive has no file "${name}".`);
    return f;
  };
  const overCap = (f: ArchiveFile) => () => refuse(`"${f.name}" holds more data than its listing says.`);

  return {
    files,
    async extractToTemp(name) {
      const f = get(name);
      const stream = await openEntryStream(zip, f.entry);
      const tempPath = newTempPath();
      const limit = byteLimit(Math.min(f.size, capOf(f)), overCap(f));
      try {
        await pipeline(stream, limit, sealingStream(), createWriteStream(tempPath, { flags: "wx", mode: 0o600 }));
      } catch (err) {
        await rm(tempPath, { force: true }).catch(() => {});
        throw passOn(err);
      }
      return { tempPath, size: limit.bytes };
    },
    async readBuffer(name) {
      const f = get(name);
      const stream = await openEntryStream(zip, f.entry);
      const limit = byteLimit(Math.min(f.size, capOf(f)), overCap(f));
      const chunks: Buffer[] = [];
      stream.on("error", (err) => limit.destroy(err));
      try {
        for await (const chunk of stream.pipe(limit) as AsyncIterable<Buffer>) chunks.push(chunk);
      } catch (err) {
        stream.destroy();
        throw passOn(err);
      }
      return Buffer.concat(chunks);
    },
    close() {
      zip.close();
    },
  };
}

/** Does the file start like a zip archive? */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05) && (head[3] === 0x04 || head[3] === 0x06);
}
