import { spawnSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as backups from "@/app/api/backups/route";
import * as upload from "@/app/api/entries/[id]/media/route";
import * as entries from "@/app/api/entries/route";
import { recoverInterruptedChange } from "@/server/crypto/convert";
import { keyFilePath, readKeyFile, unwrapKey } from "@/server/keys/keyfile";
import { decryptBuffer, isEncryptedMedia } from "@/server/keys/media-cipher";
import { closeDb } from "@/server/db/client";
import { openDatabase } from "@/server/db/keyed";
import { stopBackups } from "@/server/backup/service";
import { testDataDir } from "../support/api-setup";
import { call } from "../support/http";
import { SCRIPT_NODE_ARGS } from "../../scripts/node-args";

/**
 * `npm run journal:encrypt` killed with SIGKILL at every step of a change (and at a few moments by the
 * clock): after the start-up recovery the journal opens, as before or as after, with every entry and
 * every media file intact.
 */
const PASS = "first passphrase here";
const NEXT = "second passphrase here";
const SCRIPT = path.resolve("scripts/journal-encrypt.ts");
const work = mkdtempSync(path.join(os.tmpdir(), "reverie-crash-enc-"));
let png: Buffer;
let template = "";

type Paths = { dbFile: string; uploadDir: string; backupDir: string };
function fresh(name: string): Paths {
  const dir = path.join(work, name);
  cpSync(template, dir, { recursive: true });
  return {
    dbFile: path.join(dir, "journal.db"),
    uploadDir: path.join(dir, "uploads"),
    backupDir: path.join(dir, "backups"),
  };
}

function run(p: Paths, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...SCRIPT_NODE_ARGS, SCRIPT, ...args, "--yes"], {
    env: { ...process.env, DATABASE_URL: `file:${p.dbFile}`, UPLOAD_DIR: p.uploadDir, BACKUP_DIR: p.backupDir, ...env },
    encoding: "utf8",
  });
}

/** The journal opens (with `key`, or plain) and holds every entry; every media file reads back as written. */
function expectWhole(p: Paths, key: Buffer | null) {
  for (const file of [
    p.dbFile,
    ...readdirSync(p.backupDir)
      .filter((n) => n.endsWith(".db"))
      .map((n) => path.join(p.backupDir, n)),
  ]) {
    const db = openDatabase(file, key, { readonly: true, fileMustExist: true });
    try {
      expect((db.prepare(`SELECT count(*) AS n FROM "entries"`).get() as { n: number }).n).toBe(3);
    } finally {
      db.close();
    }
  }
  const media = [
    ...readdirSync(p.uploadDir).map((n) => path.join(p.uploadDir, n)),
    ...readdirSync(path.join(p.backupDir, "media")).map((n) => path.join(p.backupDir, "media", n)),
  ];
  expect(media.filter((f) => path.basename(f).startsWith("."))).toEqual([]);
  let originals = 0;
  for (const f of media) {
    const bytes = readFileSync(f);
    expect(isEncryptedMedia(bytes)).toBe(key !== null);
    const plain = key ? decryptBuffer(key, bytes) : bytes;
    // The picture as uploaded, or its WebP thumbnail.
    if (plain.equals(png)) originals++;
    else expect(plain.subarray(8, 12).toString("latin1")).toBe("WEBP");
  }
  expect(originals).toBeGreaterThanOrEqual(4); // three in the upload folder, one (deduplicated) in the snapshot store
}

/** After recovery: either still plain (the change never happened) or encrypted under `pass`. Gives which. */
function expectOldOrNew(p: Paths, oldPass: string | null, newPass: string | null): "old" | "new" {
  recoverInterruptedChange(p);
  expect(existsSync(`${p.dbFile}.change.json`)).toBe(false);
  const keyOf = (pass: string | null) =>
    pass === null
      ? null
      : existsSync(keyFilePath(p.dbFile))
        ? unwrapKey(readKeyFile(keyFilePath(p.dbFile)), pass)
        : undefined;
  const oldKey = keyOf(oldPass);
  const newKey = keyOf(newPass);
  const oldOpens = oldPass === null ? !existsSync(keyFilePath(p.dbFile)) : !!oldKey;
  const newOpens = newPass === null ? !existsSync(keyFilePath(p.dbFile)) : !!newKey;
  expect(oldOpens || newOpens).toBe(true);
  if (oldOpens) {
    expectWhole(p, oldKey ?? null);
    return "old";
  }
  expectWhole(p, newKey ?? null);
  return "new";
}

beforeAll(async () => {
  stopBackups();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
  for (const t of ["one", "two", "three"]) {
    const r = await call(entries.POST, {
      method: "POST",
      path: "/api/entries",
      body: { title: t, content: `Entry ${t}.` },
    });
    const b = "----crash";
    const body = Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const u = await call(upload.POST, {
      method: "POST",
      path: `/api/entries/${r.body.id}/media`,
      rawBody: new Uint8Array(body),
      headers: { "content-type": `multipart/form-data; boundary=${b}` },
      params: { id: r.body.id },
    });
    expect(u.status).toBe(201);
  }
  expect((await call(backups.POST, { method: "POST", path: "/api/backups" })).status).toBe(201);
  await closeDb();
  template = testDataDir;
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("a change of encryption killed at any moment", () => {
  const steps = ["copy:start", "copy:database", "copy:media", "copy:done", "commit", "rename:journal.db"];

  it.each(steps)("turning it on, killed at %s, opens as before or as after", (step) => {
    const p = fresh(`on-${step.replace(/\W/gu, "_")}`);
    const r = run(p, [], { JOURNAL_PASSPHRASE: PASS, REVERIE_CHANGE_KILL_AT: step });
    expect(r.signal).toBe("SIGKILL");
    const result = expectOldOrNew(p, null, PASS);
    // Before the commit the change never happened; from the commit on it is finished.
    expect(result).toBe(step.startsWith("copy:") ? "old" : "new");
  });

  it.each(["copy:media", "commit"])("turning it off, killed at %s, opens as before or as after", (step) => {
    const p = fresh(`off-${step.replace(/\W/gu, "_")}`);
    expect(run(p, [], { JOURNAL_PASSPHRASE: PASS }).status).toBe(0);
    const r = run(p, ["--decrypt"], { JOURNAL_PASSPHRASE: PASS, REVERIE_CHANGE_KILL_AT: step });
    expect(r.signal).toBe("SIGKILL");
    expect(expectOldOrNew(p, PASS, null)).toBe(step === "commit" ? "new" : "old");
  });

  it("changing the passphrase, killed between the two key files, opens with the old or the new one", () => {
    const p = fresh("rekey");
    expect(run(p, [], { JOURNAL_PASSPHRASE: PASS }).status).toBe(0);
    const r = run(p, ["--change"], {
      JOURNAL_PASSPHRASE: PASS,
      JOURNAL_NEW_PASSPHRASE: NEXT,
      REVERIE_CHANGE_KILL_AT: "rekey:live",
    });
    expect(r.signal).toBe("SIGKILL");
    expect(expectOldOrNew(p, PASS, NEXT)).toBe("new");
    const epochFile = path.join(path.dirname(p.dbFile), "session-epoch");
    const epochBefore = existsSync(epochFile) ? readFileSync(epochFile, "utf8") : "";
    const done = run(p, ["--change"], { JOURNAL_PASSPHRASE: NEXT, JOURNAL_NEW_PASSPHRASE: PASS });
    expect(done.status).toBe(0);
    expect(expectOldOrNew(p, NEXT, PASS)).toBe("new");
    // Every browser signed in with the old passphrase signs in again: a new session epoch.
    expect(readFileSync(epochFile, "utf8")).toMatch(/^[A-Za-z0-9_-]{22}$/u);
    expect(readFileSync(epochFile, "utf8")).not.toBe(epochBefore);
  });

  it("killed by the clock at a few moments, always opens as before or as after", async () => {
    for (const ms of [120, 250, 400, 700]) {
      const p = fresh(`clock-${ms}`);
      const child = spawn(process.execPath, [...SCRIPT_NODE_ARGS, SCRIPT, "--yes"], {
        env: {
          ...process.env,
          DATABASE_URL: `file:${p.dbFile}`,
          UPLOAD_DIR: p.uploadDir,
          BACKUP_DIR: p.backupDir,
          JOURNAL_PASSPHRASE: PASS,
        },
        stdio: "ignore",
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), ms);
      await new Promise((r) => child.once("exit", r));
      clearTimeout(timer);
      expectOldOrNew(p, null, PASS);
    }
  });

  it("the command refuses a wrong passphrase and changes nothing", () => {
    const p = fresh("wrong");
    expect(run(p, [], { JOURNAL_PASSPHRASE: PASS }).status).toBe(0);
    const before = readFileSync(p.dbFile);
    const r = run(p, ["--decrypt"], { JOURNAL_PASSPHRASE: "not it at all" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/does not open this journal/u);
    expect(readFileSync(p.dbFile).equals(before)).toBe(true);
  });
});
