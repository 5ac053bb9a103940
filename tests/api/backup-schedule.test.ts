import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import { listSnapshots } from "@/server/backup/core";
import { backupStatus, startBackups, stopBackups } from "@/server/backup/service";
import { call } from "../support/http";
import { testDataDir } from "../support/api-setup";

const backupDir = path.join(testDataDir, "backups");
afterAll(() => {
  stopBackups();
  delete process.env.BACKUP_DELAY_SECONDS;
});

describe("automatic snapshots", () => {
  it("takes one by itself after writes, holding every write acknowledged before it", async () => {
    process.env.BACKUP_DELAY_SECONDS = "0.3";
    startBackups();
    expect(backupStatus()).toMatchObject({ automatic: true, delay_seconds: 0.3, unsaved_since: null });
    const ids: string[] = [];
    for (const title of ["One", "Two", "Three"]) {
      const r = await call(entries.POST, { method: "POST", path: "/api/entries", body: { title, content: "words" } });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    expect(backupStatus().unsaved_since).not.toBeNull();
    await expect.poll(() => listSnapshots(backupDir)[0]?.entries ?? 0, { timeout: 20_000, interval: 100 }).toBe(3);
    const snap = listSnapshots(backupDir)[0]!;
    expect(snap.reason).toBe("after writes");
    expect(snap.verified).toEqual({ integrity: "ok", counts: "matched live journal" });
    await expect.poll(() => backupStatus().unsaved_since, { timeout: 5_000 }).toBeNull();
    // Nothing written since: no further snapshot.
    await new Promise((r) => setTimeout(r, 800));
    expect(listSnapshots(backupDir)).toHaveLength(1);
  });
});
