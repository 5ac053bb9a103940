import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as encryptedExport from "@/app/api/data/export/encrypted/route";
import * as importRoute from "@/app/api/data/import/route";
import * as entryOne from "@/app/api/entries/[id]/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as entries from "@/app/api/entries/route";
import * as trashOne from "@/app/api/trash/[id]/route";
import { importBody, MULTIPART_TYPE } from "../support/data-fixtures";
import { call, expectError } from "../support/http";

/** The encrypted export (age, under a passphrase of its own) holds no readable word, and the import reads it back. */
const PASS = "export passphrase 42";
const MARKER = "saffronzeppelinmarker";
let png: Buffer;
let exported: Buffer;
let entryId = "";

beforeAll(async () => {
  png = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 9, g: 9, b: 9 } } })
    .png()
    .toBuffer();
  const r = await call(entries.POST, {
    method: "POST",
    path: "/api/entries",
    body: { title: "Exported", content: `Words: ${MARKER}.`, tags: ["travel"] },
  });
  entryId = r.body.id;
  const b = "----agetest";
  const body = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  expect(
    (
      await call(upload.POST, {
        method: "POST",
        path: `/api/entries/${entryId}/media`,
        rawBody: new Uint8Array(body),
        headers: { "content-type": `multipart/form-data; boundary=${b}` },
        params: { id: entryId },
      })
    ).status,
  ).toBe(201);
});

describe("the encrypted export", () => {
  it("refuses a missing or short passphrase", async () => {
    expectError(
      await call(encryptedExport.POST, { method: "POST", path: "/api/data/export/encrypted", body: {} }),
      400,
    );
    expectError(
      await call(encryptedExport.POST, {
        method: "POST",
        path: "/api/data/export/encrypted",
        body: { passphrase: "short" },
      }),
      400,
    );
  });

  it("is an age file with nothing of the journal readable in it", async () => {
    const r = await call(encryptedExport.POST, {
      method: "POST",
      path: "/api/data/export/encrypted",
      body: { passphrase: PASS },
    });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-disposition")).toMatch(/\.zip\.age"$/u);
    exported = Buffer.from(await r.res.arrayBuffer());
    expect(exported.subarray(0, 22).toString("latin1")).toBe("age-encryption.org/v1\n");
    expect(exported.includes(Buffer.from(MARKER))).toBe(false);
    expect(exported.includes(Buffer.from("journal.json"))).toBe(false);
  }, 120_000);

  it("is imported back with its passphrase, refused without it or with another one", async () => {
    expect(
      (await call(entryOne.DELETE, { method: "DELETE", path: `/api/entries/${entryId}`, params: { id: entryId } }))
        .status,
    ).toBeLessThan(300);
    // Deleted for good (out of Recently deleted too), so that the import brings it back.
    expect(
      (await call(trashOne.DELETE, { method: "DELETE", path: `/api/trash/${entryId}`, params: { id: entryId } }))
        .status,
    ).toBeLessThan(300);
    const send = (fields: Record<string, string>) =>
      call(importRoute.POST, {
        method: "POST",
        path: "/api/data/import",
        rawBody: new Uint8Array(importBody(exported, "export.zip.age", fields)),
        headers: { "content-type": MULTIPART_TYPE },
      });
    expectError(await send({}), 400);
    expectError(await send({ passphrase: "another passphrase" }), 401, "UNAUTHORIZED");
    const r = await send({ passphrase: PASS });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 1, media_imported: 1, failed: 0 });
    const list = await call(entries.GET, { path: `/api/entries?search=${MARKER.slice(0, 10)}` });
    expect((list.body as { id: string; media_files: unknown[] }[]).map((e) => [e.id, e.media_files.length])).toEqual([
      [entryId, 1],
    ]);
  }, 180_000);
});
