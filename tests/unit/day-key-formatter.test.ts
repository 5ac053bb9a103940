import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayKeyFormatter } from "@/domain/dates";

/** The arithmetic fast path of dayKeyFormatter against Intl itself, instant by instant. */
function intlKey(tz: string) {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
  return (ms: number) => {
    const parts = f.formatToParts(ms);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
    return `${get("year")}-${get("month")}-${get("day")}`;
  };
}

const ZONES = [
  "UTC",
  "America/New_York",
  "America/St_Johns",
  "Europe/Amsterdam",
  "Europe/Dublin",
  "Asia/Kathmandu",
  "Asia/Kolkata",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Pacific/Apia",
  "Pacific/Kiritimati",
  "America/Sao_Paulo",
  "Africa/Casablanca",
  "Etc/GMT+12",
];

describe("dayKeyFormatter", () => {
  it("gives Intl's local day for any instant in years 1-9999, DST days, odd offsets and historic local mean time included", () => {
    const min = Date.UTC(1, 0, 1) - 2 * 86_400_000;
    const max = Date.UTC(9999, 11, 31);
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.integer({ min, max }), { minLength: 1, maxLength: 40 }),
        (tz, instants) => {
          const fast = dayKeyFormatter(tz);
          const exact = intlKey(tz);
          for (const ms of instants) expect(fast(ms), `${tz} ${new Date(ms).toISOString()}`).toBe(exact(ms));
        },
      ),
      { numRuns: 300, seed: 20261121 },
    );
  });

  it("agrees minute by minute around DST changes and the day Samoa skipped", () => {
    const cases: [string, string][] = [
      ["America/New_York", "2026-03-08T00:00:00Z"],
      ["America/New_York", "2026-11-01T00:00:00Z"],
      ["Europe/Amsterdam", "2026-03-29T00:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T12:00:00Z"],
      ["Pacific/Apia", "2011-12-29T00:00:00Z"],
      ["Europe/Amsterdam", "1937-06-30T00:00:00Z"],
    ];
    for (const [tz, from] of cases) {
      const fast = dayKeyFormatter(tz);
      const exact = intlKey(tz);
      const start = Date.parse(from);
      for (let ms = start; ms < start + 2 * 86_400_000; ms += 60_000 + 7)
        expect(fast(ms), `${tz} ${new Date(ms).toISOString()}`).toBe(exact(ms));
    }
  });

  it("takes Date objects and refuses an invalid date as Intl does", () => {
    const fast = dayKeyFormatter("Asia/Tokyo");
    expect(fast(new Date("2026-06-30T15:00:00Z"))).toBe("2026-07-01");
    expect(() => fast(Number.NaN)).toThrow(RangeError);
  });
});
