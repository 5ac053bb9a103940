import { describe, expect, it } from "vitest";
import {
  MOOD_DEFAULT,
  averageMood,
  calendarDayColor,
  clampMood,
  matchesMoodFilter,
  moodBand,
  moodBandRange,
  moodStyle,
} from "@/domain/mood";

describe("moodBand (7+ positive, 4 to below 7 neutral, below 4 negative)", () => {
  it.each([
    [10, "positive"],
    [7, "positive"],
    [6.99, "neutral"],
    [6, "neutral"],
    [4, "neutral"],
    [3.99, "negative"],
    [1, "negative"],
  ] as const)("%s is %s", (score, band) => {
    expect(moodBand(score)).toBe(band);
  });

  it("maps generated-entry scores the same way", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(moodBand)).toEqual([
      "negative",
      "negative",
      "negative",
      "neutral",
      "neutral",
      "neutral",
      "positive",
      "positive",
      "positive",
      "positive",
    ]);
  });

  it("band ranges are half-open and agree with moodBand", () => {
    expect(moodBandRange("positive")).toEqual({ min: 7, max: Infinity });
    expect(moodBandRange("neutral")).toEqual({ min: 4, max: 7 });
    expect(moodBandRange("negative")).toEqual({ min: -Infinity, max: 4 });
    for (let s = 1; s <= 10; s += 0.1) {
      const { min, max } = moodBandRange(moodBand(s));
      expect(s >= min && s < max).toBe(true);
    }
  });
});

describe("matchesMoodFilter", () => {
  it("'all' lets everything through, entries without a score too", () => {
    expect(matchesMoodFilter(null, "all")).toBe(true);
    expect(matchesMoodFilter(undefined, "all")).toBe(true);
    expect(matchesMoodFilter(2, "all")).toBe(true);
  });

  it("an active filter excludes entries without a score", () => {
    for (const band of ["positive", "neutral", "negative"] as const) {
      expect(matchesMoodFilter(null, band)).toBe(false);
      expect(matchesMoodFilter(undefined, band)).toBe(false);
      expect(matchesMoodFilter(Number.NaN, band)).toBe(false);
    }
  });

  it("filters by band boundaries", () => {
    expect(matchesMoodFilter(7, "positive")).toBe(true);
    expect(matchesMoodFilter(6.9, "positive")).toBe(false);
    expect(matchesMoodFilter(6.9, "neutral")).toBe(true);
    expect(matchesMoodFilter(4, "neutral")).toBe(true);
    expect(matchesMoodFilter(3.9, "neutral")).toBe(false);
    expect(matchesMoodFilter(3.9, "negative")).toBe(true);
  });
});

describe("clampMood", () => {
  it("keeps values on the 1..10 scale, rounded to one decimal", () => {
    expect(clampMood(7)).toBe(7);
    expect(clampMood(7.26)).toBe(7.3);
    expect(clampMood(0)).toBe(1);
    expect(clampMood(-3)).toBe(1);
    expect(clampMood(11)).toBe(10);
    expect(clampMood(1000)).toBe(10);
  });

  it("reads numeric strings", () => {
    expect(clampMood("8")).toBe(8);
    expect(clampMood(" 6.5 ")).toBe(6.5);
    expect(clampMood("12")).toBe(10);
  });

  it("turns non-numbers into the default (5) or the given fallback", () => {
    expect(MOOD_DEFAULT).toBe(5);
    for (const v of ["abc", "", null, undefined, Number.NaN, Infinity, {}, [], true]) expect(clampMood(v)).toBe(5);
    expect(clampMood("n/a", 3)).toBe(3);
  });
});

describe("moodStyle (emoji and colour bands 8+, 6+, 4+, below 4)", () => {
  it.each([
    [10, "green"],
    [8, "green"],
    [7.9, "lime"],
    [6, "lime"],
    [5.9, "amber"],
    [4, "amber"],
    [3.9, "red"],
    [1, "red"],
  ] as const)("%s is %s", (score, color) => {
    expect(moodStyle(score).color).toBe(color);
  });

  it("each band has its own emoji", () => {
    const emojis = [9, 7, 5, 2].map((s) => moodStyle(s).emoji);
    expect(new Set(emojis).size).toBe(4);
  });

  it("a missing score is 'Unknown mood'", () => {
    expect(moodStyle(null)).toMatchObject({ label: "Unknown mood", color: "gray" });
    expect(moodStyle(undefined).label).toBe("Unknown mood");
    expect(moodStyle(Number.NaN).label).toBe("Unknown mood");
    expect(moodStyle(null).emoji).not.toBe(moodStyle(5).emoji);
  });
});

describe("calendarDayColor (average score, 5 when missing)", () => {
  it("green at 7 or higher, yellow at 4 or higher, else red", () => {
    expect(calendarDayColor([7])).toBe("green");
    expect(calendarDayColor([9, 5])).toBe("green");
    expect(calendarDayColor([6.9])).toBe("yellow");
    expect(calendarDayColor([4])).toBe("yellow");
    expect(calendarDayColor([3, 4.9])).toBe("red");
    expect(calendarDayColor([1])).toBe("red");
  });

  it("uses 5 when no score is known", () => {
    expect(calendarDayColor([])).toBe("yellow");
    expect(calendarDayColor([null, undefined])).toBe("yellow");
  });

  it("averages only the known scores", () => {
    expect(calendarDayColor([8, null])).toBe("green");
    expect(calendarDayColor([2, null, undefined])).toBe("red");
  });
});

describe("averageMood", () => {
  it("averages known scores to one decimal", () => {
    expect(averageMood([7, 8, 8])).toBe(7.7);
    expect(averageMood([5, null, 6])).toBe(5.5);
    expect(averageMood([1, 2])).toBe(1.5);
  });

  it("is null without scores", () => {
    expect(averageMood([])).toBeNull();
    expect(averageMood([null, undefined])).toBeNull();
  });
});
