import { describe, expect, it } from "vitest";
import { firstSentence, quotedSentence, reportedSpeech, toSecondPersonClause } from "@/domain/quote";

describe("quoting the person with correct grammar", () => {
  it('never writes "you wrote that scrolled your phone"', () => {
    const line = reportedSpeech("wrote", "scrolled my phone for hours and felt worse.");
    expect(line).not.toMatch(/wrote that scrolled/u);
    expect(line).toBe('You wrote: "scrolled my phone for hours and felt worse."');
  });
  it("turns a clause with its own I into the second person", () => {
    expect(reportedSpeech("wrote", "I scrolled my phone for hours.")).toBe(
      "You wrote that you scrolled your phone for hours.",
    );
    expect(toSecondPersonClause("I was tired of my job")).toBe("you were tired of your job");
    expect(toSecondPersonClause("I'm worried about me and my sister")).toBe("you're worried about you and your sister");
    expect(toSecondPersonClause("I am fine")).toBe("you are fine");
    expect(toSecondPersonClause("We were late again")).toBe("you were late again");
  });
  it("quotes words without a first-person subject as written", () => {
    expect(toSecondPersonClause("Long day.")).toBeNull();
    expect(toSecondPersonClause("Sam called")).toBeNull();
    expect(reportedSpeech("said", "Sam called me")).toBe('You said: "Sam called me."');
  });
  it("a question is quoted, not turned around", () => {
    expect(reportedSpeech("asked", "Am I doing enough?")).toBe('You asked: "Am I doing enough?"');
  });
  it("a lead names when it was written", () => {
    expect(reportedSpeech("wrote", "I finally slept well.", 120, "Yesterday you")).toBe(
      "Yesterday you wrote that you finally slept well.",
    );
  });
  it("the first sentence, cut at a word, never spliced", () => {
    expect(firstSentence("First one. Second one.")).toBe("First one.");
    const long = firstSentence("word ".repeat(60), 40);
    expect(long.endsWith("...")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(40);
    // A cut sentence is quoted, never turned into a clause of ours.
    expect(reportedSpeech("wrote", `I ${"really ".repeat(40)}tried`, 60)).toMatch(/^You wrote: "I really/u);
    expect(quotedSentence("I'll mess it up")).toBe('"I\'ll mess it up."');
  });
});
