import { describe, expect, it } from "vitest";
import {
  emotionRows,
  formatPercent,
  GROWTH_COMING_SOON,
  hasGrowthContent,
  shareInWords,
  themeRows,
} from "@/domain/insights-view";

describe("formatPercent", () => {
  it("shows one decimal", () => {
    expect(formatPercent(33.3333)).toBe("33.3%");
    expect(formatPercent(50)).toBe("50.0%");
    expect(formatPercent(66.66)).toBe("66.7%");
    expect(formatPercent(140)).toBe("100.0%");
    expect(formatPercent(Number.NaN)).toBe("0.0%");
  });
});

describe("emotionRows", () => {
  it("keeps the 3 largest shares, in plain words rather than percents", () => {
    const rows = emotionRows([
      { emotion: "calm", percentage: 12.5 },
      { emotion: "joyful", percentage: 37.5 },
      { emotion: "anxious", percentage: 25 },
      { emotion: "tired", percentage: 25.04 },
    ]);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["You felt joyful in about a third of your entries", ""],
      ["You felt tired in about a quarter of your entries", ""],
      ["You felt anxious in about a quarter of your entries", ""],
    ]);
    expect(rows.map((r) => r.label).join(" ")).not.toMatch(/%|emotions/u);
  });
  it("drops blank or empty patterns", () => {
    expect(
      emotionRows([
        { emotion: "  ", percentage: 10 },
        { emotion: "calm", percentage: 0 },
      ]),
    ).toEqual([]);
    expect(emotionRows(undefined)).toEqual([]);
  });
});

describe("shareInWords", () => {
  it("says a share as a person would", () => {
    expect([100, 70, 50, 30.8, 25, 16.7, 10, 5].map(shareInWords)).toEqual([
      "almost all",
      "most",
      "about half",
      "about a third",
      "about a quarter",
      "about 1 in 6",
      "about 1 in 10",
      "a few",
    ]);
  });
});

describe("themeRows", () => {
  it("keeps the 3 most frequent, saying how many entries each came up in", () => {
    const rows = themeRows([
      { theme: "work", frequency: 4 },
      { theme: "family", frequency: 1 },
      { theme: "sleep", frequency: 2 },
      { theme: "music", frequency: 3 },
    ]);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["Work came up in 4 entries", ""],
      ["Music came up in 3 entries", ""],
      ["Sleep came up in 2 entries", ""],
    ]);
    expect(rows[0].share).toBe(100);
    expect(rows[2].share).toBe(50);
    expect(themeRows([{ theme: "family", frequency: 1 }])[0].label).toBe("Family came up in 1 entry");
  });
});

describe("hasGrowthContent", () => {
  it("is false for nothing and true for any one part", () => {
    expect(hasGrowthContent(null)).toBe(false);
    expect(
      hasGrowthContent({ actionable_outcomes: [], strengths_identified: [], growth_areas: [], growth_summary: " " }),
    ).toBe(false);
    expect(hasGrowthContent({ strengths_identified: ["Honesty"] })).toBe(true);
    expect(hasGrowthContent({ growth_summary: "Steady progress." })).toBe(true);
    expect(
      hasGrowthContent({
        actionable_outcomes: [{ title: "Walk", description: "", timeframe: "1 week", category: "behavioral" }],
      }),
    ).toBe(true);
  });
  it("has the spec's text for no data", () => {
    expect(GROWTH_COMING_SOON).toBe(
      "Growth insights coming soon. Continue journaling to unlock personalized growth recommendations and actionable outcomes.",
    );
  });
});
