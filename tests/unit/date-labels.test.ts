import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDayKey } from "@/domain/dates";
import {
  clockTime,
  dateTime,
  DEFAULT_LOCALE,
  dayKeyFull,
  dayKeyLabel,
  dayKeyShort,
  dayKeyWeekday,
  fullDateTime,
  longDate,
  monthName,
  monthYearLabel,
  relativeDate,
  shortDate,
  usableLocale,
  weekdayLongName,
  weekdayShortName,
} from "@/domain/date-format";

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

/** 27 November 2026, 16:39 in London (GMT), a Friday. */
const AT = "2026-11-27T16:39:00Z";
const LONDON = "Europe/London";

describe("one date format per locale", () => {
  // Each kind of date, exactly as en-GB, en-US and de-DE write it.
  const cases: { kind: string; f: (locale: string) => string; gb: string; us: string; de: string }[] = [
    {
      kind: "long date",
      f: (l) => longDate(AT, LONDON, l),
      gb: "27 November 2026",
      us: "November 27, 2026",
      de: "27. November 2026",
    },
    {
      kind: "short date",
      f: (l) => shortDate(AT, LONDON, l),
      gb: "27 Nov 2026",
      us: "Nov 27, 2026",
      de: "27. Nov. 2026",
    },
    {
      kind: "date and time",
      f: (l) => dateTime(AT, LONDON, l),
      gb: "27 Nov 2026, 16:39",
      us: "Nov 27, 2026, 4:39 PM",
      de: "27. Nov. 2026, 16:39",
    },
    {
      kind: "full date and time",
      f: (l) => fullDateTime(AT, LONDON, l),
      gb: "Friday, 27 November 2026 at 16:39",
      us: "Friday, November 27, 2026 at 4:39 PM",
      de: "Freitag, 27. November 2026 um 16:39",
    },
    { kind: "time", f: (l) => clockTime(AT, LONDON, l), gb: "16:39", us: "4:39 PM", de: "16:39" },
    { kind: "day without year", f: (l) => dayKeyLabel("2026-03-04", l), gb: "4 Mar", us: "Mar 4", de: "4. März" },
    {
      kind: "day key, short",
      f: (l) => dayKeyShort("2026-01-05", l),
      gb: "5 Jan 2026",
      us: "Jan 5, 2026",
      de: "5. Jan. 2026",
    },
    {
      kind: "day key with weekday",
      f: (l) => dayKeyFull("2026-11-21", l),
      gb: "Saturday, 21 November 2026",
      us: "Saturday, November 21, 2026",
      de: "Samstag, 21. November 2026",
    },
    {
      kind: "weekday and day",
      f: (l) => dayKeyWeekday("2026-11-24", l),
      gb: "Tuesday 24 November",
      us: "Tuesday, November 24",
      de: "Dienstag, 24. November",
    },
    {
      kind: "month",
      f: (l) => monthYearLabel("2026-11", l),
      gb: "November 2026",
      us: "November 2026",
      de: "November 2026",
    },
    { kind: "month name", f: (l) => monthName(2, l), gb: "March", us: "March", de: "März" },
    { kind: "weekday name", f: (l) => weekdayShortName(0, l), gb: "Sun", us: "Sun", de: "So" },
    { kind: "full weekday name", f: (l) => weekdayLongName(1, l), gb: "Monday", us: "Monday", de: "Montag" },
  ];
  // Intl may put a narrow no-break space before AM/PM; the test reads it as the space it looks like.
  const plain = (s: string) => s.replace(/[\u202f\u00a0]/gu, " ");

  for (const c of cases) {
    it(`writes the ${c.kind} in en-GB, en-US and de-DE`, () => {
      expect(plain(c.f("en-GB"))).toBe(c.gb);
      expect(plain(c.f("en-US"))).toBe(c.us);
      expect(plain(c.f("de-DE"))).toBe(c.de);
    });
  }

  it("writes midnight and noon as 12 AM and 12 PM in en-US, 00:05 and 12:00 in en-GB", () => {
    expect(plain(fullDateTime("2026-11-21T00:05:00Z", "UTC", "en-US"))).toBe("Saturday, November 21, 2026 at 12:05 AM");
    expect(plain(fullDateTime("2026-11-21T12:00:00Z", "UTC", "en-US"))).toBe("Saturday, November 21, 2026 at 12:00 PM");
    expect(fullDateTime("2026-11-21T00:05:00Z", "UTC", "en-GB")).toBe("Saturday, 21 November 2026 at 00:05");
  });

  it("writes the person's local day, not the server's", () => {
    // 03:50 UTC on the 21st is still the 20th in New York.
    expect(plain(fullDateTime("2026-11-21T03:50:00Z", "America/New_York", "en-US"))).toBe(
      "Friday, November 20, 2026 at 10:50 PM",
    );
    expect(longDate("2026-11-21T03:50:00Z", "America/New_York", "en-GB")).toBe("20 November 2026");
  });

  it("names recent days in words and older ones with the locale's short date", () => {
    const now = new Date("2026-03-12T15:00:00Z");
    expect(relativeDate("2026-03-12T01:00:00Z", now, "UTC", "de-DE")).toBe("Today");
    expect(relativeDate("2026-03-04T09:00:00Z", now, "UTC", "en-GB")).toBe("4 Mar 2026");
    expect(relativeDate("2026-03-04T09:00:00Z", now, "UTC", "en-US")).toBe("Mar 4, 2026");
    expect(relativeDate("2026-03-04T09:00:00Z", now, "UTC", "de-DE")).toBe("4. März 2026");
  });

  it("falls back to the default locale for a missing or unusable one", () => {
    expect(usableLocale(undefined)).toBe(DEFAULT_LOCALE);
    expect(usableLocale("")).toBe(DEFAULT_LOCALE);
    expect(usableLocale("not a locale!")).toBe(DEFAULT_LOCALE);
    expect(usableLocale("en-GB")).toBe("en-GB");
    expect(longDate(AT, LONDON, "not a locale!")).toBe("November 27, 2026");
  });

  it("refuses an invalid instant, zone or day key", () => {
    for (const f of [
      () => localDayKey("not a date", "UTC"),
      () => shortDate(Number.NaN, "UTC", "en-GB"),
      () => fullDateTime("2026-13-45", "UTC", "en-GB"),
      () => longDate(0, "Not/A_Zone", "en-GB"),
      () => localDayKey(0, "Not/A_Zone"),
    ]) {
      expect(f).toThrow(new RangeError("Invalid time value"));
    }
    expect(() => dayKeyLabel("2026-3-4", "en-GB")).toThrow(RangeError);
  });
});

describe("local day keys", () => {
  it("match date-fns for any instant of years 1-9999 in any zone", () => {
    const min = Date.UTC(1, 0, 1) - 2 * 86_400_000;
    const max = Date.UTC(9999, 11, 31);
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min, max }), (tz, ms) => {
        expect(localDayKey(ms, tz)).toBe(fns(ms, tz, "yyyy-MM-dd"));
      }),
      { numRuns: 2000, seed: 20261122 },
    );
  });

  it("the date labels name the same local day as the day key in every zone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2199, 0, 1) }),
        (tz, ms) => {
          const key = localDayKey(ms, tz);
          for (const locale of ["en-GB", "en-US", "de-DE"])
            expect(shortDate(ms, tz, locale)).toBe(dayKeyShort(key, locale));
        },
      ),
      { numRuns: 500, seed: 20261129 },
    );
  });
});
