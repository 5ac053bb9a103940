import { describe, expect, it } from "vitest";
import {
  advanceGuide,
  asksCompanion,
  flowLength,
  GUIDED_FLOWS,
  isDirectQuestion,
  startGuide,
  summarizeGuide,
  titleWords,
  type GuideState,
  type Reading,
} from "@/domain/guided";

const neutral: Reading = { band: "neutral", people: [] };
const reader =
  (r: Partial<Reading> = {}) =>
  (): Reading => ({ ...neutral, ...r });

/** Plays a reflection to its end with the given answers. */
function play(flow: (typeof GUIDED_FLOWS)[number], answers: string[], read = reader()) {
  const replies = [startGuide(flow).reply];
  let state: GuideState | null = startGuide(flow).state;
  let last;
  for (const a of answers) {
    last = advanceGuide(state!, a, read);
    replies.push(last.reply);
    state = last.state;
  }
  return { replies, last: last!, state };
}

describe("guided reflections", () => {
  it.each(GUIDED_FLOWS)("%s asks its questions one by one and ends in a summary of the answers", (flow) => {
    const n = flowLength(flow);
    const answers = Array.from({ length: n }, (_, i) => `Answer number ${i + 1} in my words`);
    const { replies, last, state } = play(flow, answers);
    expect(replies).toHaveLength(n + 1);
    // Every reply before the end asks exactly one question; none is repeated.
    for (const r of replies.slice(0, -1)) expect((r.match(/\?/gu) ?? []).length, r).toBe(1);
    expect(new Set(replies).size).toBe(replies.length);
    expect(state).toBeNull();
    expect(last.summary).toBeDefined();
    for (const a of answers) expect(last.summary!.content).toContain(a);
    expect(last.summary!.title).toContain("Answer number 1 in my words");
    expect(last.summary!.tags).toContain("reflection");
    expect(last.reply).toMatch(/save it as an entry/u);
    expect(last.reply).not.toMatch(/\?/u);
  });

  it("untangle a worry is a thought record: situation, feeling, thought, evidence, a kinder view", () => {
    const { replies, last } = play("worry", [
      "The presentation on Friday.",
      "Anxious, about 8.",
      "I'll mess it up in front of everyone",
      "I practised twice; last time went fine.",
      "I'm prepared, and one stumble is not a disaster.",
    ]);
    expect(replies[0]).toMatch(/situation/u);
    expect(replies[1]).toMatch(/feel/u);
    expect(replies[2]).toMatch(/thought/u);
    // The thought comes back word for word, in quotation marks, as a sentence of its own.
    expect(replies[3]).toContain(
      "You've been telling yourself: \"I'll mess it up in front of everyone.\" What supports",
    );
    expect(replies[4]).toMatch(/kinder/u);
    const headings = [...last.summary!.content.matchAll(/\*\*([^*]+):\*\*/gu)].map((m) => m[1]);
    expect(headings).toEqual(["The situation", "The feeling", "The thought", "The evidence", "A kinder view"]);
    expect(last.summary!.title).toBe("Untangling a worry: The presentation on Friday");
    expect(last.summary!.tags.slice(0, 2)).toEqual(["worry", "reflection"]);
  });

  it("adapts to the feeling and the people in the answer", () => {
    const worry = advanceGuide(
      startGuide("worry").state!,
      "My exam results come out tomorrow.",
      reader({ band: "negative", feeling: "anxious" }),
    );
    expect(worry.reply).toBe(
      "That sounds worrying. It sounds like it leaves you anxious. How strong is that feeling, from 0 to 10?",
    );
    const grateful = advanceGuide(
      startGuide("gratitude").state!,
      "Sam brought me soup when I was ill.",
      reader({ band: "positive", people: ["Sam"] }),
    );
    expect(grateful.reply).toBe("That's good to hear. What did Sam do that meant something to you?");
    const lonely = advanceGuide(
      startGuide("gratitude").state!,
      "The sunshine on my walk this morning.",
      reader({ band: "positive" }),
    );
    expect(lonely.reply).toMatch(/another thing/u);
    const wind = advanceGuide(
      startGuide("wind-down").state!,
      "The argument at work keeps replaying.",
      reader({ band: "negative" }),
    );
    expect(wind.reply).toMatch(/can wait until tomorrow/u);
  });

  it("a question to the companion gets an honest answer, not a question, and the reflection waits", () => {
    const state = startGuide("vent").state!;
    const t = advanceGuide(state, "What should I do about it?", reader());
    expect(t.reply).toMatch(/^I can't answer that without an AI model/u);
    expect(t.reply).not.toMatch(/\?/u);
    expect(t.state).toEqual(state);
  });

  it("a question that is part of the answer is taken as the answer", () => {
    const t = advanceGuide(
      startGuide("vent").state!,
      "Why does this always happen to me?",
      reader({ band: "negative" }),
    );
    expect(t.state!.answers).toEqual(["Why does this always happen to me?"]);
  });

  it('"stop" ends it without a summary', () => {
    const t = advanceGuide(startGuide("plan").state!, "stop", reader());
    expect(t.state).toBeNull();
    expect(t.summary).toBeUndefined();
  });

  it("titles come from the first answer, cut at a word", () => {
    expect(titleWords("My sister called. Then more.")).toBe("My sister called");
    const t = titleWords("a very long first answer that goes on and on well past the fifty characters");
    expect(t.length).toBeLessThanOrEqual(50);
    expect(t.endsWith(" ")).toBe(false);
    expect(
      summarizeGuide({ flow: "gratitude", answers: ["Tea", "My cat curled up with me", "I kept going"] }).title,
    ).toBe("Grateful for: My cat curled up with me");
  });

  it("tells a question to the companion from a direct question in general", () => {
    expect(isDirectQuestion("What should I do this weekend to feel less flat?")).toBe(true);
    expect(isDirectQuestion("Feeling a bit restless today, not sure why.")).toBe(false);
    expect(asksCompanion("What should I do this weekend to feel less flat?")).toBe(true);
    expect(asksCompanion("Can you help me?")).toBe(true);
    expect(asksCompanion("Why is everything so hard?")).toBe(false);
  });
});
