import { describe, expect, it } from "vitest";
import { daysLeft, purgeAt, purgeCutoff, purgeLabel, TRASH_RETENTION_DAYS, trashExcerpt } from "@/domain/trash";

describe("Recently deleted rules", () => {
  const deleted = new Date("2026-03-01T10:00:00Z");
  it("keeps an entry 30 days", () => {
    expect(TRASH_RETENTION_DAYS).toBe(30);
    expect(purgeAt(deleted).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(purgeCutoff(new Date("2026-03-31T10:00:00Z")).toISOString()).toBe(deleted.toISOString());
  });
  it("counts the days left and says them plainly", () => {
    expect(daysLeft(deleted, deleted)).toBe(29);
    expect(purgeLabel(deleted, deleted)).toBe("Deleted for good in 29 days");
    expect(purgeLabel(deleted, new Date("2026-03-29T12:00:00Z"))).toBe("Deleted for good tomorrow");
    expect(purgeLabel(deleted, new Date("2026-03-31T09:00:00Z"))).toBe("Deleted for good today");
    expect(daysLeft(deleted, new Date("2026-05-01T00:00:00Z"))).toBe(0);
  });
  it("shows the first words without markers, on one line", () => {
    expect(trashExcerpt("**Big** day\n\n• *one*")).toBe("Big day • one");
    const long = trashExcerpt("word ".repeat(100), 30);
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(31);
  });
});
