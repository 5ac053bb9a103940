import { describe, expect, it } from "vitest";
import { emotionRows, formatPercent, GROWTH_COMING_SOON, hasGrowthContent, themeRows } from "@/domain/insights-view";

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
  it("keeps the 3 largest shares as '{emotion} emotions'", () => {
    const rows = emotionRows([
      { emotion: "calm", percentage: 12.5 },
      { emotion: "joyful", percentage: 37.5 },
      { emotion: "anxious", percentage: 25 },
      { emotion: "tired", percentage: 25.04 },
    ]);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["Joyful emotions", "37.5%"],
      ["Tired emotions", "25.0%"],
      ["Anxious emotions", "25.0%"],
    ]);
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

describe("themeRows", () => {
  it("keeps the 3 most frequent as '{theme} theme' with counts", () => {
    const rows = themeRows([
      { theme: "work", frequency: 4 },
      { theme: "family", frequency: 1 },
      { theme: "sleep", frequency: 2 },
      { theme: "music", frequency: 3 },
    ]);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["Work theme", "4 times"],
      ["Music theme", "3 times"],
      ["Sleep theme", "2 times"],
    ]);
    expect(rows[0].share).toBe(100);
    expect(rows[2].share).toBe(50);
    expect(themeRows([{ theme: "family", frequency: 1 }])[0].value).toBe("1 time");
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
