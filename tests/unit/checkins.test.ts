import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  correlations,
  correlationsFromTotals,
  dayTotals,
  effectiveMood,
  faceIndex,
  MOOD_FACES,
  normalizeActivities,
  pixelDay,
  pixelLabel,
  pixelLevel,
  shownCorrelations,
  signedFigure,
  togetherSentence,
  type CheckInPoint,
} from "@/domain/checkins";
import { dayKeyFormatter } from "@/domain/dates";
import { dayNumberKey, localDayNumber, offsetAt, offsetSegments } from "@/server/checkins/local-days";

describe("effectiveMood", () => {
  it("takes the stated mood over the inferred one, the inferred one when none is stated, else null", () => {
    expect(effectiveMood(9, 2)).toBe(9);
    expect(effectiveMood(null, 2)).toBe(2);
    expect(effectiveMood(undefined, 6.5)).toBe(6.5);
    expect(effectiveMood(null, null)).toBeNull();
    expect(effectiveMood(Number.NaN, 4)).toBe(4);
    expect(effectiveMood(1, null)).toBe(1);
  });
});

describe("faces", () => {
  it("five faces cover the 1..10 scale two points each, and a face's own mood shows as itself", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(faceIndex)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(MOOD_FACES.map((f) => faceIndex(f.mood))).toEqual([0, 1, 2, 3, 4]);
    expect(faceIndex(6.4)).toBe(3);
  });
});

describe("normalizeActivities", () => {
  it("trims, lower-cases, collapses spaces and drops empties and repeats in order", () => {
    expect(normalizeActivities([" Outdoors", "outdoors ", "", "  ", "Alone   Time", "FRIENDS"])).toEqual([
      "outdoors",
      "alone time",
      "friends",
    ]);
  });
});

const p = (day: string, mood: number, activities: string[] = []): CheckInPoint => ({ day, mood, activities });

describe("correlations", () => {
  it("averages check-ins within a day first, then compares each activity's days with the average day", () => {
    const c = correlations([
      p("2026-01-01", 10, ["outdoors"]),
      p("2026-01-01", 6, ["work"]), // day 1: mood 8, outdoors and work
      p("2026-01-02", 4, ["work"]), // day 2: mood 4
      p("2026-01-03", 6, []), // day 3: mood 6
    ]);
    expect(c.days).toBe(3);
    expect(c.average_mood).toBe(6);
    expect(c.activities).toEqual([
      { name: "outdoors", days: 1, average_mood: 8, difference: 2 },
      { name: "work", days: 2, average_mood: 6, difference: 0 },
    ]);
  });

  it("counts an activity once per day however many check-ins name it", () => {
    const c = correlations([p("d1", 8, ["friends"]), p("d1", 8, ["friends"]), p("d2", 4, [])]);
    expect(c.activities).toEqual([{ name: "friends", days: 1, average_mood: 8, difference: 2 }]);
  });

  it("is empty with no check-ins, and keeps min_days", () => {
    expect(correlations([])).toEqual({ activities: [], min_days: 5, days: 0, average_mood: null });
    expect(correlations([], 3).min_days).toBe(3);
  });

  it("orders by difference, then days, then name; shownCorrelations hides those under min_days", () => {
    const pts: CheckInPoint[] = [];
    for (let d = 0; d < 6; d++) pts.push(p(`a${d}`, 9, ["outdoors", "friends"]));
    for (let d = 0; d < 2; d++) pts.push(p(`b${d}`, 9, ["yoga"]));
    for (let d = 0; d < 6; d++) pts.push(p(`c${d}`, 3, ["work"]));
    const c = correlations(pts);
    expect(c.activities.map((a) => a.name)).toEqual(["friends", "outdoors", "yoga", "work"]);
    expect(shownCorrelations(c).map((a) => a.name)).toEqual(["friends", "outdoors", "work"]);
  });

  it("differences are the activity's average day minus the average day, rounded to one decimal (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 20 }).map((n) => `d${n}`),
            mood: fc.integer({ min: 1, max: 10 }),
            activities: fc.subarray(["a", "b", "c"]),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (pts) => {
          const totals = dayTotals(pts);
          const c = correlationsFromTotals(totals);
          const dayMood = new Map<string, number[]>();
          for (const x of pts) dayMood.set(x.day, [...(dayMood.get(x.day) ?? []), x.mood]);
          const avg = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
          const days = [...dayMood.values()].map(avg);
          expect(c.days).toBe(dayMood.size);
          expect(Math.abs(c.average_mood! - avg(days))).toBeLessThanOrEqual(0.05 + 1e-9);
          for (const a of c.activities) {
            const with_ = [...dayMood.keys()].filter((d) =>
              pts.some((x) => x.day === d && x.activities.includes(a.name)),
            );
            expect(a.days).toBe(with_.length);
            const mean = avg(with_.map((d) => avg(dayMood.get(d)!)));
            expect(Math.abs(a.difference - (mean - avg(days)))).toBeLessThanOrEqual(0.1 + 1e-9);
          }
        },
      ),
    );
  });
});

describe("plain sentences", () => {
  it("never claims a cause, and gives the days and the signed figure", () => {
    expect(togetherSentence({ name: "outdoors", days: 12, difference: 1.4 })).toBe(
      "You tend to feel better on days you go outdoors: 12 days, +1.4",
    );
    expect(togetherSentence({ name: "alcohol", days: 7, difference: -0.9 })).toBe(
      "You tend to feel lower on days you drink alcohol: 7 days, \u22120.9",
    );
    expect(togetherSentence({ name: "board games", days: 5, difference: 0.1 })).toBe(
      "Your mood is about the same on days with \u201cboard games\u201d: 5 days, +0.1",
    );
    for (const s of [
      togetherSentence({ name: "exercise", days: 9, difference: 2 }),
      togetherSentence({ name: "work", days: 9, difference: -2 }),
    ]) {
      expect(s).not.toMatch(/\b(because|causes?|makes you|leads? to|improves?)\b/iu);
    }
    expect(signedFigure(0)).toBe("±0.0");
    expect(signedFigure(-0.04)).toBe("±0.0");
  });
});

describe("year in pixels", () => {
  it("a day takes its stated moods' average, else its inferred ones', else no mood", () => {
    expect(pixelDay("2026-01-01", [8, 9], [2])).toEqual({ date: "2026-01-01", mood: 8.5, source: "stated" });
    expect(pixelDay("2026-01-02", [], [3, 4])).toEqual({ date: "2026-01-02", mood: 3.5, source: "inferred" });
    expect(pixelDay("2026-01-03", [], [])).toEqual({ date: "2026-01-03", mood: null, source: null });
  });

  it("colours by face (1 lowest .. 5 highest, 0 none), and names each day for screen readers", () => {
    expect([null, 1, 2, 3.5, 5, 6, 7, 8.5, 10].map(pixelLevel)).toEqual([0, 1, 1, 2, 3, 3, 4, 5, 5]);
    expect(pixelLabel({ date: "2026-03-12", mood: 7.5, source: "stated" }, "12 March 2026")).toBe(
      "12 March 2026: Good, 7.5 (you said)",
    );
    expect(pixelLabel({ date: "2026-03-13", mood: 3, source: "inferred" }, "13 March 2026")).toBe(
      "13 March 2026: Bad, 3.0 (from your writing)",
    );
    expect(pixelLabel({ date: "2026-03-14", mood: null, source: null }, "14 March 2026")).toBe(
      "14 March 2026: no mood",
    );
  });
});

describe("local days by offset segments", () => {
  it("agree with the zone's calendar for every hour around summer-time changes and in odd zones", () => {
    for (const tz of [
      "Europe/Paris",
      "America/New_York",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "UTC",
    ]) {
      const from = Date.UTC(2026, 0, 1);
      const to = Date.UTC(2026, 11, 31);
      const segments = offsetSegments(tz, from, to);
      const exact = dayKeyFormatter(tz);
      for (let ms = from; ms < to; ms += 3_600_000 + 17_000) {
        expect(dayNumberKey(localDayNumber(segments, ms)), `${tz} ${new Date(ms).toISOString()}`).toBe(exact(ms));
      }
    }
  });

  it("reads the zone's offset", () => {
    expect(offsetAt("Asia/Kolkata", Date.UTC(2026, 0, 1))).toBe(19_800_000);
    expect(offsetAt("America/New_York", Date.UTC(2026, 0, 1))).toBe(-18_000_000);
    expect(offsetAt("America/New_York", Date.UTC(2026, 6, 1))).toBe(-14_400_000);
  });
});
