import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveLayout } from "@/server/storage/layout";

const tmp = mkdtempSync(path.join(os.tmpdir(), "reverie-layout-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const mounts = (text: string, name: string) => {
  const f = path.join(tmp, name);
  writeFileSync(f, text);
  return f;
};

describe("where the journal lives", () => {
  it("defaults: ./data/journal.db, ./uploads, snapshots beside the database", () => {
    expect(resolveLayout({}, "/srv/app")).toEqual({
      dbFile: "/srv/app/data/journal.db",
      uploadDir: "/srv/app/uploads",
      backupDir: "/srv/app/data/backups",
      dataDirIsNetwork: false,
    });
    expect(resolveLayout({ DATABASE_URL: "file:/srv/j/journal.db" }, "/x").backupDir).toBe("/srv/j/backups");
  });

  it("a real disk at DATA_DIR holds the database, uploads and snapshots", () => {
    const file = mounts("overlay / overlay rw 0 0\n/dev/sdb1 /data ext4 rw 0 0\n", "disk");
    expect(resolveLayout({ DATA_DIR: "/data", MOUNTS_FILE: file }, "/app")).toEqual({
      dbFile: "/data/journal.db",
      uploadDir: "/data/uploads",
      backupDir: "/data/backups",
      dataDirIsNetwork: false,
    });
  });

  it("a FUSE mount at DATA_DIR gets only the snapshots; the live database stays on local disk", () => {
    const file = mounts("overlay / overlay rw 0 0\nhf-mount /data fuse.hf-mount rw,nosuid 0 0\n", "fuse");
    expect(resolveLayout({ DATA_DIR: "/data", MOUNTS_FILE: file }, "/app")).toEqual({
      dbFile: "/app/data/journal.db",
      uploadDir: "/app/data/uploads",
      backupDir: "/data/backups",
      dataDirIsNetwork: true,
    });
    expect(
      resolveLayout({ DATA_DIR: "/data", MOUNTS_FILE: file, LOCAL_DATA_DIR: "/var/lib/reverie" }, "/app").dbFile,
    ).toBe("/var/lib/reverie/journal.db");
  });

  it("explicit variables win, and an unreadable mount table counts as a disk", () => {
    const file = mounts("nfs-server:/x /data nfs4 rw 0 0\n", "nfs");
    const l = resolveLayout(
      { DATA_DIR: "/data", MOUNTS_FILE: file, DATABASE_URL: "file:/db/j.db", UPLOAD_DIR: "/u", BACKUP_DIR: "/b" },
      "/app",
    );
    expect(l).toEqual({ dbFile: "/db/j.db", uploadDir: "/u", backupDir: "/b", dataDirIsNetwork: true });
    expect(resolveLayout({ DATA_DIR: "/data", MOUNTS_FILE: path.join(tmp, "missing") }, "/app").dbFile).toBe(
      "/data/journal.db",
    );
  });
});
