import { describe, expect, it } from "vitest";
import { moodLineRuns, moodSeries } from "@/domain/home";
import {
  emotionRows,
  feelingShareSentence,
  feltInEntries,
  feltMostOften,
  listInWords,
  mostWrittenAbout,
  themeMoodSentence,
  writingHabitSentence,
} from "@/domain/insights-view";
import { growthOffline, insightsSummaryOffline, type DayFacts } from "@/server/ai/offline/insights";

/** Words that would claim one thing causes another, which these figures can never show. */
const CAUSAL =
  /\b(because|causes?|caused|makes you|made you|leads? to|led to|results? in|due to|thanks to|boosts?)\b/iu;
/** The spreadsheet lines a new user saw. */
const SPREADSHEET = /%|\bemotions\b|averaged|against|Areas for|Days with/u;

describe("Patterns in plain sentences", () => {
  it("says a feeling and its share as a person would, never a percent", () => {
    expect(feelingShareSentence("joyful", 50)).toBe("You felt joyful in about half of your entries");
    expect(feelingShareSentence("Anxious", 16.7)).toBe("You felt anxious in about 1 in 6 of your entries");
    expect(feelingShareSentence("positive", 70)).toBe("You felt good in most of your entries");
    expect(feelingShareSentence("negative", 5)).toBe("You felt low in a few of your entries");
  });

  it("says 'neutral' as entries without a strong feeling, and never puts it first", () => {
    expect(feelingShareSentence("neutral", 30.8)).toBe("About a third of your entries had no strong feeling");
    const rows = emotionRows([
      { emotion: "neutral", percentage: 30.8 },
      { emotion: "happy", percentage: 23 },
      { emotion: "calm", percentage: 15.4 },
    ]);
    expect(rows.map((r) => r.label)).toEqual([
      "You felt happy in about a quarter of your entries",
      "You felt calm in about 1 in 6 of your entries",
      "About a third of your entries had no strong feeling",
    ]);
    for (const r of rows) expect(r.label).not.toMatch(SPREADSHEET);
  });

  it("names what the person wrote most about, only from themes that came up twice or more", () => {
    expect(
      mostWrittenAbout(
        [
          { theme: "work", frequency: 6 },
          { theme: "Sleep", frequency: 4 },
          { theme: "family", frequency: 2 },
        ],
        "in the last 30 days",
      ),
    ).toBe("You wrote most about work and sleep in the last 30 days");
    // A second theme far behind the first is not named beside it.
    expect(
      mostWrittenAbout([
        { theme: "work", frequency: 9 },
        { theme: "sleep", frequency: 2 },
      ]),
    ).toBe("You wrote most about work");
    expect(mostWrittenAbout([{ theme: "music", frequency: 1 }])).toBeNull();
    expect(mostWrittenAbout(undefined)).toBeNull();
    expect(listInWords(["work", "sleep", "family"])).toBe("work, sleep and family");
  });
});

describe("growth and summary sentences", () => {
  it("says how a theme's days compare, with the days behind it and never a cause", () => {
    expect(themeMoodSentence({ theme: "outdoors", days: 12, difference: 1.4 })).toBe(
      "You tend to feel better on days you write about outdoors: 12 days, +1.4",
    );
    expect(themeMoodSentence({ theme: "Sleep", days: 3, difference: -2.5 })).toBe(
      "You tend to feel lower on days you write about sleep: 3 days, \u22122.5",
    );
    expect(themeMoodSentence({ theme: "work", days: 1, difference: 0.1 })).toBe(
      "Your mood is about the same on days you write about work: 1 day, +0.1",
    );
  });

  it("says feelings and writing habits in the person's terms", () => {
    expect(feltInEntries("happy", 3)).toBe("You felt happy in 3 entries");
    expect(feltInEntries("anxious", 1)).toBe("You felt anxious in 1 entry");
    expect(feltMostOften("tired", 3)).toBe("You felt tired more often than anything else, in 3 entries");
    expect(writingHabitSentence(6, 6)).toBe("You have written 6 days in a row");
    expect(writingHabitSentence(0, 8)).toBe("You wrote on 8 days");
  });

  it("gives the offline growth card and summary no spreadsheet line and no cause", () => {
    const day = (date: string, mood: number, themes: string[], emotions: string[]): DayFacts => ({
      date,
      mood,
      entries: 1,
      themes,
      emotions,
    });
    // The walkthrough's week: sleep on the hard days, a walk outdoors on the good ones.
    const days = [
      day("2026-11-20", 3, ["sleep"], ["anxious"]),
      day("2026-11-21", 8, ["outdoors"], ["happy"]),
      day("2026-11-22", 3, ["sleep", "work"], ["anxious"]),
      day("2026-11-23", 7.5, ["outdoors", "family"], ["happy"]),
      day("2026-11-24", 4, ["work"], ["anxious"]),
      day("2026-11-25", 7, ["outdoors"], ["calm"]),
    ];
    const facts = {
      entry_count: 6,
      average_mood: 5.4,
      top_emotions: [
        { emotion: "anxious", percentage: 50 },
        { emotion: "happy", percentage: 33.3 },
        { emotion: "calm", percentage: 16.7 },
      ],
      top_themes: [
        { theme: "outdoors", frequency: 3 },
        { theme: "sleep", frequency: 2 },
        { theme: "work", frequency: 2 },
      ],
      mood_change: null,
      days,
      range_days: 30,
      streak: 0,
    };
    const g = growthOffline(facts);
    expect(g.strengths_identified).toContain("You tend to feel better on days you write about outdoors: 3 days, +4.2");
    expect(g.growth_areas).toContain("You felt anxious in 3 entries");
    const all = [
      ...g.strengths_identified,
      ...g.growth_areas,
      ...g.actionable_outcomes.flatMap((o) => [o.title, o.description]),
      g.growth_summary,
      insightsSummaryOffline(facts),
    ];
    for (const line of all) {
      expect(line).not.toMatch(CAUSAL);
      expect(line).not.toMatch(SPREADSHEET);
    }
  });
});

describe("the mood line's gaps", () => {
  const series = moodSeries(
    [
      { date: "2026-10-30", count: 1, average_mood: 6 },
      { date: "2026-10-31", count: 2, average_mood: 7 },
      // three empty weeks
      { date: "2026-11-21", count: 1, average_mood: 4 },
      { date: "2026-11-23", count: 1, average_mood: 8 },
      { date: "2026-11-24", count: 1, average_mood: 5 },
      { date: "2026-11-25", count: 1, average_mood: null },
      { date: "2026-11-26", count: 1, average_mood: 3 },
    ],
    "2026-10-29",
    "2026-11-27",
  );

  it("joins only days in a row: a day or weeks without a mood break the line", () => {
    const runs = moodLineRuns(series);
    expect(runs.map((r) => r.map((p) => [p.date, p.mood]))).toEqual([
      [
        ["2026-10-30", 6],
        ["2026-10-31", 7],
      ],
      [["2026-11-21", 4]],
      [
        ["2026-11-23", 8],
        ["2026-11-24", 5],
      ],
      // An entry without a reading is no mood: the line breaks there too.
      [["2026-11-26", 3]],
    ]);
  });

  it("keeps each point at its day's place on the axis", () => {
    const runs = moodLineRuns(series);
    expect(runs.flat().map((p) => p.index)).toEqual([1, 2, 23, 25, 26, 28]);
    expect(series).toHaveLength(30);
  });

  it("has no runs without moods, and one run for a full month", () => {
    expect(moodLineRuns(moodSeries([], "2026-11-01", "2026-11-30"))).toEqual([]);
    const full = moodSeries(
      Array.from({ length: 30 }, (_, i) => ({
        date: `2026-11-${String(i + 1).padStart(2, "0")}`,
        count: 1,
        average_mood: 5,
      })),
      "2026-11-01",
      "2026-11-30",
    );
    expect(moodLineRuns(full).map((r) => r.length)).toEqual([30]);
  });
});
