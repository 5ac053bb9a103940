import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayKeyLabel, fullDateTime, localDayKey, shortDate } from "@/domain/dates";

/** The domain writes dates by hand (so that browsers need not load date-fns' format); they must read as date-fns wrote them. */
const ZONES = [
  "UTC",
  "America/New_York",
  "America/Los_Angeles",
  "Europe/Amsterdam",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Kiritimati",
  "Pacific/Chatham",
  "Etc/GMT+12",
];
const fns = (ms: number, tz: string, pattern: string) => format(new TZDate(ms, tz), pattern);

describe("date labels", () => {
  it("match date-fns' format for any instant of years 1-9999 in any zone", () => {
    const min = Date.UTC(1, 0, 1) - 2 * 86_400_000;
    const max = Date.UTC(9999, 11, 31);
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min, max }), (tz, ms) => {
        expect(localDayKey(ms, tz)).toBe(fns(ms, tz, "yyyy-MM-dd"));
        expect(shortDate(ms, tz)).toBe(fns(ms, tz, "MMM d, yyyy"));
        expect(fullDateTime(new Date(ms), tz)).toBe(fns(ms, tz, "EEEE, MMMM d, yyyy 'at' h:mm a"));
      }),
      { numRuns: 2000, seed: 20261122 },
    );
  });

  it("write midnight and noon as 12 AM and 12 PM", () => {
    expect(fullDateTime("2026-11-21T00:05:00Z", "UTC")).toBe("Saturday, November 21, 2026 at 12:05 AM");
    expect(fullDateTime("2026-11-21T12:00:00Z", "UTC")).toBe("Saturday, November 21, 2026 at 12:00 PM");
    expect(fullDateTime("2026-11-21T03:50:00Z", "America/New_York")).toBe("Friday, November 20, 2026 at 10:50 PM");
  });

  it("refuse an invalid instant or zone as date-fns did", () => {
    for (const f of [
      () => localDayKey("not a date", "UTC"),
      () => shortDate(Number.NaN, "UTC"),
      () => fullDateTime("2026-13-45", "UTC"),
      () => localDayKey(0, "Not/A_Zone"),
    ]) {
      expect(f).toThrow(new RangeError("Invalid time value"));
    }
    expect(() => format(new TZDate(0, "Not/A_Zone"), "yyyy-MM-dd")).toThrow(RangeError);
  });

  it("label a day key without its year", () => {
    expect(dayKeyLabel("2026-03-04")).toBe("Mar 4");
    expect(dayKeyLabel("2026-12-31")).toBe("Dec 31");
    expect(() => dayKeyLabel("2026-3-4")).toThrow(RangeError);
  });
});
