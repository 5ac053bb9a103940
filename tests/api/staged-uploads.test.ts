import { existsSync, readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as uploads from "@/app/api/data/import/uploads/route";
import * as uploadPart from "@/app/api/data/import/uploads/[id]/route";
import { MAX_OPEN_STAGED_UPLOADS, STAGED_UPLOAD_TTL_MS, stagedPath, sweepStagedUploads } from "@/server/data/receive";
import { testDataDir } from "../support/api-setup";
import { call, expectError } from "../support/http";

const uploadsDir = path.join(testDataDir, "uploads");
const staged = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).filter((n) => n.endsWith(".import")) : []);
const start = () => call(uploads.POST, { method: "POST", path: "/api/data/import/uploads" });
const put = (id: string, offset: number, bytes: Buffer) =>
  call(uploadPart.PUT, {
    method: "PUT",
    path: `/api/data/import/uploads/${id}?offset=${offset}`,
    rawBody: new Uint8Array(bytes),
    headers: { "content-type": "application/octet-stream" },
    params: { id },
  });
const cancel = (id: string) =>
  call(uploadPart.DELETE, { method: "DELETE", path: `/api/data/import/uploads/${id}`, params: { id } });

describe("staged import uploads are bounded (finding 7)", () => {
  beforeEach(async () => {
    for (const n of staged()) await cancel(n.slice(".tmp-".length, -".import".length));
  });
  afterEach(() => {
    delete process.env.IMPORT_MIN_FREE_BYTES;
  });

  it("caps how many are open at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_STAGED_UPLOADS; i++) {
      const r = await start();
      expect(r.status).toBe(201);
      ids.push(r.body.upload_id);
    }
    const refused = expectError(await start(), 409, "CONFLICT");
    expect(refused.message).toMatch(/Finish or cancel one first/u);
    expect(staged()).toHaveLength(MAX_OPEN_STAGED_UPLOADS);
    // Cancelling one makes room again.
    await cancel(ids[0]!);
    expect((await start()).status).toBe(201);
  });

  it("removes uploads left untouched longer than the expiry, while running", async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_STAGED_UPLOADS; i++) ids.push((await start()).body.upload_id);
    expect((await put(ids[0]!, 0, Buffer.from("part one"))).status).toBe(200);
    // Two of them were last written to over an hour ago.
    const old = (Date.now() - STAGED_UPLOAD_TTL_MS - 60_000) / 1000;
    for (const id of ids.slice(1)) utimesSync(stagedPath(id), old, old);
    expect(await sweepStagedUploads()).toBe(1);
    expect(staged()).toHaveLength(1);
    expectError(await put(ids[1]!, 0, Buffer.from("late")), 404, "NOT_FOUND");
    // A new upload can start, since expired ones no longer count.
    expect((await start()).status).toBe(201);
  });

  it("refuses a part when the disk would be left too full", async () => {
    const id = (await start()).body.upload_id as string;
    process.env.IMPORT_MIN_FREE_BYTES = String(Number.MAX_SAFE_INTEGER);
    const r = expectError(await put(id, 0, Buffer.alloc(1024, 1)), 507, "INSUFFICIENT_STORAGE");
    expect(r.message).toMatch(/not enough free disk space/u);
    expectError(await start(), 507, "INSUFFICIENT_STORAGE");
    delete process.env.IMPORT_MIN_FREE_BYTES;
    expect((await put(id, 0, Buffer.alloc(1024, 1))).body.received).toBe(1024);
  });
});
