import { describe, expect, it } from "vitest";
import { BASIC_READING_NOTE, offlineReviewBody } from "@/domain/review-basic-reading";
import { buildEvidence, keepPeriodCitations, type ReviewEntryInput } from "@/domain/reviews";
import { capitalWords, countPeople, isWholeSentence, pickQuotes, sentencesOf } from "@/domain/review-words";
import {
  endedPeriodsToOffer,
  periodBounds,
  previousPeriod,
  reviewConfigKey,
  reviewTitle,
} from "@/domain/review-periods";

const entry = (over: Partial<ReviewEntryInput> & { id: string; day: string }): ReviewEntryInput => ({
  title: "",
  content: "",
  statedMood: null,
  aiMoodScore: null,
  themes: [],
  tags: [],
  wordCount: 10,
  ...over,
});

describe("period bounds", () => {
  it("a week runs Monday to Sunday, across a month and a year's edge", () => {
    expect(periodBounds("week", "2026-11-25")).toEqual({
      period: "week",
      start: "2026-11-23",
      end: "2026-11-29",
      days: 7,
    });
    expect(periodBounds("week", "2026-11-23").start).toBe("2026-11-23");
    expect(periodBounds("week", "2026-11-29").start).toBe("2026-11-23");
    expect(periodBounds("week", "2026-11-30").start).toBe("2026-11-30");
    // Thursday 1 January 2026 is in the week that starts on Monday 29 December 2025.
    expect(periodBounds("week", "2026-01-01")).toMatchObject({ start: "2025-12-29", end: "2026-01-04" });
    expect(periodBounds("week", "2027-01-03")).toMatchObject({ start: "2026-12-28", end: "2027-01-03" });
  });

  it("months and years are calendar ones, leap years included", () => {
    expect(periodBounds("month", "2028-02-10")).toMatchObject({ start: "2028-02-01", end: "2028-02-29", days: 29 });
    expect(periodBounds("month", "2026-02-28")).toMatchObject({ start: "2026-02-01", end: "2026-02-28", days: 28 });
    expect(periodBounds("month", "2026-12-31")).toMatchObject({ start: "2026-12-01", end: "2026-12-31", days: 31 });
    expect(periodBounds("year", "2026-06-15")).toMatchObject({ start: "2026-01-01", end: "2026-12-31", days: 365 });
    expect(periodBounds("year", "2028-12-31")).toMatchObject({ start: "2028-01-01", end: "2028-12-31", days: 366 });
  });

  it("the period before, the titles and the Config key", () => {
    expect(previousPeriod(periodBounds("week", "2026-01-01"))).toMatchObject({
      start: "2025-12-22",
      end: "2025-12-28",
    });
    expect(previousPeriod(periodBounds("month", "2026-03-31"))).toMatchObject({
      start: "2026-02-01",
      end: "2026-02-28",
    });
    expect(previousPeriod(periodBounds("year", "2026-03-31"))).toMatchObject({
      start: "2025-01-01",
      end: "2025-12-31",
    });
    expect(reviewTitle(periodBounds("week", "2026-11-25"))).toBe("Week of 23 November 2026");
    expect(reviewTitle(periodBounds("month", "2026-11-25"))).toBe("November 2026");
    expect(reviewTitle(periodBounds("year", "2026-11-25"))).toBe("Your year in Reverie 2026");
    expect(reviewConfigKey(periodBounds("week", "2026-11-25"))).toBe("review:week:2026-11-23");
  });

  it("refuses a date that is not a calendar day", () => {
    expect(() => periodBounds("week", "2026-02-30")).toThrow(RangeError);
  });

  it("offers the review of a period just ended, in its first days only", () => {
    const offered = (d: string) => endedPeriodsToOffer(d).map((b) => `${b.period}:${b.start}`);
    // Friday 1 January 2027: the year and the month ended; the week has not.
    expect(offered("2027-01-01")).toEqual(["year:2026-01-01", "month:2026-12-01"]);
    expect(offered("2026-11-30")).toEqual(["week:2026-11-23"]); // a Monday
    expect(offered("2026-12-01")).toEqual(["month:2026-11-01", "week:2026-11-23"]); // a Tuesday
    expect(offered("2026-11-26")).toEqual([]);
    expect(offered("2027-01-08")).toEqual([]);
  });
});

describe("quotes are whole sentences in the person's own words", () => {
  it("never a half sentence, a list item or a marker", () => {
    const text =
      "**Today** was long. I felt proud of how I handled the meeting with Ana.\n" +
      "• bought milk and bread for the week\n1. call the bank about the card\n" +
      "and then the bus was late again\nWe walked home slowly... It was fine.";
    const s = sentencesOf(text);
    expect(s).toContain("Today was long.");
    expect(s).toContain("I felt proud of how I handled the meeting with Ana.");
    expect(s).toContain("It was fine.");
    expect(s.some((x) => x.includes("milk") || x.includes("bank") || x.includes("bus"))).toBe(false);
    expect(s.some((x) => x.includes("**") || x.startsWith("•"))).toBe(false);
    expect(s.some((x) => x.includes("..."))).toBe(false);
    for (const x of s) expect(isWholeSentence(x)).toBe(true);
    expect(isWholeSentence("and then it rained.")).toBe(false);
    expect(isWholeSentence("It rained and")).toBe(false);
    expect(isWholeSentence("“It rained all day.”")).toBe(true);
  });

  it("three quotes from three entries, the best and hardest days first, never words that show risk", () => {
    const entries = [
      entry({ id: "a", day: "2026-11-16", content: "I felt calm by the river this morning. It was good." }),
      entry({ id: "b", day: "2026-11-17", content: "I want to kill myself tonight, I have the pills ready." }),
      entry({ id: "c", day: "2026-11-18", content: "Work was hard and I felt tired all day long." }),
      entry({ id: "d", day: "2026-11-19", content: "We laughed at dinner and I felt so grateful for them." }),
      entry({ id: "e", day: "2026-11-20", content: "- list\nshort." }),
    ];
    const quotes = pickQuotes(entries, ["d", "c"]);
    expect(quotes.map((q) => q.entry_id)).toEqual(["a", "c", "d"]);
    expect(quotes.map((q) => q.text)).toEqual([
      "I felt calm by the river this morning.",
      "Work was hard and I felt tired all day long.",
      "We laughed at dinner and I felt so grateful for them.",
    ]);
  });
});

describe("the evidence", () => {
  const bounds = periodBounds("week", "2026-11-18");
  const entries = [
    entry({
      id: "mon",
      day: "2026-11-16",
      title: "Walk",
      content: "I walked with Sam and felt calm again.",
      aiMoodScore: 7,
      themes: ["nature"],
    }),
    entry({
      id: "wed",
      day: "2026-11-18",
      title: "Deadline",
      content: "Work ran late and I felt tense all evening.",
      aiMoodScore: 8,
      statedMood: 3,
      themes: ["work"],
    }),
    entry({
      id: "fri",
      day: "2026-11-20",
      title: "Dinner",
      content: "Sam cooked and we laughed for hours together.",
      aiMoodScore: 9,
      themes: ["friends", "work"],
      tags: ["food"],
    }),
    entry({ id: "rev", day: "2026-11-21", title: "Week of...", content: "Review.", aiMoodScore: 1, tags: ["review"] }),
  ];
  const checkIns = [
    { day: "2026-11-18", mood: 3, activities: ["work"] },
    { day: "2026-11-19", mood: 6, activities: ["exercise"] },
    { day: "2026-11-20", mood: 9, activities: ["friends", "exercise"] },
  ];
  const previous = [
    { content: "Work, work and more work with Sam.", themes: ["work"], tags: [] },
    { content: "Sleep was bad.", themes: ["sleep"], tags: [] },
    { content: "Sleep again.", themes: ["sleep"], tags: [] },
  ];
  const ev = buildEvidence({ bounds, entries, previous, checkIns });

  it("the mood curve takes stated moods first, then inferred; review entries are left out", () => {
    expect(ev.curve).toEqual([
      { date: "2026-11-16", mood: 7, source: "inferred" },
      { date: "2026-11-18", mood: 3, source: "stated" },
      { date: "2026-11-19", mood: 6, source: "stated" },
      { date: "2026-11-20", mood: 9, source: "stated" },
    ]);
    expect(ev.stated_days).toBe(3);
    expect(ev.average_mood).toBe(6.3);
    expect(ev.numbers).toEqual({ entries: 3, words: 30, days_written: 3, checkins: 3 });
  });

  it("best and hardest days link to their entries", () => {
    expect(ev.best).toEqual({ date: "2026-11-20", mood: 9, entry_id: "fri", entry_title: "Dinner" });
    expect(ev.hardest).toEqual({ date: "2026-11-18", mood: 3, entry_id: "wed", entry_title: "Deadline" });
  });

  it("themes, people and what changed from the period before", () => {
    expect(ev.themes).toEqual([
      { name: "work", count: 2, before: 1 },
      { name: "food", count: 1, before: 0 },
      { name: "friends", count: 1, before: 0 },
      { name: "nature", count: 1, before: 0 },
    ]);
    expect(ev.faded).toEqual(["sleep"]);
    expect(ev.people).toEqual([{ name: "Sam", count: 2, before: 1 }]);
  });

  it("the activities that went with better days", () => {
    expect(ev.good_activities).toEqual(["You tend to feel better on days you exercise: 2 days, +1.5"]);
  });

  it("questions for the next period", () => {
    expect(ev.questions).toHaveLength(3);
    expect(ev.questions[0]).toBe(
      "Work came up more often than before: what would you like to notice about it next week?",
    );
    expect(ev.questions[1]).toContain("Wednesday 18 November");
  });

  it("the offline body says it in plain words, in the editor's markers, labelled as a basic reading", () => {
    const body = offlineReviewBody(ev);
    expect(body.startsWith(BASIC_READING_NOTE)).toBe(true);
    expect(body).toContain("You wrote 3 entries on 3 days this week (30 words) and checked in 3 times.");
    expect(body).toContain(
      "Your mood averaged 6.3 out of 10 over 4 days with a mood (3 days from your check-ins, 1 day read from your writing).",
    );
    expect(body).toContain("• Best day: Friday 20 November, 9 (“Dinner”)");
    expect(body).toContain("• Work: 2 entries, up from 1");
    expect(body).toContain("Less present than the week before: sleep.");
    expect(body).toContain("• Sam: 2 entries, up from 1");
    expect(body).toContain("**What went with your better days**");
    expect(body).toContain("**Questions for the next week**");
    // Plain words: no figures of speech about the person, no clinical words, no jargon.
    expect(body).not.toMatch(/\b(?:diagnos|disorder|symptom|correlat|sentiment|variance|NaN|undefined|null)\w*/iu);
    expect(body).not.toMatch(/Review\./u);
  });

  it("an empty period reads kindly", () => {
    const none = buildEvidence({ bounds, entries: [], previous: [], checkIns: [] });
    const body = offlineReviewBody(none);
    expect(body).toContain("You wrote 0 entries on 0 days this week (0 words).");
    expect(body).toContain("There is nothing written for this week yet, and that is all right.");
    expect(body).toContain("No mood was recorded this week.");
    expect(none.best).toBeNull();
    expect(none.questions).toHaveLength(3);
  });
});

describe("people and citations", () => {
  it("a name counts at a sentence's start once it is known; weekdays and months never", () => {
    const texts = ["I met Ana on Monday in March.", "Ana and I had tea.", "Today I rested."].map(capitalWords);
    expect([...countPeople(texts)]).toEqual([["Ana", 2]]);
    // Only ever at a sentence's start: not known as a name.
    expect([...countPeople(["Ana called.", "Ana left."].map(capitalWords))]).toEqual([]);
    expect(countPeople([capitalWords("Mum phoned.")]).get("Mum")).toBe(1);
  });

  it("keeps only citations of the period's entries", () => {
    expect(keepPeriodCitations(["a", " b ", "x", "a"], new Set(["a", "b"]))).toEqual(["a", "b"]);
    expect(keepPeriodCitations(["x"], new Set(["a"]))).toEqual([]);
  });
});
