import { crc32, deflateRawSync } from "node:zlib";
import yauzl from "yauzl";

/** One file of a hand-made zip; every field a hostile archive could lie about can be set. */
export interface RawZipFile {
  name: string | Buffer;
  data?: Buffer | string;
  /** 0 stored, 8 deflate (default: stored). */
  method?: 0 | 8;
  /** Bytes written as the file's data (default: `data`, deflated when method is 8). */
  rawData?: Buffer;
  /** Unix mode in the high 16 bits of the external attributes (e.g. 0o120777 for a symlink). */
  unixMode?: number;
  flags?: number;
  /** Sizes claimed in the central directory, whatever the data. */
  claimUncompressed?: number;
  claimCompressed?: number;
}

/**
 * Writes a zip by hand (local headers, central directory, end record), so that tests can make
 * archives no zip library would: traversal names, symlinks, encrypted flags, lying sizes.
 */
export function rawZip(files: RawZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.isBuffer(f.name) ? f.name : Buffer.from(f.name, "utf8");
    const data =
      f.data === undefined ? Buffer.alloc(0) : Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data, "utf8");
    const method = f.method ?? 0;
    const body = f.rawData ?? (method === 8 ? deflateRawSync(data) : data);
    const crc = crc32(data);
    const flags = (f.flags ?? 0) | 0x800;
    const uSize = f.claimUncompressed ?? data.length;
    const cSize = f.claimCompressed ?? body.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(cSize, 20);
    central.writeUInt32LE(uSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((f.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Every file of a zip (read with yauzl), by name. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const BOUNDARY = "----reverie-data-test-41f";
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body with the import file in `file` and optional text fields. */
export function importBody(
  file: Buffer | string,
  filename = "export.zip",
  fields: Record<string, string> = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file, "utf8"),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(chunks);
}

/** A mono 16-bit PCM WAV of `totalBytes`, its samples a ramp (so bytes differ). */
export function wav(totalBytes = 44 + 4000): Buffer {
  const b = Buffer.alloc(totalBytes);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(totalBytes - 8, 4);
  b.write("WAVE", 8, "ascii");
  b.write("fmt ", 12, "ascii");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "ascii");
  b.writeUInt32LE(totalBytes - 44, 40);
  for (let i = 44; i < totalBytes; i++) b[i] = (i * 7) & 0xff;
  return b;
}

/** The smallest WebM header file-type recognises (EBML with DocType "webm"): a video unless told it is audio. */
export function webm(): Buffer {
  const doc = Buffer.from("webm");
  const inner = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | doc.length]), doc]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | inner.length]), inner, Buffer.alloc(256)]);
}
