import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as restore from "@/app/api/backups/[id]/restore/route";
import * as backups from "@/app/api/backups/route";
import * as entryOne from "@/app/api/entries/[id]/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as entries from "@/app/api/entries/route";
import * as clearRoute from "@/app/api/data/clear/route";
import * as trashOne from "@/app/api/trash/[id]/route";
import * as serve from "@/app/api/media/[id]/route";
import { onCommittedWrite } from "@/server/db/client";
import { call, expectError } from "../support/http";
import { testDataDir } from "../support/api-setup";

const backupDir = path.join(testDataDir, "backups");
const uploads = path.join(testDataDir, "uploads");
const BOUNDARY = "----reverie-backup-test";

async function create(title: string) {
  const r = await call(entries.POST, {
    method: "POST",
    path: "/api/entries",
    body: { title, content: `Words of ${title}.` },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
async function titles(): Promise<string[]> {
  const r = await call(entries.GET, { path: "/api/entries" });
  expect(r.status).toBe(200);
  return (r.body as { title: string }[]).map((e) => e.title).sort();
}
async function attach(entryId: string, data: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const r = await call(upload.POST, {
    method: "POST",
    path: `/api/entries/${entryId}/media`,
    rawBody: new Uint8Array(body),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    params: { id: entryId },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
const snapshot = async () => {
  const r = await call(backups.POST, { method: "POST", path: "/api/backups" });
  expect(r.status).toBe(201);
  return r.body;
};
const restoreId = (id: string) =>
  call(restore.POST, { method: "POST", path: `/api/backups/${id}/restore`, params: { id } });

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
});
afterAll(() => {});

describe("snapshots", () => {
  it("lists nothing before the first snapshot", async () => {
    const r = await call(backups.GET, { path: "/api/backups" });
    expect(r.status).toBe(200);
    expect(r.body.snapshots).toEqual([]);
    expect(r.body.backup_dir).toBe(backupDir);
    expect(r.body.restored_at_start).toBeNull();
  });

  it("every committed write is seen in one place, reads are not", async () => {
    const seen: number[] = [];
    const off = onCommittedWrite(() => seen.push(1));
    try {
      await titles();
      expect(seen).toHaveLength(0);
      const id = await create("Seen");
      expect(seen.length).toBeGreaterThan(0);
      const n = seen.length;
      expect(
        (await call(entryOne.DELETE, { method: "DELETE", path: `/api/entries/${id}`, params: { id } })).status,
      ).toBe(200);
      expect(seen.length).toBeGreaterThan(n);
    } finally {
      off();
    }
  });

  it("takes a verified snapshot with its media, recorded in the manifest", async () => {
    const a = await create("Alpha");
    await create("Beta");
    const mediaId = await attach(a, png);
    const rec = await snapshot();
    expect(rec).toMatchObject({
      entries: 2,
      media_files: 1,
      reason: "by hand",
      verified: { integrity: "ok", counts: "matched live journal" },
    });
    expect(rec.bytes).toBeGreaterThan(0);
    expect(existsSync(path.join(backupDir, `${rec.id}.db`))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
    expect(manifest.snapshots.map((s: { id: string }) => s.id)).toEqual([rec.id]);
    // The image and its thumbnail, each stored once under its SHA-256.
    const blobs = readdirSync(path.join(backupDir, "media"));
    expect(blobs.length).toBe(readdirSync(uploads).filter((n) => !n.startsWith(".")).length);
    expect(blobs.every((b) => /^[0-9a-f]{64}$/u.test(b))).toBe(true);
    // A second snapshot copies no media again.
    const again = await snapshot();
    expect(again.media_new).toBe(0);
    expect(rec.media_new).toBe(blobs.length);
    const list = await call(backups.GET, { path: "/api/backups" });
    expect(list.body.snapshots.map((s: { id: string }) => s.id)).toEqual([again.id, rec.id]);
    expect(mediaId).toBeTruthy();
  });

  it("restores a snapshot while the app runs, and the restore can be undone", async () => {
    const before = await snapshot();
    expect(await titles()).toEqual(["Alpha", "Beta"]);
    const gamma = await create("Gamma");
    const gammaMedia = await attach(gamma, png);
    const beta = (await call(entries.GET, { path: "/api/entries" })).body.find(
      (e: { title: string }) => e.title === "Beta",
    ).id;
    await call(entryOne.DELETE, { method: "DELETE", path: `/api/entries/${beta}`, params: { id: beta } });
    expect(await titles()).toEqual(["Alpha", "Gamma"]);

    // A write sent while the restore runs is never lost: it lands either before the journal is
    // snapshotted (then it is in the undo snapshot) or after the swap (then in the restored journal).
    const [r, late] = await Promise.all([
      restoreId(before.id),
      (async () => (await new Promise((res) => setTimeout(res, 1)), create("Late")))(),
    ]);
    expect(r.status).toBe(200);
    expect(r.body.restored.id).toBe(before.id);
    expect(r.body.undo.reason).toBe(`before restoring ${before.id}`);
    expect(late).toBeTruthy();
    const after = await titles();
    const lateInUndo = r.body.undo.entries === 3;
    expect(after).toEqual(lateInUndo ? ["Alpha", "Beta"] : ["Alpha", "Beta", "Late"]);
    // Gamma's image is gone with it.
    expect(
      (
        await serve.GET(new Request(`http://localhost/api/media/${gammaMedia}`), {
          params: Promise.resolve({ id: gammaMedia }),
        })
      ).status,
    ).toBe(404);

    const undo = await restoreId(r.body.undo.id);
    expect(undo.status).toBe(200);
    expect(await titles()).toEqual(lateInUndo ? ["Alpha", "Gamma", "Late"] : ["Alpha", "Gamma"]);
    if (lateInUndo)
      await call(entryOne.DELETE, { method: "DELETE", path: `/api/entries/${late}`, params: { id: late } });
    const img = await serve.GET(new Request(`http://localhost/api/media/${gammaMedia}`), {
      params: Promise.resolve({ id: gammaMedia }),
    });
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
  });

  it("refuses a malformed id with 400 and an unknown one with 404, in the one error shape", async () => {
    expectError(await restoreId("../../etc/passwd"), 400, "VALIDATION_FAILED");
    expectError(await restoreId("nope"), 400);
    const e = expectError(await restoreId("20200101T000000000Z"), 404, "NOT_FOUND");
    expect(e.message).toContain("20200101T000000000Z");
    expect(await titles()).toEqual(["Alpha", "Gamma"]);
  });

  it("refuses a damaged snapshot with 409 and leaves the journal as it was", async () => {
    const rec = await snapshot();
    truncateSync(path.join(backupDir, `${rec.id}.db`), 4096);
    await create("After the damage");
    const e = expectError(await restoreId(rec.id), 409, "CONFLICT");
    expect(e.message).toContain("damaged");
    expect(await titles()).toEqual(["After the damage", "Alpha", "Gamma"]);
    expect(existsSync(path.join(testDataDir, "journal.db.restore-tmp"))).toBe(false);
  });

  it("never restores a file its record names outside the backup folder (the file is <id>.db)", async () => {
    const rec = await snapshot();
    await create("Only in the foreign file");
    const other = await snapshot();
    const foreign = path.join(testDataDir, "foreign.db");
    copyFileSync(path.join(backupDir, `${other.id}.db`), foreign);
    // A record edited by someone with write access to the backup folder: the file, and sizes to match it.
    const forged = {
      ...rec,
      file: "../foreign.db",
      bytes: statSync(foreign).size,
      entries: other.entries,
      media_files: other.media_files,
    };
    const sidecar = path.join(backupDir, `${rec.id}.json`);
    writeFileSync(sidecar, JSON.stringify({ ...JSON.parse(readFileSync(sidecar, "utf8")), ...forged }));
    const manifestFile = path.join(backupDir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { snapshots: { id: string }[] };
    writeFileSync(
      manifestFile,
      JSON.stringify({ snapshots: manifest.snapshots.map((x) => (x.id === rec.id ? forged : x)) }),
    );
    const before = await titles();
    const e = expectError(await restoreId(rec.id), 409, "CONFLICT");
    expect(e.message).toContain("damaged");
    expect(await titles()).toEqual(before);
    rmSync(foreign);
  });

  it("lists a snapshot the manifest missed, and every snapshot when the manifest is lost", async () => {
    const before = (await call(backups.GET, { path: "/api/backups" })).body.snapshots.map((x: { id: string }) => x.id);
    const manifestFile = path.join(backupDir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    writeFileSync(manifestFile, JSON.stringify({ snapshots: manifest.snapshots.slice(1) }));
    expect((await call(backups.GET, { path: "/api/backups" })).body.snapshots.map((x: { id: string }) => x.id)).toEqual(
      before,
    );
    rmSync(manifestFile);
    expect((await call(backups.GET, { path: "/api/backups" })).body.snapshots.map((x: { id: string }) => x.id)).toEqual(
      before,
    );
  });

  /** Every file under the backup folder, and whether any holds these bytes. */
  const backupFiles = (dir = backupDir): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
          d.isDirectory() ? backupFiles(path.join(dir, d.name)) : [path.join(dir, d.name)],
        )
      : [];
  const foundIn = (needle: Buffer) => backupFiles().filter((f) => readFileSync(f).includes(needle));

  it("Delete for good removes the entry and its photo from every snapshot, which still restore", async () => {
    const marker = "Marker-for-good-7f3a harbour words";
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 222, g: 7, b: 99 } } })
      .png()
      .toBuffer();
    const keep = await create("Kept through it all");
    const id = (
      await call(entries.POST, { method: "POST", path: "/api/entries", body: { title: "Gone", content: marker } })
    ).body.id as string;
    await attach(id, photo);
    const first = await snapshot();
    expect((await call(entryOne.DELETE, { method: "DELETE", path: `/api/entries/${id}`, params: { id } })).status).toBe(
      200,
    );
    const second = await snapshot(); // holds it in Recently deleted
    expect(foundIn(Buffer.from(marker)).length).toBeGreaterThan(0);
    expect(foundIn(photo).length).toBeGreaterThan(0);

    expect((await call(trashOne.DELETE, { method: "DELETE", path: `/api/trash/${id}`, params: { id } })).status).toBe(
      200,
    );
    expect(foundIn(Buffer.from(marker))).toEqual([]);
    expect(foundIn(photo)).toEqual([]);
    // Each snapshot still restores (sizes and counts were brought up to date), without the entry.
    for (const rec of [first, second]) {
      expect((await restoreId(rec.id)).status).toBe(200);
      expect(await titles()).toContain("Kept through it all");
      expect(await titles()).not.toContain("Gone");
    }
    expect(keep).toBeTruthy();
  });

  it("Clear All Data removes every snapshot and its media", async () => {
    const marker = "Marker-clear-all-91bc";
    const id = (
      await call(entries.POST, { method: "POST", path: "/api/entries", body: { title: "Cleared", content: marker } })
    ).body.id as string;
    await attach(id, png);
    await snapshot();
    expect(foundIn(Buffer.from(marker)).length).toBeGreaterThan(0);
    expect(
      (await call(clearRoute.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } })).status,
    ).toBe(200);
    expect(foundIn(Buffer.from(marker))).toEqual([]);
    expect(foundIn(png)).toEqual([]);
    expect(backupFiles().filter((f) => f.endsWith(".db") || f.includes(`${path.sep}media${path.sep}`))).toEqual([]);
    expect((await call(backups.GET, { path: "/api/backups" })).body.snapshots).toEqual([]);
  });
});
