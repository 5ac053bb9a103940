import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authStatus from "@/app/api/auth/status/route";
import * as restore from "@/app/api/backups/[id]/restore/route";
import * as backups from "@/app/api/backups/route";
import * as exportRoute from "@/app/api/data/export/route";
import * as importRoute from "@/app/api/data/import/route";
import * as stagedStart from "@/app/api/data/import/uploads/route";
import * as stagedPart from "@/app/api/data/import/uploads/[id]/route";
import * as disable from "@/app/api/encryption/disable/route";
import * as enable from "@/app/api/encryption/enable/route";
import * as passphraseRoute from "@/app/api/encryption/passphrase/route";
import * as status from "@/app/api/encryption/route";
import * as unlock from "@/app/api/encryption/unlock/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as entries from "@/app/api/entries/route";
import * as entryOne from "@/app/api/entries/[id]/route";
import * as trashOne from "@/app/api/trash/[id]/route";
import * as summarize from "@/app/api/ai/summarize-conversation/route";
import * as serve from "@/app/api/media/[id]/route";
import { entryFromSummary } from "@/domain/chat";
import { keyFor, setKey } from "@/server/keys/state";
import { openDatabase } from "@/server/db/keyed";
import { closeDb } from "@/server/db/client";
import { prepareStorage } from "@/server/boot";
import { stopBackups } from "@/server/backup/service";
import { testDataDir } from "../support/api-setup";
import { importBody, MULTIPART_TYPE, readZip, rawZip } from "../support/data-fixtures";
import { call, expectError } from "../support/http";

/**
 * The whole journey on an encrypted journal, then every file under the data, upload and backup
 * folders is scanned for the words written: none may be found. Sealing, a wrong passphrase (nothing
 * on disk changes), a change of passphrase and turning encryption off are checked on the same journal.
 */
const PASS = "correct horse battery staple";
const NEXT_PASS = "a completely different sentence";
const dbFile = path.join(testDataDir, "journal.db");
const BOUNDARY = "----reverie-encryption-test";

// Words that appear nowhere but in what the person wrote.
const M = {
  before: "zebracornflower",
  tag: "quokkatag",
  summary: "marmalade-summary-tangerine",
  place: "Xylophone Harbour",
  image: "PIXELMARKER-ocelot-7731",
  imported: "importedwaffleiron",
  staged: "stagedpelicanharp",
  stagedBefore: "halfsentwalrusflute",
  chat: "chatkumquatlantern",
  after: "afterlighthousegnome",
};

function allFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? allFiles(full) : d.isFile() ? [full] : [];
  });
}

/** Every file of the test's data folder (database, WAL, uploads, staged imports, snapshots). */
const files = () => allFiles(testDataDir);

function hits(words: string[]): string[] {
  const found: string[] = [];
  for (const f of files()) {
    const bytes = readFileSync(f);
    for (const w of words) {
      if (bytes.includes(Buffer.from(w, "utf8")) || bytes.includes(Buffer.from(w, "utf16le")))
        found.push(`${path.relative(testDataDir, f)}: ${w}`);
    }
  }
  return found;
}

const fingerprint = () =>
  Object.fromEntries(
    files()
      .sort()
      .map((f) => [
        path.relative(testDataDir, f),
        `${statSync(f).size}:${createHash("sha256").update(readFileSync(f)).digest("hex")}`,
      ]),
  );

async function create(body: Record<string, unknown>) {
  const r = await call(entries.POST, { method: "POST", path: "/api/entries", body });
  expect(r.status).toBe(201);
  return r.body as { id: string };
}

let png: Buffer;
async function attach(entryId: string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="marker.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const r = await call(upload.POST, {
    method: "POST",
    path: `/api/entries/${entryId}/media`,
    rawBody: new Uint8Array(body),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    params: { id: entryId },
  });
  expect(r.status).toBe(201);
  return r.body as { id: string };
}

function exportZip(id: string, title: string, content: string): Buffer {
  const at = "2025-12-01T10:00:00.000Z";
  const entry = {
    id,
    title,
    content,
    created_at: at,
    updated_at: at,
    mood: null,
    ai_mood_score: null,
    ai_summary: null,
    ai_themes: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    word_count: 3,
    tags: [],
    media_files: [],
  };
  const journal = {
    format: "reverie-journal",
    version: 1,
    app: { name: "Reverie", version: "0.1.0" },
    exported_at: "2026-01-01T00:00:00.000Z",
    config: {},
    entries: [entry],
  };
  return rawZip([{ name: "journal.json", data: Buffer.from(JSON.stringify(journal)) }]);
}

async function search(q: string): Promise<string[]> {
  const r = await call(entries.GET, { path: `/api/entries?search=${encodeURIComponent(q)}` });
  expect(r.status).toBe(200);
  return (r.body as { content: string }[]).map((e) => e.content);
}

let mediaId = "";

beforeAll(async () => {
  stopBackups();
  // A real PNG with a known run of bytes in it (a text chunk), as a camera would leave metadata.
  png = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: M.image } } })
    .toBuffer();
  expect(png.includes(Buffer.from(M.image))).toBe(true);
});

afterAll(async () => {
  setKey(dbFile, null);
  await closeDb();
});

describe("encryption at rest", () => {
  it("starts plain and refuses bad input to turn it on", async () => {
    const s = await call(status.GET, { path: "/api/encryption" });
    expect(s.body).toMatchObject({ state: "plain" });
    expect((await call(authStatus.GET, { path: "/api/auth/status" })).body).toMatchObject({ journal_encrypted: false });
    expectError(
      await call(enable.POST, {
        method: "POST",
        path: "/api/encryption/enable",
        body: { passphrase: "short", understood: true },
      }),
      400,
    );
    expectError(
      await call(enable.POST, { method: "POST", path: "/api/encryption/enable", body: { passphrase: PASS } }),
      400,
    );
    expectError(
      await call(enable.POST, {
        method: "POST",
        path: "/api/encryption/enable",
        body: { passphrase: PASS, understood: false },
      }),
      400,
    );
    expectError(
      await call(enable.POST, {
        method: "POST",
        path: "/api/encryption/enable",
        rawBody: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    expectError(
      await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase: PASS } }),
      409,
      "CONFLICT",
    );
    expectError(
      await call(disable.POST, { method: "POST", path: "/api/encryption/disable", body: { passphrase: PASS } }),
      409,
      "CONFLICT",
    );
    expectError(
      await call(passphraseRoute.POST, {
        method: "POST",
        path: "/api/encryption/passphrase",
        body: { current: PASS, next: NEXT_PASS },
      }),
      409,
    );
  });

  it("encrypts an existing journal with its media and snapshots, and keeps search and Range working", async () => {
    const e = await create({
      title: "Before",
      content: `Written while plain: ${M.before}.`,
      tags: [M.tag],
      ai_summary: M.summary,
      location_name: M.place,
      location_lat: 1.5,
      location_lng: 2.5,
    });
    mediaId = (await attach(e.id)).id;
    expect((await call(backups.POST, { method: "POST", path: "/api/backups" })).status).toBe(201);
    expect(hits([M.before]).length).toBeGreaterThan(0); // the scan can find plaintext
    // An import staged in parts, its first part received while the journal is plain.
    const stagedZip = exportZip(
      "0190f0f0-0000-7000-8000-0000000000b1",
      "Half sent",
      `Sent half before: ${M.stagedBefore}.`,
    );
    const stagedId = (await call(stagedStart.POST, { method: "POST", path: "/api/data/import/uploads" })).body
      .upload_id as string;
    const sendPart = (offset: number, bytes: Buffer) =>
      call(stagedPart.PUT, {
        method: "PUT",
        path: `/api/data/import/uploads/${stagedId}?offset=${offset}`,
        rawBody: new Uint8Array(bytes),
        headers: { "content-type": "application/octet-stream" },
        params: { id: stagedId },
      });
    const cut = stagedZip.length - 30;
    expect((await sendPart(0, stagedZip.subarray(0, cut))).status).toBe(200);
    expect(hits([M.stagedBefore]).length).toBeGreaterThan(0);

    const r = await call(enable.POST, {
      method: "POST",
      path: "/api/encryption/enable",
      body: { passphrase: PASS, understood: true },
    });
    expect(r.status).toBe(200);
    // The staged part was encrypted with everything else, and the rest appends to it and imports.
    expect(hits([M.stagedBefore])).toEqual([]);
    expect((await sendPart(cut, stagedZip.subarray(cut))).body.received).toBe(stagedZip.length);
    const stagedDone = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      body: { upload_id: stagedId },
    });
    expect(stagedDone.status, JSON.stringify(stagedDone.body)).toBe(200);
    expect(stagedDone.body.imported).toBe(1);
    expect(r.body).toMatchObject({ state: "unlocked", passphrase_is_lock: true });
    expect(r.res.headers.get("set-cookie")).toMatch(/^reverie_unlock=/u);
    expect(existsSync(`${dbFile}.key`)).toBe(true);
    // Browsers hear of it, and keep no reading copy of the journal from now on.
    expect((await call(authStatus.GET, { path: "/api/auth/status" })).body).toMatchObject({ journal_encrypted: true });

    expect(await search(M.before.slice(2, 10))).toEqual([expect.stringContaining(M.before)]);
    const whole = await call(serve.GET, { path: `/api/media/${mediaId}`, params: { id: mediaId } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.res.arrayBuffer()).equals(png)).toBe(true);
    // Encrypted, the journal has a lock: a locked browser keeps no copy of a photo to open.
    expect(whole.res.headers.get("cache-control")).toBe("private, no-store");
    const part = await call(serve.GET, {
      path: `/api/media/${mediaId}`,
      params: { id: mediaId },
      headers: { range: "bytes=10-99" },
    });
    expect(part.status).toBe(206);
    expect(part.res.headers.get("content-range")).toBe(`bytes 10-99/${png.length}`);
    expect(Buffer.from(await part.res.arrayBuffer()).equals(png.subarray(10, 100))).toBe(true);
    const thumb = await call(serve.GET, { path: `/api/media/${mediaId}?thumb=1`, params: { id: mediaId } });
    expect(thumb.status).toBe(200);
    expect(thumb.res.headers.get("cache-control")).toBe("private, no-store");
    expect(part.res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("writes everything after that encrypted: entries, media, imports (whole and staged), chat entries, snapshots", async () => {
    const e = await create({
      title: "After",
      content: `Written while encrypted: ${M.after}.`,
      tags: [M.tag],
      ai_summary: M.summary,
      location_name: M.place,
    });
    const m2 = await attach(e.id);
    const ranged = await call(serve.GET, {
      path: `/api/media/${m2.id}`,
      params: { id: m2.id },
      headers: { range: `bytes=-20` },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.res.arrayBuffer()).equals(png.subarray(png.length - 20))).toBe(true);

    const imp = await call(importRoute.POST, {
      method: "POST",
      path: "/api/data/import",
      rawBody: new Uint8Array(
        importBody(exportZip("0190f0f0-0000-7000-8000-000000000001", "Imported", `From an export: ${M.imported}.`)),
      ),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(imp.body).toMatchObject({ imported: 1 });
    expect(imp.status).toBe(200);
    expect(imp.body.imported).toBe(1);

    // A staged upload in two parts (as the browser sends a large export), then imported.
    const zipBytes = exportZip("0190f0f0-0000-7000-8000-000000000002", "Staged", `Sent in parts: ${M.staged}.`);
    const started = await call(stagedStart.POST, { method: "POST", path: "/api/data/import/uploads" });
    expect(started.status).toBe(201);
    const id = started.body.upload_id as string;
    const half = Math.floor(zipBytes.length / 2);
    for (const [offset, bytes] of [
      [0, zipBytes.subarray(0, half)],
      [half, zipBytes.subarray(half)],
    ] as const) {
      const p = await call(stagedPart.PUT, {
        method: "PUT",
        path: `/api/data/import/uploads/${id}?offset=${offset}`,
        rawBody: new Uint8Array(bytes),
        headers: { "content-type": "application/octet-stream" },
        params: { id },
      });
      expect(p.status).toBe(200);
      expect(p.body.received).toBe(offset + bytes.length);
    }
    // While staged, the upload on disk holds none of its words.
    expect(hits([M.staged])).toEqual([]);
    const done = await call(importRoute.POST, { method: "POST", path: "/api/data/import", body: { upload_id: id } });
    expect(done.status).toBe(200);
    expect(done.body.imported).toBe(1);

    const sum = await call(summarize.POST, {
      method: "POST",
      path: "/api/ai/summarize-conversation",
      body: {
        conversation: [
          { role: "user", content: `Today I talked about the ${M.chat} by the window.` },
          { role: "assistant", content: "That sounds calm." },
        ],
      },
    });
    expect(sum.status).toBe(200);
    const generated = entryFromSummary({ ...sum.body.summary, content: `${sum.body.summary.content} ${M.chat}` });
    await create(generated as unknown as Record<string, unknown>);
    expect((await search(M.chat.slice(0, 9))).length).toBe(1);

    expect((await call(backups.POST, { method: "POST", path: "/api/backups" })).status).toBe(201);
    // While the connection is open (the WAL holds the latest writes)...
    expect(existsSync(`${dbFile}-wal`)).toBe(true);
    expect(hits(Object.values(M))).toEqual([]);
    await closeDb(); // ...and once checkpointed and closed, as a stopped server leaves it
  });

  it("leaves no word of the journal readable in any file at rest", async () => {
    expect(files().some((f) => f.includes(`${path.sep}backups${path.sep}media${path.sep}`))).toBe(true);
    expect(hits(Object.values(M))).toEqual([]);
  });

  it("exports the plaintext zip the person asked for", async () => {
    const r = await call(exportRoute.GET, { path: "/api/data/export" });
    expect(r.status).toBe(200);
    const zip = await readZip(Buffer.from(await r.res.arrayBuffer()));
    expect(zip.get("journal.json")!.toString("utf8")).toContain(M.after);
    const images = [...zip.entries()].filter(([n]) => n.startsWith("media/")).map(([, b]) => b);
    expect(images.length).toBe(2);
    for (const b of images) expect(b.equals(png)).toBe(true);
  });

  it("when sealed answers 503 SEALED, refuses a wrong passphrase with 401 and changes no byte on disk", async () => {
    await closeDb();
    setKey(dbFile, null); // as after a restart
    expect((await call(status.GET, { path: "/api/encryption" })).body).toMatchObject({ state: "sealed" });
    expectError(await call(entries.GET, { path: "/api/entries" }), 503, "SEALED");
    expectError(await call(serve.GET, { path: `/api/media/${mediaId}`, params: { id: mediaId } }), 503, "SEALED");
    expectError(await call(backups.POST, { method: "POST", path: "/api/backups" }), 503, "SEALED");
    const before = fingerprint();
    expectError(
      await call(unlock.POST, {
        method: "POST",
        path: "/api/encryption/unlock",
        body: { passphrase: "not the passphrase" },
      }),
      401,
      "UNAUTHORIZED",
    );
    expectError(await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: {} }), 400);
    expectError(
      await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase: 42 } }),
      400,
    );
    expectError(
      await call(entries.POST, { method: "POST", path: "/api/entries", body: { content: "x" } }),
      503,
      "SEALED",
    );
    expect(fingerprint()).toEqual(before);
    expect(existsSync(dbFile)).toBe(true);

    // A start with a wrong JOURNAL_PASSPHRASE stays sealed and touches nothing; none at all, the same.
    try {
      process.env.JOURNAL_PASSPHRASE = "a wrong passphrase in the environment";
      expect(prepareStorage()).toEqual({ restored: null, encryption: "sealed" });
      delete process.env.JOURNAL_PASSPHRASE;
      expect(prepareStorage()).toEqual({ restored: null, encryption: "sealed" });
    } finally {
      delete process.env.JOURNAL_PASSPHRASE;
    }
    expect(fingerprint()).toEqual(before);

    const ok = await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase: PASS } });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe("unlocked");
    expect(await search(M.after.slice(0, 12))).toEqual([expect.stringContaining(M.after)]);
  });

  it("changes the passphrase: the old one stops opening it, the new one opens it with every entry", async () => {
    expectError(
      await call(passphraseRoute.POST, {
        method: "POST",
        path: "/api/encryption/passphrase",
        body: { current: PASS, next: "short" },
      }),
      400,
    );
    // Throttling: the wrong tries above made the client wait; a different client key is used from here.
    const headers = { "x-forwarded-for": "10.0.0.2" };
    expectError(
      await call(passphraseRoute.POST, {
        method: "POST",
        path: "/api/encryption/passphrase",
        body: { current: "wrong one", next: NEXT_PASS },
        headers,
      }),
      401,
    );
    const r = await call(passphraseRoute.POST, {
      method: "POST",
      path: "/api/encryption/passphrase",
      body: { current: PASS, next: NEXT_PASS },
      headers: { "x-forwarded-for": "10.0.0.3" },
    });
    expect(r.status).toBe(200);
    await closeDb();
    setKey(dbFile, null);
    expectError(
      await call(unlock.POST, {
        method: "POST",
        path: "/api/encryption/unlock",
        body: { passphrase: PASS },
        headers: { "x-forwarded-for": "10.0.0.4" },
      }),
      401,
    );
    const ok = await call(unlock.POST, {
      method: "POST",
      path: "/api/encryption/unlock",
      body: { passphrase: NEXT_PASS },
      headers: { "x-forwarded-for": "10.0.0.5" },
    });
    expect(ok.status).toBe(200);
    const list = await call(entries.GET, { path: "/api/entries" });
    expect((list.body as unknown[]).length).toBe(6); // five written and imported, and the import staged half before encryption
  });

  it("restores a snapshot taken before encryption was on (encrypted with the journal), and the restore can be undone", async () => {
    const list = await call(backups.GET, { path: "/api/backups" });
    const oldest = (list.body.snapshots as { id: string }[]).at(-1)!;
    const r = await call(restore.POST, {
      method: "POST",
      path: `/api/backups/${oldest.id}/restore`,
      params: { id: oldest.id },
    });
    expect(r.status).toBe(200);
    expect(((await call(entries.GET, { path: "/api/entries" })).body as unknown[]).length).toBe(1);
    const back = await call(restore.POST, {
      method: "POST",
      path: `/api/backups/${r.body.undo.id}/restore`,
      params: { id: r.body.undo.id },
    });
    expect(back.status).toBe(200);
    expect(((await call(entries.GET, { path: "/api/entries" })).body as unknown[]).length).toBe(6);
    await closeDb();
    expect(hits(Object.values(M))).toEqual([]);
  });

  it("Delete for good reaches the encrypted snapshots too: none holds the entry after, and each still opens with the key", async () => {
    const gone = await create({ title: "For good", content: "Words to be deleted for good." });
    expect((await call(backups.POST, { method: "POST", path: "/api/backups" })).status).toBe(201);
    const backupDir = path.join(testDataDir, "backups");
    const snapshotsHolding = () =>
      readdirSync(backupDir)
        .filter((n) => n.endsWith(".db"))
        .filter((n) => {
          const conn = openDatabase(path.join(backupDir, n), keyFor(dbFile), { readonly: true, fileMustExist: true });
          try {
            return (
              (
                conn
                  .prepare(
                    `SELECT (SELECT count(*) FROM entries WHERE id = ?) + (SELECT count(*) FROM deleted_entries WHERE id = ?) AS n`,
                  )
                  .get(gone.id, gone.id) as { n: number }
              ).n > 0
            );
          } finally {
            conn.close();
          }
        });
    expect(snapshotsHolding().length).toBeGreaterThan(0);
    expect(
      (await call(entryOne.DELETE, { method: "DELETE", path: `/api/entries/${gone.id}`, params: { id: gone.id } }))
        .status,
    ).toBe(200);
    expect(
      (await call(trashOne.DELETE, { method: "DELETE", path: `/api/trash/${gone.id}`, params: { id: gone.id } }))
        .status,
    ).toBe(200);
    expect(snapshotsHolding()).toEqual([]);
  });

  it("turns encryption off: every file back in plaintext, nothing lost", async () => {
    const headers = { "x-forwarded-for": "10.0.0.6" };
    expectError(
      await call(disable.POST, {
        method: "POST",
        path: "/api/encryption/disable",
        body: { passphrase: PASS },
        headers,
      }),
      401,
    );
    const r = await call(disable.POST, {
      method: "POST",
      path: "/api/encryption/disable",
      body: { passphrase: NEXT_PASS },
      headers: { "x-forwarded-for": "10.0.0.7" },
    });
    expect(r.status).toBe(200);
    expect(r.body.state).toBe("plain");
    expect(existsSync(`${dbFile}.key`)).toBe(false);
    expect(await search(M.after.slice(0, 12))).toEqual([expect.stringContaining(M.after)]);
    const whole = await call(serve.GET, { path: `/api/media/${mediaId}`, params: { id: mediaId } });
    expect(Buffer.from(await whole.res.arrayBuffer()).equals(png)).toBe(true);
    // Open again (no passcode): the browser may keep it.
    expect(whole.res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    await closeDb();
    expect(hits([M.after, M.image]).length).toBeGreaterThan(0);
  });
});
