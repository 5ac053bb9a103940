import { existsSync, readdirSync, readlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as mediaItem from "@/app/api/entries/[id]/media/[mediaId]/route";
import * as serve from "@/app/api/media/[id]/route";
import * as trashOne from "@/app/api/trash/[id]/route";
import { MAX_MEDIA_BYTES } from "@/domain/constants";
import { mediaKindOf, mediaTooLargeMessage, unsupportedMediaMessage } from "@/domain/media";
import { prepareStorage } from "@/server/boot";
import { displayFilename, inlineDisposition } from "@/server/media/filename";
import { parseRange } from "@/server/media/serve";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";
import { wav as rampWav } from "../support/data-fixtures";

const uploads = path.join(testDataDir, "uploads");
const listUploads = () => (existsSync(uploads) ? readdirSync(uploads).sort() : []);
const STORED_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/u;
const THUMB_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.thumb\.webp$/u;

// ---------- fixtures, made here ----------

let png: Buffer;
let jpeg: Buffer;

/** A mono 16-bit PCM WAV whose whole file is `totalBytes` long (its samples a ramp, so every byte range is distinct). */
const wav = (totalBytes = 44 + 2000): Buffer => rampWav(totalBytes);

/** The smallest WebM header file-type recognises (EBML with DocType "webm"), as a recorder would start one. */
function webm(): Buffer {
  const doc = Buffer.from("webm");
  const inner = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | doc.length]), doc]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | inner.length]), inner, Buffer.alloc(256)]);
}

const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`;

// ---------- helpers ----------

type Part = { name: string; filename?: string; type?: string; data: Buffer | string };
const BOUNDARY = "----reverie-test-7d1b2c";

/** A multipart body written by hand, so that names and shapes are exactly what the test says. */
function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`;
    chunks.push(
      Buffer.from(head, "utf8"),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, "utf8"),
      Buffer.from("\r\n"),
    );
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

async function newEntry(title = "A day with pictures"): Promise<string> {
  const r = await call(entries.POST, {
    method: "POST",
    path: "/api/entries",
    body: { title, content: "Some words about the day." },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

function postFile(entryId: string, filename: string, data: Buffer | string, type = "application/octet-stream") {
  return postRaw(entryId, multipart([{ name: "file", filename, type, data }]));
}

function postRaw(entryId: string, body: Buffer, headers: Record<string, string> = { "content-type": MULTIPART_TYPE }) {
  return call(upload.POST, {
    method: "POST",
    path: `/api/entries/${entryId}/media`,
    rawBody: new Uint8Array(body),
    headers,
    params: { id: entryId },
  });
}

async function getMedia(id: string, opts: { thumb?: boolean; range?: string; method?: string } = {}) {
  const req = new Request(`http://localhost/api/media/${id}${opts.thumb ? "?thumb=1" : ""}`, {
    method: opts.method ?? "GET",
    headers: opts.range ? { range: opts.range } : {},
  });
  const res = await serve.GET(req, { params: Promise.resolve({ id }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** How many of this process's open file descriptors point into the upload folder (Linux: /proc/self/fd). */
function openUploadFiles(): number {
  let n = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(uploads + path.sep)) n++;
    } catch {
      /* closed meanwhile */
    }
  }
  return n;
}

/** The upload folder's new names after an action. */
async function added<T>(fn: () => Promise<T>): Promise<{ result: T; names: string[] }> {
  const before = new Set(listUploads());
  const result = await fn();
  return { result, names: listUploads().filter((n) => !before.has(n)) };
}

beforeAll(async () => {
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
});

// ---------- tests ----------

describe("media upload", () => {
  it("stores a PNG with a thumbnail and answers 201 with the media DTO", async () => {
    const entryId = await newEntry();
    const { result: r, names } = await added(() => postFile(entryId, "Beach day.png", png, "image/png"));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      entry_id: entryId,
      file_type: "image",
      filename: "Beach day.png",
      mime_type: "image/png",
      size: png.length,
      url: `/api/media/${r.body.id}`,
      thumbnail_url: `/api/media/${r.body.id}?thumb=1`,
    });
    expect(Date.parse(r.body.created_at)).not.toBeNaN();
    expect(names).toHaveLength(2);
    expect(names.filter((n) => STORED_RE.test(n) && n.endsWith(".png"))).toHaveLength(1);
    expect(names.filter((n) => THUMB_RE.test(n))).toHaveLength(1);

    const full = await getMedia(r.body.id);
    expect(full.res.status).toBe(200);
    expect(full.res.headers.get("content-type")).toBe("image/png");
    expect(full.bytes.equals(png)).toBe(true);

    const thumb = await getMedia(r.body.id, { thumb: true });
    expect(thumb.res.status).toBe(200);
    expect(thumb.res.headers.get("content-type")).toBe("image/webp");
    expect(thumb.res.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(thumb.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(240);
  });

  it("stores a JPEG as an image, whatever type the client claimed", async () => {
    const entryId = await newEntry();
    const r = await postFile(entryId, "portrait.jpg", jpeg, "application/octet-stream");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      file_type: "image",
      mime_type: "image/jpeg",
      size: jpeg.length,
      filename: "portrait.jpg",
    });
    expect(r.body.thumbnail_url).toBe(`/api/media/${r.body.id}?thumb=1`);
  });

  it("stores a WAV recording as audio, without a thumbnail", async () => {
    const entryId = await newEntry();
    const audio = wav();
    const { result: r, names } = await added(() => postFile(entryId, "recording.wav", audio, "audio/wav"));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      file_type: "audio",
      mime_type: "audio/wav",
      size: audio.length,
      filename: "recording.wav",
      thumbnail_url: null,
    });
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/\.wav$/u);
    expectError(
      await call(serve.GET, { path: `/api/media/${r.body.id}?thumb=1`, params: { id: r.body.id } }),
      404,
      "NOT_FOUND",
    );
  });

  it("takes a recorder's WebM as audio when the client says audio, as video otherwise", async () => {
    const entryId = await newEntry();
    const a = await postFile(entryId, "voice.webm", webm(), "audio/webm");
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ file_type: "audio", mime_type: "audio/webm" });
    const v = await postFile(entryId, "clip.webm", webm(), "video/webm");
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ file_type: "video", mime_type: "video/webm", thumbnail_url: null });
  });

  it("accepts a file of exactly 10 MB", async () => {
    const entryId = await newEntry();
    const r = await postFile(entryId, "long.wav", wav(MAX_MEDIA_BYTES), "audio/wav");
    expect(r.status).toBe(201);
    expect(r.body.size).toBe(MAX_MEDIA_BYTES);
  });

  it("refuses one byte over 10 MB with the spec's message and leaves nothing behind", async () => {
    const entryId = await newEntry();
    const { result: r, names } = await added(() =>
      postFile(entryId, "long.wav", wav(MAX_MEDIA_BYTES + 1), "audio/wav"),
    );
    const err = expectError(r, 413, "PAYLOAD_TOO_LARGE");
    expect(err.message).toBe('File "long.wav" is too large. Maximum size is 10MB.');
    expect(names).toEqual([]);
  });

  it("refuses an 11 MB file with the spec's message and no temp file left", async () => {
    const entryId = await newEntry();
    const big = Buffer.alloc(11 * 1024 * 1024, 0x41);
    png.copy(big, 0, 0, 64);
    const { result: r, names } = await added(() => postFile(entryId, "huge.png", big, "image/png"));
    expect(expectError(r, 413, "PAYLOAD_TOO_LARGE").message).toBe(
      'File "huge.png" is too large. Maximum size is 10MB.',
    );
    expect(names).toEqual([]);
    expect(listUploads().filter((n) => n.startsWith(".tmp-"))).toEqual([]);
    const entry = await call(one.GET, { params: { id: entryId } });
    expect(entry.body.media_files).toEqual([]);
  });

  /** Posts a head followed by up to 1 GB of filler, pulled only as the server reads; reports how much was pulled. */
  async function postEndless(entryId: string, head: Buffer) {
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    const endless = 1024 * 1024 * 1024; // a 1 GB body, if anyone read it all
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) {
          controller.enqueue(new Uint8Array(head));
          pulled += head.length;
        } else if (pulled < endless) {
          controller.enqueue(new Uint8Array(chunk));
          pulled += chunk.length;
        } else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const before = listUploads();
    const req = new Request(`http://localhost/api/entries/${entryId}/media`, {
      method: "POST",
      headers: { "content-type": MULTIPART_TYPE },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await upload.POST(req, { params: Promise.resolve({ id: entryId }) });
    return { res, pulled, cancelled, before };
  }

  it("stops reading an oversized file while it streams, long before the body ends", async () => {
    const entryId = await newEntry();
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="endless.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const { res, pulled, cancelled, before } = await postEndless(entryId, head);
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe('File "endless.mp4" is too large. Maximum size is 10MB.');
    expect(pulled).toBeLessThan(MAX_MEDIA_BYTES + 4 * 1024 * 1024);
    expect(cancelled).toBe(true);
    expect(listUploads()).toEqual(before);
  });

  it("stops reading an endless non-file part too", async () => {
    const entryId = await newEntry();
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`);
    const { res, pulled, cancelled } = await postEndless(entryId, head);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "The upload is too large. Maximum size is 10MB.",
    });
    expect(pulled).toBeLessThan(MAX_MEDIA_BYTES + 4 * 1024 * 1024);
    expect(cancelled).toBe(true);
  });

  it("refuses at once when Content-Length announces far more than 10 MB", async () => {
    const entryId = await newEntry();
    const body = multipart([{ name: "file", filename: "movie.mp4", type: "video/mp4", data: Buffer.alloc(1024) }]);
    const { result: r, names } = await added(() =>
      postRaw(entryId, body, { "content-type": MULTIPART_TYPE, "content-length": String(50 * 1024 * 1024) }),
    );
    expect(expectError(r, 413, "PAYLOAD_TOO_LARGE").message).toBe(
      'File "movie.mp4" is too large. Maximum size is 10MB.',
    );
    expect(names).toEqual([]);
  });

  it("refuses text dressed up as a PNG (the bytes decide, not the name or the claimed type)", async () => {
    const entryId = await newEntry();
    const { result: r, names } = await added(() =>
      postFile(entryId, "photo.png", "Dear diary, this is not a picture at all.\n".repeat(20), "image/png"),
    );
    expect(expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE").message).toBe(
      'File "photo.png" is not a supported media type.',
    );
    expect(names).toEqual([]);
  });

  it("refuses HTML named as a JPEG", async () => {
    const entryId = await newEntry();
    const r = await postFile(entryId, "cat.jpg", "<html><body><script>alert(1)</script></body></html>", "image/jpeg");
    expect(expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE").message).toBe('File "cat.jpg" is not a supported media type.');
  });

  it("refuses SVG, which can carry script", async () => {
    const entryId = await newEntry();
    const { result: r, names } = await added(() => postFile(entryId, "drawing.svg", SVG, "image/svg+xml"));
    expect(expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE").message).toBe(
      'File "drawing.svg" is not a supported media type.',
    );
    expect(names).toEqual([]);
  });

  it("refuses a real file that is not media (a PDF)", async () => {
    const entryId = await newEntry();
    const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
    const r = await postFile(entryId, "notes.pdf", pdf, "application/pdf");
    expect(expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE").message).toBe(
      'File "notes.pdf" is not a supported media type.',
    );
  });

  it("stores a path-traversal name under a generated name inside the upload folder", async () => {
    const entryId = await newEntry();
    const { result: r, names } = await added(() => postFile(entryId, "../../etc/passwd.png", png, "image/png"));
    expect(r.status).toBe(201);
    expect(r.body.filename).toBe("passwd.png");
    expect(names.length).toBe(2);
    for (const n of names) expect(STORED_RE.test(n) || THUMB_RE.test(n)).toBe(true);
    expect(existsSync(path.resolve(uploads, "../../etc/passwd.png"))).toBe(false);
    expect(existsSync(path.resolve(uploads, "../etc/passwd.png"))).toBe(false);
    const w = await postFile(entryId, "..\\..\\windows\\win.ini.wav", wav(), "audio/wav");
    expect(w.status).toBe(201);
    expect(w.body.filename).toBe("win.ini.wav");
  });

  it("keeps a UTF-8 file name for display and sends it safely in Content-Disposition", async () => {
    const entryId = await newEntry();
    const r = await postFile(entryId, "Crème  brûlée \u202Egnp.exe (best).png", png, "image/png");
    expect(r.status).toBe(201);
    expect(r.body.filename).toBe("Crème brûlée gnp.exe (best).png");
    const { res } = await getMedia(r.body.id, { method: "HEAD" });
    const disp = res.headers.get("content-disposition") ?? "";
    expect(disp).toBe(
      `inline; filename="Cr_me br_l_e gnp.exe (best).png"; filename*=UTF-8''Cr%C3%A8me%20br%C3%BBl%C3%A9e%20gnp.exe%20%28best%29.png`,
    );
  });

  it("answers 404 'Entry not found' for an unknown entry, and writes nothing", async () => {
    const { result: r, names } = await added(() => postFile("no-such-entry", "a.png", png, "image/png"));
    expect(expectError(r, 404, "NOT_FOUND").message).toBe("Entry not found");
    expect(names).toEqual([]);
  });

  it("refuses a body that is not multipart", async () => {
    const entryId = await newEntry();
    const json = await call(upload.POST, { method: "POST", params: { id: entryId }, body: { file: "x" } });
    expect(expectError(json, 400, "BAD_REQUEST").message).toMatch(/multipart\/form-data/u);
    const raw = await postRaw(entryId, png, { "content-type": "image/png" });
    expectError(raw, 400, "BAD_REQUEST");
    const noBoundary = await postRaw(entryId, png, { "content-type": "multipart/form-data; charset=utf-8" });
    expectError(noBoundary, 400, "BAD_REQUEST");
  });

  it("refuses a form without a file field, with the file under another name, or with two files", async () => {
    const entryId = await newEntry();
    const { result, names } = await added(async () => [
      await postRaw(entryId, multipart([{ name: "title", data: "just text" }])),
      await postRaw(entryId, multipart([{ name: "upload", filename: "a.png", type: "image/png", data: png }])),
      await postRaw(
        entryId,
        multipart([
          { name: "file", filename: "a.png", type: "image/png", data: png },
          { name: "file", filename: "b.png", type: "image/png", data: png },
        ]),
      ),
      await postRaw(
        entryId,
        multipart([{ name: "file", filename: "empty.png", type: "image/png", data: Buffer.alloc(0) }]),
      ),
    ]);
    const [none, other, two, empty] = result;
    expect(expectError(none!, 400, "BAD_REQUEST").message).toBe(
      'No file was sent. Send it in the multipart field "file".',
    );
    expect(expectError(other!, 400, "BAD_REQUEST").message).toBe(
      'The file must be sent in the multipart field "file".',
    );
    expect(expectError(two!, 400, "BAD_REQUEST").message).toBe("Only one file can be uploaded at a time.");
    expect(expectError(empty!, 400, "BAD_REQUEST").message).toBe('File "empty.png" is empty.');
    expect(names).toEqual([]);
    expect((await call(one.GET, { params: { id: entryId } })).body.media_files).toEqual([]);
  });

  it("refuses a multipart body cut off in the middle, leaving no temp file", async () => {
    const entryId = await newEntry();
    const cut = multipart([{ name: "file", filename: "a.png", type: "image/png", data: png }], {
      close: false,
    }).subarray(0, 2000);
    const { result: r, names } = await added(() => postRaw(entryId, cut));
    expect(expectError(r, 400, "BAD_REQUEST").message).toMatch(/incomplete or malformed/u);
    expect(names).toEqual([]);
  });
});

describe("media serving", () => {
  const audio = wav(44 + 5000);
  let id = "";

  beforeAll(async () => {
    const entryId = await newEntry("Voice note");
    const r = await postFile(entryId, "recording.wav", audio, "audio/wav");
    expect(r.status).toBe(201);
    id = r.body.id;
  });

  it("serves the whole file with its type, nosniff, ranges offered, private caching and inline disposition", async () => {
    const { res, bytes } = await getMedia(id);
    expect(res.status).toBe(200);
    expect(bytes.equals(audio)).toBe(true);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="recording.wav"; filename*=UTF-8''recording.wav`,
    );
    expect(res.headers.get("content-range")).toBeNull();
  });

  it("with a passcode, photos, thumbnails and recordings are never stored by the browser; an open journal keeps them a year", async () => {
    const entryId = await newEntry("Locked pictures");
    const photo = await postFile(entryId, "locked.png", png, "image/png");
    expect(photo.status).toBe(201);
    const reads = () => [
      getMedia(photo.body.id),
      getMedia(photo.body.id, { thumb: true }),
      getMedia(id),
      getMedia(id, { range: "bytes=0-9" }),
      getMedia(id, { method: "HEAD" }),
    ];
    const cacheControl = async () =>
      (await Promise.all(reads())).map(({ res }) => `${res.status} ${res.headers.get("cache-control")}`);
    process.env.APP_PASSWORD = "a passcode";
    try {
      expect(await cacheControl()).toEqual([
        "200 private, no-store",
        "200 private, no-store",
        "200 private, no-store",
        "206 private, no-store",
        "200 private, no-store",
      ]);
    } finally {
      delete process.env.APP_PASSWORD;
    }
    expect(await cacheControl()).toEqual(
      ["200", "200", "200", "206", "200"].map((st) => `${st} private, max-age=31536000, immutable`),
    );
  });

  it("answers a closed range with 206 and exactly those bytes", async () => {
    const { res, bytes } = await getMedia(id, { range: "bytes=100-1099" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 100-1099/${audio.length}`);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(bytes.length).toBe(1000);
    expect(bytes.equals(audio.subarray(100, 1100))).toBe(true);
  });

  it("answers a range larger than one read chunk exactly", async () => {
    const entryId = await newEntry();
    const big = wav(300_000);
    const r = await postFile(entryId, "big.wav", big, "audio/wav");
    const { res, bytes } = await getMedia(r.body.id, { range: "bytes=1-200000" });
    expect(res.status).toBe(206);
    expect(bytes.equals(big.subarray(1, 200_001))).toBe(true);
  });

  it("never leaves a media file open: small answers are read whole, and a streamed one closes when the request is aborted", async () => {
    const base = openUploadFiles();
    // Thumbnail-sized answers whose bodies are never read (a browser that went away) hold no file.
    const unread = await Promise.all(
      Array.from({ length: 20 }, () =>
        serve.GET(new Request(`http://localhost/api/media/${id}`), { params: Promise.resolve({ id }) }),
      ),
    );
    expect(unread.every((r) => r.status === 200)).toBe(true);
    expect(openUploadFiles()).toBe(base);

    const entryId = await newEntry();
    const big = wav(600_000);
    const r = await postFile(entryId, "long.wav", big, "audio/wav");
    const aborted = new AbortController();
    const res = await serve.GET(new Request(`http://localhost/api/media/${r.body.id}`, { signal: aborted.signal }), {
      params: Promise.resolve({ id: r.body.id }),
    });
    expect(res.status).toBe(200);
    expect(openUploadFiles()).toBe(base + 1);
    aborted.abort();
    await expect.poll(openUploadFiles).toBe(base);
    // A streamed answer read to the end closes its file too.
    const whole = await getMedia(r.body.id);
    expect(whole.bytes.equals(big)).toBe(true);
    expect(openUploadFiles()).toBe(base);
  });

  it("answers a suffix range with the last n bytes", async () => {
    const { res, bytes } = await getMedia(id, { range: "bytes=-16" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${audio.length - 16}-${audio.length - 1}/${audio.length}`);
    expect(bytes.equals(audio.subarray(audio.length - 16))).toBe(true);
  });

  it("answers an open range to the end of the file, and clamps an end past it", async () => {
    const open = await getMedia(id, { range: "bytes=5000-" });
    expect(open.res.status).toBe(206);
    expect(open.res.headers.get("content-range")).toBe(`bytes 5000-${audio.length - 1}/${audio.length}`);
    expect(open.bytes.equals(audio.subarray(5000))).toBe(true);
    const clamped = await getMedia(id, { range: `bytes=0-${audio.length + 1000}` });
    expect(clamped.res.status).toBe(206);
    expect(clamped.bytes.equals(audio)).toBe(true);
  });

  it("answers 416 with Content-Range bytes */size for a range past the end", async () => {
    const { res, bytes } = await getMedia(id, { range: `bytes=${audio.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${audio.length}`);
    const body = JSON.parse(bytes.toString("utf8"));
    expect(body.error.code).toBe("RANGE_NOT_SATISFIABLE");
    expect((await getMedia(id, { range: "bytes=-0" })).res.status).toBe(416);
  });

  it("ignores malformed or multiple ranges and sends the whole file", async () => {
    for (const range of ["bytes=50-10", "items=0-5", "bytes=0-1,5-9", "bytes=abc"]) {
      const { res, bytes } = await getMedia(id, { range });
      expect(res.status, range).toBe(200);
      expect(bytes.equals(audio), range).toBe(true);
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const req = new Request(`http://localhost/api/media/${id}`, { method: "HEAD", headers: { range: "bytes=0-9" } });
    const res = await serve.HEAD(req, { params: Promise.resolve({ id }) });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-9/${audio.length}`);
    expect(res.body).toBeNull();
  });

  it("answers 404 for an unknown media id", async () => {
    expectError(await call(serve.GET, { path: "/api/media/nope", params: { id: "nope" } }), 404, "NOT_FOUND");
  });
});

describe("media in entries and deletion", () => {
  it("lists the entry's media with url and thumbnail_url", async () => {
    const entryId = await newEntry();
    const a = await postFile(entryId, "one.png", png, "image/png");
    const b = await postFile(entryId, "two.wav", wav(), "audio/wav");
    const e = await call(one.GET, { params: { id: entryId } });
    expect(e.status).toBe(200);
    expect(e.body.media_files).toEqual([
      expect.objectContaining({
        id: a.body.id,
        file_type: "image",
        filename: "one.png",
        url: `/api/media/${a.body.id}`,
        thumbnail_url: `/api/media/${a.body.id}?thumb=1`,
      }),
      expect.objectContaining({
        id: b.body.id,
        file_type: "audio",
        filename: "two.wav",
        url: `/api/media/${b.body.id}`,
        thumbnail_url: null,
      }),
    ]);
    const list = await call(entries.GET, { path: "/api/entries?has_media=true" });
    expect(list.body.map((x: { id: string }) => x.id)).toContain(entryId);
  });

  it("DELETE media removes the record and both files", async () => {
    const entryId = await newEntry();
    const { result: r, names } = await added(() => postFile(entryId, "gone.jpg", jpeg, "image/jpeg"));
    expect(names).toHaveLength(2);
    const d = await call(mediaItem.DELETE, { method: "DELETE", params: { id: entryId, mediaId: r.body.id } });
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ success: true, id: r.body.id });
    for (const n of names) expect(existsSync(path.join(uploads, n))).toBe(false);
    expectError(await call(serve.GET, { params: { id: r.body.id } }), 404, "NOT_FOUND");
    expect((await call(one.GET, { params: { id: entryId } })).body.media_files).toEqual([]);
    expectError(
      await call(mediaItem.DELETE, { method: "DELETE", params: { id: entryId, mediaId: r.body.id } }),
      404,
      "NOT_FOUND",
    );
  });

  it("DELETE media of another entry is 404 and keeps the file", async () => {
    const owner = await newEntry();
    const other = await newEntry();
    const { result: r, names } = await added(() => postFile(owner, "mine.wav", wav(), "audio/wav"));
    const d = await call(mediaItem.DELETE, { method: "DELETE", params: { id: other, mediaId: r.body.id } });
    expect(expectError(d, 404, "NOT_FOUND").message).toBe("Media not found");
    expect(existsSync(path.join(uploads, names[0]!))).toBe(true);
    const unknownEntry = await call(mediaItem.DELETE, {
      method: "DELETE",
      params: { id: "no-such-entry", mediaId: r.body.id },
    });
    expect(expectError(unknownEntry, 404, "NOT_FOUND").message).toBe("Entry not found");
  });

  it("DELETE entry keeps its media files for Recently deleted; deleting it for good removes them", async () => {
    const entryId = await newEntry();
    const { names } = await added(async () => {
      await postFile(entryId, "a.png", png, "image/png");
      await postFile(entryId, "b.wav", wav(), "audio/wav");
    });
    expect(names).toHaveLength(3);
    const d = await call(one.DELETE, { method: "DELETE", params: { id: entryId } });
    expect(d.status).toBe(200);
    for (const n of names) expect(existsSync(path.join(uploads, n))).toBe(true);
    const p = await call(trashOne.DELETE, { method: "DELETE", params: { id: entryId } });
    expect(p.status).toBe(200);
    for (const n of names) expect(existsSync(path.join(uploads, n))).toBe(false);
  });
});

describe("start-up clean-up", () => {
  it("removes stale temp files and nothing else", async () => {
    const entryId = await newEntry();
    const kept = await postFile(entryId, "keep.wav", wav(), "audio/wav");
    expect(kept.status).toBe(201);
    const stale = ".tmp-0190a000-0000-7000-8000-000000000001";
    const fresh = ".tmp-0190a000-0000-7000-8000-000000000002";
    writeFileSync(path.join(uploads, stale), "half an upload");
    writeFileSync(path.join(uploads, fresh), "an upload in progress");
    const old = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(path.join(uploads, stale), old, old);
    const before = listUploads();
    prepareStorage();
    expect(listUploads()).toEqual(before.filter((n) => n !== stale));
    expect((await getMedia(kept.body.id)).res.status).toBe(200);
  });
});

describe("media rules", () => {
  it("parses byte ranges", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=50-5000", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-3", 100)).toBeNull();
    expect(parseRange("bytes=-", 100)).toBeNull();
    expect(parseRange("bytes=1-2,4-5", 100)).toBeNull();
  });

  it("classifies MIME types, refusing SVG and anything that is not image, video or audio", () => {
    expect(mediaKindOf("image/png")).toBe("image");
    expect(mediaKindOf("VIDEO/MP4")).toBe("video");
    expect(mediaKindOf("audio/ogg; codecs=opus")).toBe("audio");
    for (const t of [
      "image/svg+xml",
      "image/svg",
      "application/pdf",
      "text/html",
      "image/",
      "image",
      "",
      null,
      undefined,
    ]) {
      expect(mediaKindOf(t), String(t)).toBeNull();
    }
    expect(mediaTooLargeMessage("a.mov")).toBe('File "a.mov" is too large. Maximum size is 10MB.');
    expect(unsupportedMediaMessage("a.txt")).toBe('File "a.txt" is not a supported media type.');
  });

  it("cleans file names for display", () => {
    expect(displayFilename("../../etc/passwd")).toBe("passwd");
    expect(displayFilename("C:\\Users\\me\\photo.jpg")).toBe("photo.jpg");
    expect(displayFilename("a\u0000b\nc.png")).toBe("abc.png");
    expect(displayFilename("..")).toBe("file");
    expect(displayFilename("")).toBe("file");
    expect(displayFilename(undefined)).toBe("file");
    const long = displayFilename(`${"x".repeat(400)}.jpeg`);
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith(".jpeg")).toBe(true);
    expect(inlineDisposition('a"b.png')).toBe(`inline; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
  });
});
