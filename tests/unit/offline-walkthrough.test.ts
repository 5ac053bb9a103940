import { describe, expect, it } from "vitest";
import { EMOTION_WORDS, moodBand } from "@/domain/mood";
import { readingSource } from "@/domain/models";
import { analyzeTextOffline } from "@/server/ai/offline/analyzer";
import { THEME_CUES } from "@/server/ai/offline/themes";

/** The new user's week of the walkthrough, read by the offline analyzer. */

const SNORKELLING =
  "Spent the whole morning snorkelling on the reef with Dad. He was nervous in the water at first but by the end he was pointing out every fish. One of the best days of the year.";
const THREE_AM =
  "It's 3 am and I can't sleep. My chest is tight and I keep going over the meeting tomorrow. What if they think I'm not good enough? I've been lying here for two hours.";
const REUNION = "An encounter with a man whom I love, after a very long separation.";
const ARGUMENT =
  "Had a shouting argument with Jess over something stupid. We were both yelling in the street and she stormed off. I'm still shaking.";
const RUN_THEN_ROW =
  "Good run, bad evening. The morning run was great, felt strong the whole way. Then I argued with Sam about the holiday and I'm not happy with how I handled it.";
const FIRST_ENTRY = `I woke up early and made proper coffee for once. Little joys:
- the quiet flat
- the smell of coffee from the kiosk
• finishing my book on the balcony`;
const GRAN = `"You look well, pet," said Gran when I walked in. Then she made me eat three scones and told me all the village gossip. I love visiting her.`;
const WALK =
  "Went for a long walk by the river this morning before anyone was up. The mist on the water, a heron, total quiet. Felt like myself again.";
const THREE_GOOD_THINGS =
  "Three good things: the barista remembered my order, Maya sent me a voice note singing happy birthday, and the sun came out on the way home.";
const NOUNS =
  "The clicker on the counter kept going all night and the adrenaline from the match wore off slowly. The smell of popcorn stayed in the flat.";

const lexicon = new Set(Object.keys(THEME_CUES));

describe("offline analyzer: the walkthrough's entries", () => {
  it("reads one of the best days of the year as a great day, not an ordinary one", () => {
    const a = analyzeTextOffline(SNORKELLING);
    expect(a.mood_score).toBeGreaterThanOrEqual(7);
    expect(EMOTION_WORDS.positive).toContain(a.primary_emotion);
    expect(a.summary).not.toMatch(/ordinary/i);
  });

  it("reads the 3 am entry as anxious and asks about the worry", () => {
    const a = analyzeTextOffline(THREE_AM);
    expect(moodBand(a.mood_score)).toBe("negative");
    expect(a.primary_emotion).toBe("anxious");
    expect(a.summary).not.toMatch(/ordinary/i);
    expect(a.follow_up_questions.join(" ")).toMatch(/worry|safer/i);
    expect(a.themes).toContain("sleep");
  });

  it("reads a reunion with someone loved as positive", () => {
    const a = analyzeTextOffline(REUNION);
    expect(moodBand(a.mood_score)).toBe("positive");
    expect(EMOTION_WORDS.positive).toContain(a.primary_emotion);
  });

  it("reads a shouting argument as negative and angry", () => {
    const a = analyzeTextOffline(ARGUMENT);
    expect(moodBand(a.mood_score)).toBe("negative");
    expect(["angry", "frustrated"]).toContain(a.primary_emotion);
  });

  it("keeps both halves of a mixed day in the summary and asks about both", () => {
    const a = analyzeTextOffline(RUN_THEN_ROW);
    expect(a.summary).toMatch(/run/i);
    expect(a.summary).toMatch(/Sam|argued|handled/);
    expect(a.follow_up_questions.join(" ")).toMatch(/good part and the hard part/);
  });

  it("summarises a list without list markers, half sentences or headings", () => {
    const a = analyzeTextOffline(FIRST_ENTRY);
    expect(a.summary).not.toMatch(/[•]|(?:^|\s)-\s|\.\.\.|:\s*$|joys:/);
    expect(a.summary).toMatch(/coffee/);
    expect(a.follow_up_questions.join(" ")).not.toMatch(/\bwork\b/);
  });

  it("does not take 'pet' as a form of address for pets", () => {
    const a = analyzeTextOffline(GRAN);
    expect(a.themes).not.toContain("pets");
    expect(a.themes).toContain("family");
  });

  it("asks about a morning walk without naming work or health", () => {
    const a = analyzeTextOffline(WALK);
    expect(moodBand(a.mood_score)).not.toBe("negative");
    expect(a.follow_up_questions.join(" ")).not.toMatch(/\bwork\b|your health/);
  });

  it("asks about three good things without naming health", () => {
    const a = analyzeTextOffline(THREE_GOOD_THINGS);
    expect(moodBand(a.mood_score)).toBe("positive");
    expect(a.follow_up_questions.join(" ")).not.toMatch(/health/);
  });

  it("names themes from the topic lexicon and named people and places, never other nouns", () => {
    for (const text of [NOUNS, SNORKELLING, FIRST_ENTRY, THREE_GOOD_THINGS, RUN_THEN_ROW]) {
      const { themes } = analyzeTextOffline(text);
      for (const t of themes) expect(lexicon.has(t) || /^[a-z][a-z'-]+$/.test(t)).toBe(true);
      expect(themes).not.toEqual(expect.arrayContaining(["smell"]));
      for (const noun of ["clicker", "counter", "adrenaline", "smell", "popcorn", "reef", "snorkeling", "coffee"])
        expect(themes).not.toContain(noun);
    }
    expect(analyzeTextOffline(RUN_THEN_ROW).themes).toContain("sam");
  });

  it("answers with a word of the product's emotion vocabulary", () => {
    const all: string[] = [...EMOTION_WORDS.positive, ...EMOTION_WORDS.neutral, ...EMOTION_WORDS.negative];
    for (const t of [SNORKELLING, THREE_AM, REUNION, ARGUMENT, RUN_THEN_ROW, FIRST_ENTRY, GRAN, WALK])
      expect(all).toContain(analyzeTextOffline(t).primary_emotion);
  });
});

describe("what a reading is", () => {
  it("calls the offline analyzer a basic reading, Ollama a model on the person's server, and cloud models cloud", () => {
    expect(readingSource("local/offline")).toEqual({ kind: "offline", label: "Basic reading, no AI model" });
    expect(readingSource(null).kind).toBe("offline");
    expect(readingSource("ollama/gemma3n:e4b")).toEqual({
      kind: "local",
      label: "Read by gemma3n:e4b on your own Ollama server",
    });
    expect(readingSource("gemini/gemini-2.5-flash").label).toBe(
      "Read by Gemini (cloud model): the text was sent to Google",
    );
    expect(readingSource("openai/gpt-4o-mini").kind).toBe("cloud");
  });
});
