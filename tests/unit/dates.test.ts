import { describe, expect, it } from "vitest";
import {
  addDaysToKey,
  dateRangeBounds,
  dayKeyFormatter,
  daysBetweenKeys,
  computeStreaks,
  isDayKey,
  isStorableInstant,
  isValidTimeZone,
  localDayBounds,
  localDayKey,
  localMonthBounds,
  parseDateParam,
  parseIsoInstant,
  startOfLocalDay,
  startOfNextLocalDay,
} from "@/domain/dates";
import { relativeDate } from "@/domain/date-format";

const iso = (d: Date | undefined) => d?.toISOString();
const HOUR = 3_600_000;

describe("day keys", () => {
  it("isDayKey accepts real calendar dates only", () => {
    expect(isDayKey("2024-02-29")).toBe(true);
    expect(isDayKey("2026-12-31")).toBe(true);
    expect(isDayKey("2026-02-29")).toBe(false);
    expect(isDayKey("2026-13-01")).toBe(false);
    expect(isDayKey("2026-04-31")).toBe(false);
    expect(isDayKey("2026-1-1")).toBe(false);
    expect(isDayKey("2026-01-01T00:00:00Z")).toBe(false);
  });

  it("handles years 0000-0099 as they are", () => {
    expect(isDayKey("0000-01-01")).toBe(true);
    expect(isDayKey("0004-02-29")).toBe(true);
    expect(isDayKey("0050-02-29")).toBe(false);
    expect(addDaysToKey("0050-06-15", 1)).toBe("0050-06-16");
    expect(addDaysToKey("0099-12-31", 1)).toBe("0100-01-01");
    expect(daysBetweenKeys("0050-01-01", "0051-01-01")).toBe(365);
  });

  it("steps across month, leap-day and year boundaries", () => {
    expect(addDaysToKey("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDaysToKey("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDaysToKey("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDaysToKey("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDaysToKey("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToKey("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDaysToKey("2026-03-08", 1)).toBe("2026-03-09");
    expect(daysBetweenKeys("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetweenKeys("2026-12-31", "2026-01-01")).toBe(-364);
  });

  it("isValidTimeZone knows IANA names and rejects others", () => {
    expect(isValidTimeZone("America/Los_Angeles")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("x".repeat(100))).toBe(false);
  });
});

describe("localDayKey across zones", () => {
  it("puts one instant on different local days", () => {
    const t = "2026-03-01T05:30:00Z";
    expect(localDayKey(t, "UTC")).toBe("2026-03-01");
    expect(localDayKey(t, "America/Los_Angeles")).toBe("2026-02-28");
    expect(localDayKey(t, "Asia/Tokyo")).toBe("2026-03-01");
    expect(localDayKey(t, "Pacific/Kiritimati")).toBe("2026-03-01");
    expect(localDayKey("2026-03-01T10:30:00Z", "Pacific/Kiritimati")).toBe("2026-03-02");
  });

  it("crosses the year boundary by zone", () => {
    const t = "2026-12-31T23:30:00Z";
    expect(localDayKey(t, "UTC")).toBe("2026-12-31");
    expect(localDayKey(t, "Asia/Tokyo")).toBe("2027-01-01");
    expect(localDayKey(t, "America/New_York")).toBe("2026-12-31");
    expect(localDayKey("2027-01-01T04:59:59Z", "America/New_York")).toBe("2026-12-31");
    expect(localDayKey("2027-01-01T05:00:00Z", "America/New_York")).toBe("2027-01-01");
  });

  it("handles zones with half-hour offsets", () => {
    expect(localDayKey("2026-06-30T18:29:59Z", "Asia/Kolkata")).toBe("2026-06-30");
    expect(localDayKey("2026-06-30T18:30:00Z", "Asia/Kolkata")).toBe("2026-07-01");
  });

  it("dayKeyFormatter agrees with localDayKey", () => {
    for (const tz of [
      "UTC",
      "America/Los_Angeles",
      "Europe/Berlin",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
    ]) {
      const keyOf = dayKeyFormatter(tz);
      for (
        let t = Date.parse("2026-01-01T00:00:00Z");
        t < Date.parse("2027-01-01T00:00:00Z");
        t += 7 * HOUR + 13 * 60_000
      ) {
        expect(keyOf(t)).toBe(localDayKey(t, tz));
      }
    }
  });
});

describe("startOfLocalDay and DST", () => {
  it("New York: spring-forward day has 23 hours, fall-back day 25", () => {
    expect(iso(startOfLocalDay("2026-03-08", "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(startOfLocalDay("2026-03-09", "America/New_York"))).toBe("2026-03-09T04:00:00.000Z");
    const spring = localDayBounds("2026-03-08", "America/New_York");
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const fall = localDayBounds("2026-11-01", "America/New_York");
    expect(iso(fall.start)).toBe("2026-11-01T04:00:00.000Z");
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
  });

  it("Berlin: the DST days in March and October", () => {
    const spring = localDayBounds("2026-03-29", "Europe/Berlin");
    expect(iso(spring.start)).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(spring.end)).toBe("2026-03-29T22:00:00.000Z");
    const fall = localDayBounds("2026-10-25", "Europe/Berlin");
    expect(iso(fall.start)).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(fall.end)).toBe("2026-10-25T23:00:00.000Z");
  });

  it("a local day starts where the previous one ends, in many zones (incl. DST at midnight)", () => {
    const zones = [
      "America/New_York",
      "Europe/Berlin",
      "America/Los_Angeles",
      "America/Santiago",
      "America/Havana",
      "Asia/Beirut",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "Pacific/Chatham",
    ];
    for (const tz of zones) {
      for (let k = "2026-01-01"; k < "2027-01-01"; k = addDaysToKey(k, 1)) {
        const start = startOfLocalDay(k, tz).getTime();
        expect(localDayKey(start, tz), `${tz} ${k}`).toBe(k);
        expect(localDayKey(start - 1, tz), `${tz} ${k}`).toBe(addDaysToKey(k, -1));
      }
    }
  });

  it("reads years below 100 as they are", () => {
    expect(iso(startOfLocalDay("0050-06-15", "UTC"))).toBe("0050-06-15T00:00:00.000Z");
  });

  it("refuses a malformed key", () => {
    expect(() => startOfLocalDay("2026-1-1", "UTC")).toThrow(RangeError);
  });
});

describe("dateRangeBounds", () => {
  const utc = (s: string) => new Date(s);

  it("'all' and incomplete custom ranges do not filter", () => {
    const now = utc("2026-05-10T12:00:00Z");
    expect(dateRangeBounds("all", now, "UTC")).toBeNull();
    expect(dateRangeBounds("custom", now, "UTC")).toBeNull();
    expect(dateRangeBounds("custom", now, "UTC", "2026-05-01", null)).toBeNull();
    expect(dateRangeBounds("custom", now, "UTC", null, "2026-05-01")).toBeNull();
    expect(dateRangeBounds("custom", now, "UTC", "2026-02-30", "2026-03-01")).toBeNull();
  });

  it("today is the local day, in the person's zone", () => {
    // 05:00 UTC on Jan 1 is still Dec 31 in Los Angeles.
    const r = dateRangeBounds("today", utc("2027-01-01T05:00:00Z"), "America/Los_Angeles")!;
    expect(iso(r.from)).toBe("2026-12-31T08:00:00.000Z");
    expect(iso(r.to)).toBe("2027-01-01T08:00:00.000Z");
  });

  it("week is 7 days back from the start of today, up to the end of today", () => {
    const r = dateRangeBounds("week", utc("2026-01-03T12:00:00Z"), "UTC")!;
    expect(iso(r.from)).toBe("2025-12-27T00:00:00.000Z");
    expect(iso(r.to)).toBe("2026-01-04T00:00:00.000Z");
  });

  it("month is one calendar month back; the 31st falls back to the month's last day", () => {
    const leap = dateRangeBounds("month", utc("2024-03-31T15:00:00Z"), "UTC")!;
    expect(iso(leap.from)).toBe("2024-02-29T00:00:00.000Z");
    expect(iso(leap.to)).toBe("2024-04-01T00:00:00.000Z");
    const common = dateRangeBounds("month", utc("2026-03-31T15:00:00Z"), "UTC")!;
    expect(iso(common.from)).toBe("2026-02-28T00:00:00.000Z");
    const jan = dateRangeBounds("month", utc("2026-01-15T15:00:00Z"), "UTC")!;
    expect(iso(jan.from)).toBe("2025-12-15T00:00:00.000Z");
  });

  it("month across a DST change uses local midnights", () => {
    const r = dateRangeBounds("month", utc("2026-03-15T12:00:00Z"), "America/New_York")!;
    expect(iso(r.from)).toBe("2026-02-15T05:00:00.000Z");
    expect(iso(r.to)).toBe("2026-03-16T04:00:00.000Z");
  });

  it("year is one year back; 29 February falls back to the 28th", () => {
    const r = dateRangeBounds("year", utc("2024-02-29T10:00:00Z"), "UTC")!;
    expect(iso(r.from)).toBe("2023-02-28T00:00:00.000Z");
    expect(iso(r.to)).toBe("2024-03-01T00:00:00.000Z");
    const b = dateRangeBounds("year", utc("2026-01-01T10:00:00Z"), "Europe/Berlin")!;
    expect(iso(b.from)).toBe("2024-12-31T23:00:00.000Z");
    expect(iso(b.to)).toBe("2026-01-01T23:00:00.000Z");
  });

  it("custom includes both local days, in either order", () => {
    const now = utc("2026-05-10T12:00:00Z");
    const r = dateRangeBounds("custom", now, "Europe/Berlin", "2026-03-29", "2026-03-29")!;
    expect(iso(r.from)).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(r.to)).toBe("2026-03-29T22:00:00.000Z");
    const swapped = dateRangeBounds("custom", now, "UTC", "2026-12-31", "2026-12-01")!;
    expect(iso(swapped.from)).toBe("2026-12-01T00:00:00.000Z");
    expect(iso(swapped.to)).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("relativeDate", () => {
  const now = new Date("2026-03-12T15:00:00Z");

  it("Today, Yesterday, n days ago up to 7 days, then a short date", () => {
    expect(relativeDate("2026-03-12T01:00:00Z", now, "UTC", "en-US")).toBe("Today");
    expect(relativeDate("2026-03-11T23:59:00Z", now, "UTC", "en-US")).toBe("Yesterday");
    expect(relativeDate("2026-03-10T09:00:00Z", now, "UTC", "en-US")).toBe("2 days ago");
    expect(relativeDate("2026-03-05T09:00:00Z", now, "UTC", "en-US")).toBe("7 days ago");
    expect(relativeDate("2026-03-04T09:00:00Z", now, "UTC", "en-US")).toBe("Mar 4, 2026");
    expect(relativeDate("2025-12-25T09:00:00Z", now, "UTC", "en-US")).toBe("Dec 25, 2025");
  });

  it("counts local days, not 24-hour spans", () => {
    // 23:00 on Mar 9 and 00:30 on Mar 10 in Los Angeles (after the DST change).
    const late = new Date("2026-03-10T06:00:00Z");
    const justAfterMidnight = new Date("2026-03-10T07:30:00Z");
    expect(relativeDate(late, justAfterMidnight, "America/Los_Angeles", "en-US")).toBe("Yesterday");
    expect(relativeDate(late, justAfterMidnight, "UTC", "en-US")).toBe("Today");
  });

  it("shows the date in the person's zone", () => {
    expect(relativeDate("2026-01-01T03:00:00Z", now, "America/New_York", "en-US")).toBe("Dec 31, 2025");
  });
});

describe("computeStreaks", () => {
  it("is zero without entries", () => {
    expect(computeStreaks([], "2026-03-10")).toEqual({ current: 0, longest: 0 });
  });

  it("counts back from today, ignoring duplicate days", () => {
    expect(computeStreaks(["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-10"], "2026-03-10")).toEqual({
      current: 3,
      longest: 3,
    });
  });

  it("counts from yesterday when nothing is written yet today", () => {
    expect(computeStreaks(["2026-03-08", "2026-03-09"], "2026-03-10")).toEqual({ current: 2, longest: 2 });
  });

  it("is broken by a missing day", () => {
    expect(computeStreaks(["2026-03-06", "2026-03-07", "2026-03-08"], "2026-03-10")).toEqual({
      current: 0,
      longest: 3,
    });
    expect(
      computeStreaks(
        ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-09", "2026-03-10"],
        "2026-03-10",
      ),
    ).toEqual({ current: 2, longest: 4 });
  });

  it("runs across month, leap-day and year boundaries", () => {
    expect(computeStreaks(["2026-01-30", "2026-01-31", "2026-02-01"], "2026-02-01").current).toBe(3);
    expect(computeStreaks(["2024-02-28", "2024-02-29", "2024-03-01"], "2024-03-01").current).toBe(3);
    expect(computeStreaks(["2026-02-28", "2026-03-01"], "2026-03-01").current).toBe(2);
    expect(computeStreaks(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"], "2027-01-02")).toEqual({
      current: 4,
      longest: 4,
    });
  });

  it("ignores the order of the days", () => {
    expect(computeStreaks(["2027-01-01", "2026-12-30", "2026-12-31"], "2027-01-01")).toEqual({
      current: 3,
      longest: 3,
    });
  });

  it("buckets instants by local day: late-evening entries across a DST change in Los Angeles", () => {
    // 23:30 local every evening from Mar 5 to Mar 10, 2026 (DST starts Mar 8): UTC offset -8 then -7.
    const instants = [
      "2026-03-06T07:30:00Z",
      "2026-03-07T07:30:00Z",
      "2026-03-08T07:30:00Z",
      "2026-03-09T06:30:00Z",
      "2026-03-10T06:30:00Z",
      "2026-03-11T06:30:00Z",
    ];
    const la = instants.map((t) => localDayKey(t, "America/Los_Angeles"));
    expect(la).toEqual(["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"]);
    expect(computeStreaks(la, "2026-03-10")).toEqual({ current: 6, longest: 6 });
    // The same instants in UTC land one day later: "today" (Mar 10) counts, Mar 11 is in the future.
    const utcDays = instants.map((t) => localDayKey(t, "UTC"));
    expect(computeStreaks(utcDays, "2026-03-10")).toEqual({ current: 5, longest: 6 });
  });

  it("buckets by local day across the fall-back change in Berlin", () => {
    const instants = ["2026-10-24T21:30:00Z", "2026-10-25T22:30:00Z", "2026-10-26T22:30:00Z"]; // 23:30 local each day
    const days = instants.map((t) => localDayKey(t, "Europe/Berlin"));
    expect(days).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
    expect(computeStreaks(days, "2026-10-27").current).toBe(3);
  });
});

describe("parseDateParam", () => {
  it("a day key is the start or the end of that local day", () => {
    expect(iso(parseDateParam("2026-03-08", "America/New_York", "start")!)).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(parseDateParam("2026-03-08", "America/New_York", "end")!)).toBe("2026-03-09T04:00:00.000Z");
  });

  it("an ISO instant is taken as it is", () => {
    expect(iso(parseDateParam("2026-03-08T10:00:00+02:00", "UTC", "start")!)).toBe("2026-03-08T08:00:00.000Z");
  });

  it("anything else is null", () => {
    expect(parseDateParam("yesterday", "UTC", "start")).toBeNull();
    expect(parseDateParam("2026-02-30", "UTC", "start")).toBeNull();
    expect(parseDateParam("2026-02-30T10:00:00Z", "UTC", "start")).toBeNull();
    expect(parseDateParam("03/08/2026", "UTC", "start")).toBeNull();
  });
});

describe("localMonthBounds", () => {
  it("lists every day of the month, with local bounds", () => {
    const feb = localMonthBounds("2024-02", "America/Los_Angeles");
    expect(feb.days).toHaveLength(29);
    expect(feb.days[28]).toBe("2024-02-29");
    expect(iso(feb.start)).toBe("2024-02-01T08:00:00.000Z");
    expect(iso(feb.end)).toBe("2024-03-01T08:00:00.000Z");
  });

  it("the last storable month ends at the last storable instant", () => {
    const last = localMonthBounds("9999-12", "America/Los_Angeles");
    expect(last.days).toHaveLength(31);
    expect(iso(last.end)).toBe("9999-12-31T23:59:59.999Z");
    expect(localMonthBounds("0000-02", "UTC").days).toHaveLength(29);
    expect(iso(startOfNextLocalDay("9999-12-31", "UTC"))).toBe("9999-12-31T23:59:59.999Z");
    expect(iso(startOfNextLocalDay("2026-03-07", "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
  });

  it("December ends at the next year's first local midnight", () => {
    const dec = localMonthBounds("2026-12", "Europe/Berlin");
    expect(dec.days).toHaveLength(31);
    expect(iso(dec.end)).toBe("2026-12-31T23:00:00.000Z");
  });
});

describe("parseIsoInstant", () => {
  it("accepts date-times with Z or an offset", () => {
    expect(iso(parseIsoInstant("2026-03-08T10:00:00Z")!)).toBe("2026-03-08T10:00:00.000Z");
    expect(iso(parseIsoInstant("2026-03-08T10:00:00.123456+05:30")!)).toBe("2026-03-08T04:30:00.123Z");
    expect(iso(parseIsoInstant("2026-03-08T10:00-08:00")!)).toBe("2026-03-08T18:00:00.000Z");
    expect(iso(parseIsoInstant("2024-02-29T23:59:59.999Z")!)).toBe("2024-02-29T23:59:59.999Z");
  });

  it("refuses impossible dates and times", () => {
    expect(parseIsoInstant("2026-02-30T10:00:00Z")).toBeNull();
    expect(parseIsoInstant("2026-04-31T10:00:00Z")).toBeNull();
    expect(parseIsoInstant("2026-03-08T24:00:00Z")).toBeNull();
    expect(parseIsoInstant("2026-03-08T10:60:00Z")).toBeNull();
  });

  it("refuses a time without an offset and other formats", () => {
    expect(parseIsoInstant("2026-03-08T10:00:00")).toBeNull();
    expect(parseIsoInstant("2026-03-08")).toBeNull();
    expect(parseIsoInstant("Sun Mar 08 2026")).toBeNull();
    expect(parseIsoInstant("")).toBeNull();
  });

  it("refuses instants outside the years 0000-9999 UTC", () => {
    expect(parseIsoInstant("9999-12-31T23:00:00-05:00")).toBeNull();
    expect(parseIsoInstant("9999-12-31T23:00:00Z")).not.toBeNull();
    expect(isStorableInstant(new Date("+010000-01-01T00:00:00Z"))).toBe(false);
    expect(isStorableInstant(new Date(Number.NaN))).toBe(false);
    expect(isStorableInstant(new Date("0001-01-01T00:00:00Z"))).toBe(true);
  });
});
