import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as storage from "@/app/api/storage/route";
import { db } from "@/server/db/client";
import { call } from "../support/http";
import { testDataDir } from "../support/api-setup";

const dbFile = path.join(testDataDir, "journal.db");
const uploads = path.join(testDataDir, "uploads");
const sizeOf = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};

beforeEach(async () => {
  const prisma = await db();
  await prisma.entry.deleteMany({});
  rmSync(uploads, { recursive: true, force: true });
});

describe("GET /api/storage", () => {
  it("measures the database with its -wal and -shm files, and counts entries and words", async () => {
    for (const content of ["One two three", "Four five six seven", "Eight"]) {
      expect((await call(entries.POST, { method: "POST", path: "/api/entries", body: { content } })).status).toBe(201);
    }
    const r = await call(storage.GET, { path: "/api/storage" });
    expect(r.status).toBe(200);
    const expected = sizeOf(dbFile) + sizeOf(`${dbFile}-wal`) + sizeOf(`${dbFile}-shm`);
    expect(sizeOf(dbFile)).toBeGreaterThan(0);
    expect(r.body).toEqual({
      database_bytes: expected,
      uploads_bytes: 0,
      total_bytes: expected,
      total_entries: 3,
      total_words: 8,
      media_files: 0,
    });
    expect(r.res.headers.get("cache-control")).toBe("no-store");
  });

  it("adds up every file under the upload folder, nested folders included", async () => {
    mkdirSync(path.join(uploads, "thumbs"), { recursive: true });
    writeFileSync(path.join(uploads, "a.jpg"), Buffer.alloc(1500));
    writeFileSync(path.join(uploads, "b.wav"), Buffer.alloc(2048));
    writeFileSync(path.join(uploads, "thumbs", "a.webp"), Buffer.alloc(300));
    const r = await call(storage.GET, { path: "/api/storage" });
    expect(r.body.uploads_bytes).toBe(3848);
    expect(r.body.total_bytes).toBe(r.body.database_bytes + 3848);
    expect(r.body.total_entries).toBe(0);
    expect(r.body.total_words).toBe(0);
  });

  it("answers 0 for uploads when the folder does not exist yet", async () => {
    const r = await call(storage.GET, { path: "/api/storage" });
    expect(r.body.uploads_bytes).toBe(0);
    expect(r.body.database_bytes).toBeGreaterThan(0);
  });
});
