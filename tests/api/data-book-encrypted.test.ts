import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as enable from "@/app/api/encryption/enable/route";
import { stopBackups } from "@/server/backup/service";
import { readZip } from "../support/data-fixtures";
import { attach, createEntry, filesUnder, getMarkdownZip, getPdf, pdfText, photo } from "../support/book-fixtures";
import { testDataDir } from "../support/api-setup";
import { call } from "../support/http";

/**
 * An encrypted journal prints and exports to Markdown the same, and neither leaves a file behind: no new
 * file in the upload folder or the system's temp folder, and nothing on disk holds a word in the clear.
 */
const PASS = "a passphrase for the book test";
const MARKER = "quillmarigoldmarker";
const uploads = path.join(testDataDir, "uploads");
let jpeg: Buffer;
let mediaId = "";
// The system's temp folder, for this file only: other tests and programs on the machine write to the shared
// one, and any file there would be taken for one this export left behind.
const sharedTmp = process.env.TMPDIR;
const tmp = mkdtempSync(path.join(os.tmpdir(), "reverie-book-tmp-"));

beforeAll(async () => {
  process.env.TMPDIR = tmp;
  expect(os.tmpdir()).toBe(tmp);
  stopBackups();
  const on = await call(enable.POST, {
    method: "POST",
    path: "/api/encryption/enable",
    body: { passphrase: PASS, understood: true },
  });
  expect(on.status).toBe(200);
  jpeg = await photo(400, 300, { r: 230, g: 60, b: 30 });
  const id = await createEntry({
    title: "Sealed day",
    content: `The words ${MARKER} stay **sealed**.`,
    tags: ["private"],
    created_at: "2025-07-04T10:00:00.000Z",
  });
  mediaId = await attach(id, "red.jpg", jpeg, "image/jpeg");
}, 60_000);
afterAll(() => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
});

describe("exports of an encrypted journal", () => {
  it("prints the book and writes the Markdown zip, with no file left behind and nothing plaintext on disk", async () => {
    const before = filesUnder(uploads);
    const tmpBefore = filesUnder(tmp);

    const book = await getPdf("?from=2025-07-01&to=2025-07-31&tags=private&tz=UTC");
    expect(book.status).toBe(200);
    const text = pdfText(book.bytes).join("\n");
    expect(text).toContain(`The words ${MARKER} stay sealed.`);
    expect(text).toContain("Friday 4 July 2025");
    // The photo is in the book (an image XObject of its shrunk JPEG).
    expect(book.bytes.includes(Buffer.from("/Subtype /Image"))).toBe(true);

    const md = await getMarkdownZip("?tz=UTC");
    expect(md.status).toBe(200);
    const files = await readZip(md.bytes);
    expect(files.get("2025/07/2025-07-04-sealed-day.md")!.toString("utf8")).toContain(MARKER);
    expect(files.get(`2025/07/media/${mediaId}.jpg`)!.equals(jpeg)).toBe(true);

    expect(filesUnder(uploads)).toEqual(before);
    expect(filesUnder(tmp)).toEqual(tmpBefore);
    for (const f of filesUnder(testDataDir)) {
      const bytes = readFileSync(path.join(testDataDir, f));
      expect(bytes.includes(Buffer.from(MARKER)), f).toBe(false);
      expect(bytes.includes(jpeg.subarray(0, 64)), f).toBe(false);
    }
  }, 60_000);
});
