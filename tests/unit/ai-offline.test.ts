import { describe, expect, it } from "vitest";
import { EMOTION_WORDS, moodBand } from "@/domain/mood";
import { SUGGESTED_TAGS } from "@/domain/constants";
import {
  analyzeTextOffline,
  chatReplyOffline,
  growthOffline,
  insightsSummaryOffline,
  moodFromSentiment,
  summarizeConversationOffline,
  supportOffline,
} from "@/server/ai/offline/analyzer";
import { NEGATIVE_BELOW, POSITIVE_FROM } from "@/server/ai/offline/mood";

const POSITIVE = [
  "I had a wonderful day with my family. We laughed so much at dinner and I feel really grateful.",
  "Finished my project at work today and my manager loved it. I am so proud and happy!",
  "The hike this morning was amazing, the sunrise was beautiful and I felt calm and joyful.",
];
const NEUTRAL = [
  "I went to the store and bought milk. Then I came home and made lunch.",
  "Today I had a meeting at nine, then answered emails. In the evening I read a book.",
];
const NEGATIVE = [
  "I feel terrible, lonely and exhausted. Everything went wrong at work and I cried in the car.",
  "Today was awful. I am anxious and sad, and I hate how stressful this week has been.",
];
const NEGATED = [
  { text: "I am not happy at all today. It was not a good day.", band: "negative" },
  { text: "Work was not bad today, honestly it was not terrible at all.", band: "positive" },
];

describe("offline analyzer: mood bands", () => {
  it.each(POSITIVE)("positive: %s", (t) => {
    const a = analyzeTextOffline(t);
    expect(moodBand(a.mood_score)).toBe("positive");
    expect(EMOTION_WORDS.positive).toContain(a.primary_emotion);
  });
  it.each(NEUTRAL)("neutral: %s", (t) => {
    const a = analyzeTextOffline(t);
    expect(moodBand(a.mood_score)).toBe("neutral");
  });
  it.each(NEGATIVE)("negative: %s", (t) => {
    const a = analyzeTextOffline(t);
    expect(moodBand(a.mood_score)).toBe("negative");
    expect(EMOTION_WORDS.negative).toContain(a.primary_emotion);
  });
  it.each(NEGATED)("negation flips the band: $text", ({ text, band }) => {
    expect(moodBand(analyzeTextOffline(text).mood_score)).toBe(band);
  });
  it("does not name a positive emotion for a negated one", () => {
    const a = analyzeTextOffline("I am not happy and not excited about anything.");
    expect(["happy", "excited"]).not.toContain(a.primary_emotion);
  });
});

describe("offline analyzer: fields", () => {
  it("fills every field of the text analysis within its limits", () => {
    const a = analyzeTextOffline(
      "Work was stressful today. My manager moved the project deadline again. In the evening I went for a run in the park and felt better.",
    );
    expect(Number.isInteger(a.mood_score)).toBe(true);
    expect(a.mood_score).toBeGreaterThanOrEqual(1);
    expect(a.mood_score).toBeLessThanOrEqual(10);
    expect(a.themes).toContain("work");
    expect(a.themes.length).toBeLessThanOrEqual(5);
    expect(a.suggested_tags).toEqual(expect.arrayContaining(["work", "exercise", "evening"]));
    expect(a.suggested_tags.length).toBeLessThanOrEqual(5);
    // The summary carries the arc (stressful work, a run that helped) and does not copy the opening.
    expect(a.summary.startsWith("Work was stressful today.")).toBe(false);
    expect(a.summary).toMatch(/stressful|deadline/);
    expect(a.summary).toMatch(/run|felt better/);
    expect(a.summary.length).toBeLessThanOrEqual(260);
    expect(a.follow_up_questions).toHaveLength(3);
    for (const q of a.follow_up_questions) expect(q.endsWith("?")).toBe(true);
  });
  it("suggests tags from the spec's list first", () => {
    const a = analyzeTextOffline("Sunday morning coffee with friends, then a long walk. Such a good weekend.");
    const fromList = a.suggested_tags.filter((t) => (SUGGESTED_TAGS as readonly string[]).includes(t));
    expect(fromList).toEqual(expect.arrayContaining(["friends", "weekend", "morning"]));
  });
  it("keeps the summary of a long run-on sentence short, cut at a word", () => {
    const long = `${"This is a long sentence about my day that goes on ".repeat(10)}end.`;
    const a = analyzeTextOffline(long);
    expect(a.summary.length).toBeLessThanOrEqual(200);
    expect(a.summary).toMatch(/\w(?:\.\.\.)?\.$/);
  });
  it("maps sentiment onto the mood scale so the bands fall at the thresholds", () => {
    expect(moodFromSentiment(0)).toBe(5);
    expect(moodFromSentiment(1)).toBe(10);
    expect(moodFromSentiment(-1)).toBe(1);
    expect(moodBand(moodFromSentiment(POSITIVE_FROM))).toBe("positive");
    expect(moodBand(moodFromSentiment(POSITIVE_FROM - 0.01))).toBe("neutral");
    expect(moodBand(moodFromSentiment(NEGATIVE_BELOW))).toBe("negative");
    expect(moodBand(moodFromSentiment(NEGATIVE_BELOW + 0.01))).toBe("neutral");
    for (let s = -1; s <= 1; s += 0.05)
      expect(moodFromSentiment(s + 0.05)).toBeGreaterThanOrEqual(moodFromSentiment(s));
  });
});

const articleOk = (t: string) => !/\ba [aeiou]/iu.test(t) && !/\ban [^aeiou\s]/iu.test(t);

describe("offline companion texts", () => {
  it("chat reply reflects the topic and asks a question", () => {
    const r = chatReplyOffline("My sister visited and we cooked dinner together, it was lovely.", []);
    expect(r).toMatch(/family|sister|dinner/u);
    expect(r.trim().endsWith("?")).toBe(true);
  });
  it("conversation summary keeps the person's words and the spec's default tags", () => {
    const s = summarizeConversationOffline([
      { role: "user", content: "Work has been exhausting and I feel drained." },
      { role: "assistant", content: "That sounds hard. What is weighing on you most?" },
      { role: "user", content: "The deadline on Friday." },
    ]);
    expect(s.content).toContain("Work has been exhausting");
    expect(s.content).not.toContain("What is weighing on you");
    // Title and tags come from what was said, never the generic default.
    expect(s.tags).toContain("work");
    expect(s.tags).toContain("reflection");
    expect(s.title).toBe("A tired day");
    expect(s.mood_score).toBeLessThan(5);
  });
  it("Generate Entry titles a lonely week by its feeling, not by a stray topic", () => {
    const s = summarizeConversationOffline([
      {
        role: "user",
        content: "This week has been so lonely. Nobody called and I ate dinner alone every night after work.",
      },
      { role: "assistant", content: "That sounds lonely." },
      { role: "user", content: "I miss having people around." },
    ]);
    expect(s.title).toBe("A lonely week");
    expect(s.title).not.toMatch(/Chat Reflection/u);
  });
  it("Generate Entry writes a/an before the feeling correctly", () => {
    const s = summarizeConversationOffline([
      { role: "user", content: "Work was a nightmare today, my boss shouted at me in the meeting." },
    ]);
    expect(s.title).toMatch(/^An? \w+ day$/u);
    expect(articleOk(s.title)).toBe(true);
  });
  it("support names the 988 line", () => {
    const s = supportOffline("I feel hopeless about work.");
    expect(s.gentle_reminder).toContain("988");
    expect(s.motivational_phrases.length).toBeGreaterThan(0);
    expect(s.evening_suggestions.length).toBeGreaterThan(0);
    expect(s.tomorrow_suggestions.length).toBeGreaterThan(0);
  });
  it("insights and growth texts use the facts", () => {
    const facts = {
      entry_count: 4,
      average_mood: 4.2,
      top_emotions: [{ emotion: "anxious", percentage: 50 }],
      top_themes: [{ theme: "work", frequency: 3 }],
      mood_change: null,
    };
    expect(insightsSummaryOffline(facts)).toContain("4 entries");
    expect(insightsSummaryOffline(facts)).toContain("You felt anxious more often than anything else, in 2 entries.");
    const g = growthOffline(facts);
    expect(g.actionable_outcomes.length).toBeGreaterThanOrEqual(2);
    for (const o of g.actionable_outcomes)
      expect(["emotional", "behavioral", "mindset", "relationship"]).toContain(o.category);
    expect(g.growth_areas.join(" ")).toMatch(/anxious|work/);
  });
});
