import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { restoreSync, snapshotSync } from "@/server/backup/core";
import { migrate } from "@/server/db/migrator";

/**
 * The journal and its snapshots are the owner's alone, whatever the process's umask: folders 0700,
 * files 0600 (journal.db and its -wal/-shm, every snapshot, record, manifest and media copy).
 */
const root = mkdtempSync(path.join(os.tmpdir(), "reverie-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (f: string) => statSync(f).mode & 0o777;
const oct = (n: number) => n.toString(8);

describe("owner-only files", () => {
  it("creates journal.db, its WAL files, every snapshot file and folder owner-only under a permissive umask", () => {
    const before = process.umask(0o022);
    try {
      const dataDir = path.join(root, "data");
      const dbFile = path.join(dataDir, "journal.db");
      const uploadDir = path.join(root, "uploads");
      const backupDir = path.join(dataDir, "backups");
      migrate(dbFile);
      mkdirSync(uploadDir, { recursive: true });
      writeFileSync(path.join(uploadDir, "0190f0f0-0000-7000-8000-000000000001.png"), "photo bytes", { mode: 0o644 });
      const rec = snapshotSync({ dbFile, uploadDir, backupDir }, "test");
      const files = [
        dbFile,
        ...["-wal", "-shm"]
          .map((s) => `${dbFile}${s}`)
          .filter((f) => {
            try {
              statSync(f);
              return true;
            } catch {
              return false;
            }
          }),
      ];
      for (const name of readdirSync(backupDir))
        if (!statSync(path.join(backupDir, name)).isDirectory()) files.push(path.join(backupDir, name));
      for (const name of readdirSync(path.join(backupDir, "media"))) files.push(path.join(backupDir, "media", name));
      expect(files.map((f) => path.relative(root, f))).toEqual(
        expect.arrayContaining([
          "data/journal.db",
          `data/backups/${rec.id}.db`,
          `data/backups/${rec.id}.json`,
          "data/backups/manifest.json",
          "data/backups/media-index.json",
        ]),
      );
      expect(files.some((f) => f.includes(`${path.sep}media${path.sep}`))).toBe(true);
      expect(files.filter((f) => mode(f) !== 0o600).map((f) => `${path.relative(root, f)} ${oct(mode(f))}`)).toEqual(
        [],
      );
      for (const dir of [dataDir, backupDir, path.join(backupDir, "media")]) expect(oct(mode(dir)), dir).toBe("700");

      // A restore leaves the journal owner-only too.
      restoreSync({ dbFile, uploadDir, backupDir }, rec.id);
      expect(oct(mode(dbFile))).toBe("600");
    } finally {
      process.umask(before);
    }
  });
});
