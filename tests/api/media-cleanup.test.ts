import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { prepareStorage } from "@/server/boot";
import { databasePath, uploadDir } from "@/server/storage/paths";
import { processStartedAt, sweepOrphanFiles } from "@/server/media/cleanup";

/** What a server killed in the middle of uploads leaves behind, and what the next start removes. */

const UUID = (n: number) => `0190f0a0-0000-7000-8000-${String(n).padStart(12, "0")}`;

function file(name: string, mtimeMs: number) {
  const f = path.join(uploadDir(), name);
  writeFileSync(f, "bytes");
  utimesSync(f, mtimeMs / 1000, mtimeMs / 1000);
  return f;
}

async function recordMedia(stored: string, thumb: string | null) {
  const prisma = await db();
  const entry = await prisma.entry.create({
    data: {
      id: UUID(900 + Math.floor(Math.random() * 99)),
      content: "x",
      createdAt: new Date(),
      updatedAt: new Date(),
    },
  });
  await prisma.mediaFile.create({
    data: {
      id: UUID(800 + Math.floor(Math.random() * 99)),
      entryId: entry.id,
      fileType: "image",
      filename: "a.png",
      storedName: stored,
      mimeType: "image/png",
      size: 5,
      thumbnailName: thumb,
      createdAt: new Date(),
    },
  });
}

beforeEach(async () => {
  rmSync(uploadDir(), { recursive: true, force: true });
  mkdirSync(uploadDir(), { recursive: true });
  const prisma = await db();
  await prisma.entry.deleteMany({});
});

describe("start-up clean-up after a crash", () => {
  it("removes temp files of uploads cut off just before the start (not only after 5 minutes)", () => {
    const justBefore = processStartedAt() - 2000;
    const temp = file(`.tmp-${UUID(1)}`, justBefore);
    prepareStorage();
    expect(existsSync(temp)).toBe(false);
  });

  it("removes media files no row names, keeps recorded ones, their thumbnails, newer files and foreign names", async () => {
    const before = processStartedAt() - 2000;
    await recordMedia(`${UUID(2)}.png`, `${UUID(2)}.thumb.webp`);
    const kept = file(`${UUID(2)}.png`, before);
    const keptThumb = file(`${UUID(2)}.thumb.webp`, before);
    const orphan = file(`${UUID(3)}.png`, before);
    const orphanThumb = file(`${UUID(3)}.thumb.webp`, before);
    const inProgress = file(`${UUID(4)}.jpg`, Date.now() + 60_000);
    const foreign = file("notes.txt", before);
    prepareStorage();
    expect(existsSync(kept)).toBe(true);
    expect(existsSync(keptThumb)).toBe(true);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(orphanThumb)).toBe(false);
    expect(existsSync(inProgress)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
  });

  it("counts what it removed and leaves an empty or missing folder alone", () => {
    expect(
      sweepOrphanFiles({ dbFile: databasePath(), dir: path.join(uploadDir(), "missing"), before: Date.now() }),
    ).toBe(0);
    file(`${UUID(5)}.webm`, Date.now() - 10_000);
    expect(sweepOrphanFiles({ dbFile: databasePath(), before: Date.now() })).toBe(1);
  });
});
