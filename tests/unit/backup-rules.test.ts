import { describe, expect, it } from "vitest";
import { isSnapshotId, snapshotDueAt, snapshotId, snapshotsToKeep, snapshotTime } from "@/domain/backup";
import { isNetworkType, isOnNetworkMount, mountOf, parseMounts } from "@/domain/mounts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = new Date("2026-11-24T12:00:00.000Z");
const at = (msAgo: number) => {
  const d = new Date(now.getTime() - msAgo);
  return { id: snapshotId(d), created_at: d.toISOString() };
};

describe("rotation", () => {
  it("keeps every snapshot of the last two days", () => {
    const list = Array.from({ length: 48 }, (_, i) => at(i * HOUR));
    expect(snapshotsToKeep(list, now).size).toBe(48);
  });

  it("keeps the newest of each day for 30 days, then the newest of each month for a year", () => {
    // Four snapshots a day for 400 days.
    const list = Array.from({ length: 400 * 4 }, (_, i) => at(i * 6 * HOUR + 60_000));
    const keep = snapshotsToKeep(list, now);
    const kept = list.filter((s) => keep.has(s.id));
    const recent = kept.filter((s) => now.getTime() - Date.parse(s.created_at) <= 2 * DAY);
    expect(recent).toHaveLength(8);
    // Days 3..30: one per UTC day, the newest of that day.
    const daily = kept.filter((s) => {
      const age = now.getTime() - Date.parse(s.created_at);
      return age > 2 * DAY && age <= 30 * DAY;
    });
    const days = new Set(daily.map((s) => s.created_at.slice(0, 10)));
    expect(days.size).toBe(daily.length);
    for (const s of daily) {
      const sameDay = list.filter((o) => o.created_at.slice(0, 10) === s.created_at.slice(0, 10));
      expect(s.created_at).toBe(
        sameDay
          .map((o) => o.created_at)
          .sort()
          .at(-1),
      );
    }
    // Older than 30 days: at most one per month, none older than a year.
    const monthly = kept.filter((s) => now.getTime() - Date.parse(s.created_at) > 30 * DAY);
    const months = monthly.map((s) => s.created_at.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
    expect(monthly.every((s) => now.getTime() - Date.parse(s.created_at) <= 365 * DAY)).toBe(true);
    expect(monthly.length).toBeGreaterThanOrEqual(11);
    expect(kept.length).toBeLessThan(8 + 31 + 13);
  });

  it("always keeps the newest, however old", () => {
    const old = at(800 * DAY);
    expect([...snapshotsToKeep([old], now)]).toEqual([old.id]);
    expect(snapshotsToKeep([], now).size).toBe(0);
  });
});

describe("when a snapshot is due", () => {
  it("waits for a pause in writing, but never longer than the delay after the first unsaved write", () => {
    expect(snapshotDueAt(null, null, 60_000)).toBeNull();
    expect(snapshotDueAt(1000, 1000, 60_000)).toBe(11_000);
    expect(snapshotDueAt(1000, 55_000, 60_000)).toBe(61_000);
    expect(snapshotDueAt(1000, 1000, 2_000)).toBe(3_000);
  });
});

describe("snapshot ids", () => {
  it("are the UTC time, sortable, and read back", () => {
    const id = snapshotId(new Date("2026-03-04T05:06:07.089Z"));
    expect(id).toBe("20260304T050607089Z");
    expect(isSnapshotId(id)).toBe(true);
    expect(isSnapshotId(`${id}-2`)).toBe(true);
    expect(isSnapshotId("../x")).toBe(false);
    expect(snapshotTime(id)?.toISOString()).toBe("2026-03-04T05:06:07.089Z");
  });
});

describe("network mounts", () => {
  const mounts = [
    "overlay / overlay rw,relatime 0 0",
    "proc /proc proc rw 0 0",
    "hf-mount /data fuse.hf-mount rw,nosuid,nodev 0 0",
    "/dev/sdb1 /srv ext4 rw 0 0",
    "server:/export /mnt/nfs nfs4 rw 0 0",
    "/dev/sdc1 /media/usb fuseblk rw 0 0",
    "/dev/sdd1 /mnt/with\\040space ext4 rw 0 0",
  ].join("\n");

  it("finds the mount a folder lives on (the longest mount point)", () => {
    const m = parseMounts(mounts);
    expect(mountOf("/data/backups", m)?.type).toBe("fuse.hf-mount");
    expect(mountOf("/database", m)?.type).toBe("overlay");
    expect(mountOf("/mnt/with space/x", m)?.type).toBe("ext4");
  });

  it("counts FUSE and network file systems, not local disks or fuseblk", () => {
    expect(isOnNetworkMount("/data", mounts)).toBe(true);
    expect(isOnNetworkMount("/mnt/nfs/journal", mounts)).toBe(true);
    expect(isOnNetworkMount("/srv/reverie", mounts)).toBe(false);
    expect(isOnNetworkMount("/media/usb", mounts)).toBe(false);
    expect(isOnNetworkMount("/app/data", mounts)).toBe(false);
    expect(isOnNetworkMount("/data", "")).toBe(false);
    expect(isNetworkType("fuse.s3fs")).toBe(true);
    expect(isNetworkType("cifs")).toBe(true);
    expect(isNetworkType("xfs")).toBe(false);
  });
});
