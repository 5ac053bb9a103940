import { describe, expect, it } from "vitest";
import {
  dayCountLabel,
  formatBytes,
  formatCount,
  insightsWindow,
  isLeapYear,
  monthsInRange,
  moodSeries,
  moodSummary,
  onThisDayKeys,
  plainExcerpt,
  shortcutTarget,
  yearsAgoLabel,
} from "@/domain/home";

describe("insightsWindow", () => {
  it("is the last 30 local days, today included", () => {
    expect(insightsWindow("2026-03-15")).toEqual({ start: "2026-02-14", end: "2026-03-15" });
    expect(insightsWindow("2026-01-10")).toEqual({ start: "2025-12-12", end: "2026-01-10" });
    expect(insightsWindow("2024-03-01", 2)).toEqual({ start: "2024-02-29", end: "2024-03-01" });
  });
});

describe("monthsInRange", () => {
  it("lists every month touched, across years", () => {
    expect(monthsInRange("2025-12-12", "2026-01-10")).toEqual(["2025-12", "2026-01"]);
    expect(monthsInRange("2026-03-01", "2026-03-30")).toEqual(["2026-03"]);
    // 30 days back from 1 March in a non-leap year reaches 31 January: three months.
    const w = insightsWindow("2025-03-01");
    expect(w.start).toBe("2025-01-31");
    expect(monthsInRange(w.start, w.end)).toEqual(["2025-01", "2025-02", "2025-03"]);
  });
});

describe("onThisDayKeys", () => {
  it("is the same month and day in the earlier year", () => {
    expect(onThisDayKeys("2026-06-15", 2025)).toEqual(["2025-06-15"]);
    expect(onThisDayKeys("2026-12-31", 1999)).toEqual(["1999-12-31"]);
  });
  it("adds the leap day on 28 February of a non-leap year", () => {
    expect(onThisDayKeys("2026-02-28", 2024)).toEqual(["2024-02-28", "2024-02-29"]);
    expect(onThisDayKeys("2026-02-28", 2023)).toEqual(["2023-02-28"]);
    expect(onThisDayKeys("2026-02-28", 2000)).toEqual(["2000-02-28", "2000-02-29"]);
    expect(onThisDayKeys("2026-02-28", 1900)).toEqual(["1900-02-28"]);
  });
  it("keeps 28 February to itself in a leap year, and 29 February matches leap days only", () => {
    expect(onThisDayKeys("2028-02-28", 2024)).toEqual(["2024-02-28"]);
    expect(onThisDayKeys("2028-02-29", 2024)).toEqual(["2024-02-29"]);
    expect(onThisDayKeys("2028-02-29", 2025)).toEqual([]);
  });
  it("knows leap years", () => {
    expect([1900, 2000, 2024, 2025, 2100].map(isLeapYear)).toEqual([false, true, true, false, false]);
  });
});

describe("plainExcerpt", () => {
  it("removes rich-text markers and collapses whitespace", () => {
    expect(plainExcerpt("**Big** day,\n\n*quiet* night.\n• tea\n1. sleep")).toBe("Big day, quiet night. tea sleep");
  });
  it("keeps a lone asterisk and short text as it is", () => {
    expect(plainExcerpt("5 * 3 is fifteen")).toBe("5 * 3 is fifteen");
  });
  it("cuts long text at a word and adds ...", () => {
    expect(plainExcerpt("alpha beta gamma delta epsilon", 14)).toBe("alpha beta...");
  });
});

describe("number labels", () => {
  it("uses thousands separators", () => {
    expect(formatCount(15420)).toBe("15,420");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(Number.NaN)).toBe("0");
  });
  it("says days and years in words", () => {
    expect(dayCountLabel(1)).toBe("1 day");
    expect(dayCountLabel(0)).toBe("0 days");
    expect(dayCountLabel(1200)).toBe("1,200 days");
    expect(yearsAgoLabel(1)).toBe("1 year ago");
    expect(yearsAgoLabel(4)).toBe("4 years ago");
  });
  it("formats byte sizes", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(2.3 * 1024 * 1024)).toBe("2.3 MB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.0 GB");
    expect(formatBytes(-5)).toBe("0 B");
  });
});

describe("mood over time", () => {
  const days = [
    { date: "2026-03-02", count: 2, average_mood: 8 },
    { date: "2026-03-04", count: 1, average_mood: 3 },
    { date: "2026-03-05", count: 1, average_mood: null },
    { date: "2026-02-01", count: 1, average_mood: 9 },
  ];
  it("has one point per day of the window, ignoring days outside it", () => {
    expect(moodSeries(days, "2026-03-01", "2026-03-05")).toEqual([
      { date: "2026-03-01", mood: null, count: 0 },
      { date: "2026-03-02", mood: 8, count: 2 },
      { date: "2026-03-03", mood: null, count: 0 },
      { date: "2026-03-04", mood: 3, count: 1 },
      { date: "2026-03-05", mood: null, count: 1 },
    ]);
  });
  it("summarises scored days: average, highest and lowest", () => {
    const s = moodSummary(moodSeries(days, "2026-03-01", "2026-03-05"));
    expect(s.days).toBe(2);
    expect(s.average).toBe(5.5);
    expect(s.high?.date).toBe("2026-03-02");
    expect(s.low?.date).toBe("2026-03-04");
    expect(moodSummary(moodSeries([], "2026-03-01", "2026-03-03"))).toEqual({
      days: 0,
      average: null,
      high: null,
      low: null,
    });
  });
});

describe("shortcutTarget", () => {
  it("maps N to a new entry and C to the chat, either case", () => {
    expect(shortcutTarget({ key: "n" })).toBe("/journal");
    expect(shortcutTarget({ key: "N" })).toBe("/journal");
    expect(shortcutTarget({ key: "c" })).toBe("/chat");
    expect(shortcutTarget({ key: "x" })).toBeNull();
  });
  it("does nothing while typing, with modifiers or on a held key", () => {
    expect(shortcutTarget({ key: "n", typing: true })).toBeNull();
    expect(shortcutTarget({ key: "c", ctrlKey: true })).toBeNull();
    expect(shortcutTarget({ key: "c", metaKey: true })).toBeNull();
    expect(shortcutTarget({ key: "n", altKey: true })).toBeNull();
    expect(shortcutTarget({ key: "n", repeat: true })).toBeNull();
  });
});
