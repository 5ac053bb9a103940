import { afterEach, describe, expect, it } from "vitest";
import { firstDayOfWeek, regionFirstDay, weekdayOrder, weekdayShortName } from "@/domain/date-format";
import { calendarWeeks } from "@/domain/timeline";

const SUNDAY = 0;
const MONDAY = 1;
const SATURDAY = 6;

describe("the first day of the week follows the locale", () => {
  it.each([
    ["en-US", SUNDAY],
    ["en", SUNDAY],
    ["ja-JP", SUNDAY],
    ["en-CA", SUNDAY],
    ["en-GB", MONDAY],
    ["de-DE", MONDAY],
    ["de", MONDAY],
    ["fr-FR", MONDAY],
    ["ar-EG", SATURDAY],
    ["fa-IR", SATURDAY],
    // The locale's own "first weekday" extension wins over its region.
    ["en-US-u-fw-mon", MONDAY],
  ])("%s starts weeks on day %i", (tag, day) => {
    expect(firstDayOfWeek(tag)).toBe(day);
  });

  it("a locale Intl cannot use falls back to the default locale's week (Sunday)", () => {
    expect(firstDayOfWeek("not a locale")).toBe(SUNDAY);
    expect(firstDayOfWeek("")).toBe(SUNDAY);
  });
});

describe("where the platform has no week data, the region table decides", () => {
  const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
  const saved = {
    getWeekInfo: Object.getOwnPropertyDescriptor(proto, "getWeekInfo"),
    weekInfo: Object.getOwnPropertyDescriptor(proto, "weekInfo"),
  };
  afterEach(() => {
    for (const [name, d] of Object.entries(saved)) if (d) Object.defineProperty(proto, name, d);
  });
  function withoutWeekInfo() {
    delete proto.getWeekInfo;
    delete proto.weekInfo;
    expect("getWeekInfo" in new Intl.Locale("en-GB")).toBe(false);
  }

  it.each([
    ["en-US", SUNDAY],
    ["ja-JP", SUNDAY],
    ["pt-BR", SUNDAY],
    ["en-GB", MONDAY],
    ["de-DE", MONDAY],
    ["it-IT", MONDAY],
    ["ar-EG", SATURDAY],
    ["fa-IR", SATURDAY],
    // No region in the tag: its likely region (de → DE, ja → JP, ar → EG).
    ["de", MONDAY],
    ["ja", SUNDAY],
    ["ar", SATURDAY],
  ])("%s starts weeks on day %i", (tag, day) => {
    withoutWeekInfo();
    expect(firstDayOfWeek(tag)).toBe(day);
  });

  it("reads regions case-insensitively and gives Monday (the world default) to a region it does not list", () => {
    expect(regionFirstDay("us")).toBe(SUNDAY);
    expect(regionFirstDay("AE")).toBe(SATURDAY);
    expect(regionFirstDay("FR")).toBe(MONDAY);
    expect(regionFirstDay("ZZ")).toBe(MONDAY);
    expect(regionFirstDay(undefined)).toBe(MONDAY);
  });
});

describe("the weekday header row", () => {
  it("lists the seven days from the first one", () => {
    expect(weekdayOrder(SUNDAY)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder(MONDAY)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayOrder(SATURDAY)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  it("reads Sun…Sat in en-US, Mon…Sun in en-GB, Mo…So in de-DE", () => {
    const header = (tag: string) => weekdayOrder(firstDayOfWeek(tag)).map((d) => weekdayShortName(d, tag));
    expect(header("en-US")).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    expect(header("en-GB")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(header("de-DE")).toEqual(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]);
  });
});

describe("the month grid starts its weeks on the locale's first day", () => {
  // 2026's months that start on each weekday, Sunday to Saturday.
  const MONTHS_BY_FIRST_WEEKDAY = ["2026-02", "2026-06", "2026-09", "2026-04", "2026-01", "2026-05", "2026-08"];
  // Leading blanks before the 1st, for a month starting Sunday…Saturday.
  const LEAD: Record<number, number[]> = {
    [SUNDAY]: [0, 1, 2, 3, 4, 5, 6],
    [MONDAY]: [6, 0, 1, 2, 3, 4, 5],
    [SATURDAY]: [1, 2, 3, 4, 5, 6, 0],
  };

  for (const firstDay of [SUNDAY, MONDAY, SATURDAY]) {
    it.each(MONTHS_BY_FIRST_WEEKDAY.map((month, weekday) => [month, weekday] as const))(
      `week starting on day ${firstDay}: %s (1st on day %i)`,
      (month, weekday) => {
        const weeks = calendarWeeks(month, firstDay);
        const cells = weeks.flat();
        const lead = LEAD[firstDay][weekday];
        expect(cells.findIndex((c) => c.inMonth)).toBe(lead);
        expect(cells[lead].date).toBe(`${month}-01`);
        // Every row starts on the first day and runs seven days.
        for (const week of weeks) {
          expect(week).toHaveLength(7);
          expect(new Date(`${week[0].date}T00:00:00Z`).getUTCDay()).toBe(firstDay);
        }
        // No empty row at either end.
        expect(weeks[0].some((c) => c.inMonth)).toBe(true);
        expect(weeks.at(-1)!.some((c) => c.inMonth)).toBe(true);
      },
    );
  }

  it("lays out August 2026 (1st a Saturday) in each locale", () => {
    const us = calendarWeeks("2026-08", firstDayOfWeek("en-US"));
    expect(us).toHaveLength(6);
    expect(us[0][0].date).toBe("2026-07-26");
    expect(us[0][6]).toEqual({ date: "2026-08-01", day: 1, inMonth: true });

    const gb = calendarWeeks("2026-08", firstDayOfWeek("en-GB"));
    expect(gb).toHaveLength(6);
    expect(gb[0][0].date).toBe("2026-07-27");
    expect(gb[0][5]).toEqual({ date: "2026-08-01", day: 1, inMonth: true });
    expect(gb[5][0]).toEqual({ date: "2026-08-31", day: 31, inMonth: true });

    const eg = calendarWeeks("2026-08", firstDayOfWeek("ar-EG"));
    expect(eg).toHaveLength(5);
    expect(eg[0][0]).toEqual({ date: "2026-08-01", day: 1, inMonth: true });
    expect(eg[4][2]).toEqual({ date: "2026-08-31", day: 31, inMonth: true });
  });

  it("fits February 2021 (1st a Monday, 28 days) in four rows for Monday, five for Sunday", () => {
    expect(calendarWeeks("2021-02", MONDAY)).toHaveLength(4);
    expect(calendarWeeks("2021-02", SUNDAY)).toHaveLength(5);
  });
});
