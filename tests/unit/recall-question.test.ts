import { describe, expect, it } from "vitest";
import { isDirectQuestion, isJournalQuestion, parseRecallQuestion, type RecallContext } from "@/domain/recall";

// Friday 27 November 2026, 15:00 in London (UTC+0 in winter).
const ctx: RecallContext = {
  now: new Date("2026-11-27T15:00:00Z"),
  timeZone: "Europe/London",
  knownTags: ["work", "family", "running"],
  knownActivities: ["running", "reading", "friends"],
};
const plan = (q: string, c: Partial<RecallContext> = {}) => parseRecallQuestion(q, { ...ctx, ...c });
const range = (q: string, c: Partial<RecallContext> = {}) => {
  const r = plan(q, c).range;
  return r ? [r.start.toISOString(), r.end.toISOString()] : null;
};

describe("time in a question", () => {
  it("last March is the most recent March that has ended; March alone the most recent one", () => {
    // April begins at 23:00 UTC on 31 March: London is on summer time by then.
    expect(range("What did I write last March?")).toEqual(["2026-03-01T00:00:00.000Z", "2026-03-31T23:00:00.000Z"]);
    expect(range("what happened in march")).toEqual(["2026-03-01T00:00:00.000Z", "2026-03-31T23:00:00.000Z"]);
    // In February, last March is the year before.
    expect(range("last March", { now: new Date("2026-02-10T12:00:00Z") })).toEqual([
      "2025-03-01T00:00:00.000Z",
      "2025-03-31T23:00:00.000Z",
    ]);
    // December has not come yet this year: "in December" is last year's.
    expect(range("in December")).toEqual(["2025-12-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"]);
    expect(range("March 2025")).toEqual(["2025-03-01T00:00:00.000Z", "2025-03-31T23:00:00.000Z"]);
  });

  it("month bounds are local days (summer time in London starts an hour earlier in UTC)", () => {
    expect(range("in June")).toEqual(["2026-05-31T23:00:00.000Z", "2026-06-30T23:00:00.000Z"]);
    expect(range("in June", { timeZone: "America/New_York" })).toEqual([
      "2026-06-01T04:00:00.000Z",
      "2026-07-01T04:00:00.000Z",
    ]);
  });

  it("may the verb is not May the month", () => {
    expect(plan("I may have written about Sam").range).toBeNull();
    expect(range("what did I do in May")).toEqual(["2026-04-30T23:00:00.000Z", "2026-05-31T23:00:00.000Z"]);
  });

  it("seasons: this spring, in the summer, last winter", () => {
    expect(range("this spring")).toEqual(["2026-03-01T00:00:00.000Z", "2026-05-31T23:00:00.000Z"]);
    expect(range("how was I in the summer?")).toEqual(["2026-05-31T23:00:00.000Z", "2026-08-31T23:00:00.000Z"]);
    // Winter 2026/27 has not begun on 27 November: the last one is December 2025 to February 2026.
    expect(range("last winter")).toEqual(["2025-12-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"]);
    // In July, "last summer" is the year before; "this summer" is this one.
    const july = { now: new Date("2026-07-15T12:00:00Z") };
    expect(range("last summer", july)?.[0]).toBe("2025-05-31T23:00:00.000Z");
    expect(range("this summer", july)?.[0]).toBe("2026-05-31T23:00:00.000Z");
    expect(range("in the fall")).toEqual(["2026-08-31T23:00:00.000Z", "2026-12-01T00:00:00.000Z"]);
  });

  it("two weeks ago is that whole week, Monday to Sunday; days ago a single day", () => {
    expect(range("What was I doing two weeks ago?")).toEqual(["2026-11-09T00:00:00.000Z", "2026-11-16T00:00:00.000Z"]);
    expect(range("3 days ago")).toEqual(["2026-11-24T00:00:00.000Z", "2026-11-25T00:00:00.000Z"]);
    expect(range("a couple of months ago")).toEqual(["2026-08-31T23:00:00.000Z", "2026-09-30T23:00:00.000Z"]);
    expect(range("a year ago")).toEqual(["2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"]);
  });

  it("yesterday, last week, this month, last weekend, the past few days, in 2025", () => {
    expect(range("yesterday")).toEqual(["2026-11-26T00:00:00.000Z", "2026-11-27T00:00:00.000Z"]);
    expect(range("last week")).toEqual(["2026-11-16T00:00:00.000Z", "2026-11-23T00:00:00.000Z"]);
    expect(range("this month")).toEqual(["2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"]);
    expect(range("last weekend")).toEqual(["2026-11-21T00:00:00.000Z", "2026-11-23T00:00:00.000Z"]);
    expect(range("in the past three days")).toEqual(["2026-11-25T00:00:00.000Z", "2026-11-28T00:00:00.000Z"]);
    expect(range("what did I write in 2025")).toEqual(["2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"]);
  });

  it("no time words, no range", () => {
    expect(plan("When did I last feel like this?").range).toBeNull();
  });
});

describe("order, mood and filters", () => {
  it("when did I last … asks for the latest; first time for the earliest", () => {
    expect(plan("When did I last feel like this?").order).toBe("latest");
    expect(plan("When was the last time I went swimming?").order).toBe("latest");
    expect(plan("When did I first mention Sam?").order).toBe("earliest");
    expect(plan("What did I write about Sam?").order).toBe("relevance");
  });

  it("happiest and worst order by mood, and worst week asks for a period", () => {
    expect(plan("When was I happiest this year?")).toMatchObject({ order: "happiest", period: null });
    expect(plan("What was my worst week?")).toMatchObject({ order: "saddest", period: "week" });
    expect(plan("my best month in 2025")).toMatchObject({ order: "happiest", period: "month" });
    expect(plan("the best advice Sam gave me").order).toBe("relevance");
  });

  it("stated moods in the question: a feeling makes entries of that mood come first", () => {
    expect(plan("when did I feel lonely and low").mood).toBe("negative");
    expect(plan("times I was proud of myself").mood).toBe("positive");
    expect(plan("what did I write about the garden").mood).toBeNull();
  });

  it("tags with # or 'tagged' filter; known tags and activities named as words come first", () => {
    expect(plan("entries tagged work from last month")).toMatchObject({ tags: ["work"] });
    expect(plan("#family dinners")).toMatchObject({ tags: ["family"], terms: ["dinners"] });
    const p = plan("how did I feel after running with friends?");
    expect(p.tagHints).toEqual(["running"]);
    expect(p.activities).toEqual(["running", "friends"]);
    expect(plan("when did I go reading").activities).toEqual(["reading"]);
  });

  it("the words left are the ones that say what the entries are about", () => {
    expect(plan("What did I write about Sam in the spring?").terms).toEqual(["sam"]);
    expect(plan("When did I last feel anxious about the presentation at work?").terms).toEqual([
      "anxious",
      "presentation",
      "work",
    ]);
  });
});

describe("which messages are questions about the journal", () => {
  it("questions about what was written or lived", () => {
    for (const q of [
      "When did I last feel like this?",
      "What did I write about Sam in the spring?",
      "When was I happiest this year?",
      "Did I ever mention the dentist?",
      "how often did I go running in October",
      "What was my worst week?",
      "Search my journal for the trip to Lisbon",
    ])
      expect(isJournalQuestion(q), q).toBe(true);
  });

  it("not conversation, nor questions about the future", () => {
    for (const q of [
      "Feeling a bit restless today, not sure why.",
      "What should I do this weekend to feel less flat?",
      "I went running with Sam",
      "How are you?",
    ])
      expect(isJournalQuestion(q), q).toBe(false);
  });

  it("direct questions end with a question mark or start with a question word", () => {
    expect(isDirectQuestion("What should I do this weekend to feel less flat?")).toBe(true);
    expect(isDirectQuestion("should i call her")).toBe(true);
    expect(isDirectQuestion("Feeling a bit restless today, not sure why.")).toBe(false);
  });
});
