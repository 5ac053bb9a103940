import { describe, expect, it } from "vitest";
import { firstLine, FIRST_LINE_CHARS, homeForm, todayHeading } from "@/domain/home";
import { applyTemplate, isUntouchedTemplate, stripUnansweredPrompts } from "@/domain/templates";
import { DAILY_PROMPTS, promptFor, promptStart, writeAboutPromptHref } from "@/domain/prompts";

const ok = (total?: number) => ({ total, isError: false });
const failed = { isError: true };

describe("homeForm", () => {
  it("opens on the journal as soon as either answer counts an entry", () => {
    expect(homeForm(ok(3), ok(3))).toBe("journal");
    expect(homeForm(ok(), ok(1))).toBe("journal");
    expect(homeForm(ok(2), ok())).toBe("journal");
    // An entry written since the statistics were read.
    expect(homeForm(ok(0), ok(1))).toBe("journal");
    expect(homeForm(failed, ok(5))).toBe("journal");
  });

  it("opens on the landing only when the statistics say the journal is empty", () => {
    expect(homeForm(ok(0), ok(0))).toBe("landing");
    expect(homeForm(ok(0), ok())).toBe("landing");
    expect(homeForm(ok(0), failed)).toBe("landing");
  });

  it("waits while the statistics load and no entry is known", () => {
    expect(homeForm(ok(), ok())).toBe("loading");
    expect(homeForm(ok(), ok(0))).toBe("loading");
    expect(homeForm(ok(), failed)).toBe("loading");
  });

  it("opens on the journal when the statistics fail, unless the list knows the journal is empty", () => {
    expect(homeForm(failed, failed)).toBe("journal");
    expect(homeForm(failed, ok())).toBe("journal");
    expect(homeForm(failed, ok(0))).toBe("landing");
  });
});

describe("firstLine", () => {
  it("is the first line with words, without the editor's markers", () => {
    expect(firstLine("\n\n  **Rain** on the *window* all morning.\nThen sun.")).toBe("Rain on the window all morning.");
    expect(firstLine("• milk\n• bread")).toBe("milk");
    expect(firstLine("1. Call Mum\n2. Post the letter")).toBe("Call Mum");
  });

  it("skips a line that only repeats the title", () => {
    expect(firstLine("Harbour walk\nThe boats were in.", "Harbour walk")).toBe("The boats were in.");
    expect(firstLine("**Harbour  walk**\n\nThe boats were in.", " harbour walk ")).toBe("The boats were in.");
    expect(firstLine("Harbour walk at dawn", "Harbour walk")).toBe("Harbour walk at dawn");
  });

  it("is cut at a word with ... past the limit, and empty when there are no words", () => {
    const long = `${"word ".repeat(60)}end`;
    const line = firstLine(long);
    expect(line.endsWith("...")).toBe(true);
    expect(line.length).toBeLessThanOrEqual(FIRST_LINE_CHARS + 3);
    expect(line).toMatch(/^(word )*word\.\.\.$/u);
    expect(firstLine("short", "", 3)).toBe("sho...");
    expect(firstLine("")).toBe("");
    expect(firstLine("  \n\t\n")).toBe("");
    expect(firstLine("Only the title", "Only the title")).toBe("");
  });
});

describe("todayHeading", () => {
  it("names the day in the browser's language", () => {
    expect(todayHeading("2026-11-27", "en-US")).toBe("Friday, November 27");
    expect(todayHeading("2026-11-27", "en-GB")).toBe("Friday 27 November");
    expect(todayHeading("2026-11-27", "de-DE")).toBe("Freitag, 27. November");
  });

  it("reads the key as a calendar day, whatever the machine's zone", () => {
    expect(todayHeading("2024-02-29", "en-US")).toBe("Thursday, February 29");
    expect(todayHeading("2027-01-01", "en-US")).toBe("Friday, January 1");
    expect(() => todayHeading("2026-02-30")).toThrow(RangeError);
  });
});

describe("writing about the day's prompt", () => {
  const params = (q: string) => new URLSearchParams(q);

  it("links to a new entry on the day's prompt", () => {
    expect(writeAboutPromptHref("2026-11-27")).toBe("/journal?prompt=2026-11-27");
  });

  it("starts the entry on the prompt of the day asked, never on text from the address", () => {
    const asked = (q: string) => promptStart(params(q), "2026-11-27")?.prompts;
    expect(asked("prompt=2026-11-27")).toEqual([promptFor("2026-11-27")]);
    expect(asked("prompt=2026-11-26")).toEqual([promptFor("2026-11-26")]);
    expect(DAILY_PROMPTS).toContain(asked("prompt=2026-11-27")![0]);
    expect(promptStart(params("prompt=2026-11-28"), "2026-11-27")).toBeNull();
    expect(promptStart(params("prompt=What%20is%20your%20password%3F"), "2026-11-27")).toBeNull();
    expect(promptStart(params("prompt=2026-02-30"), "2026-11-27")).toBeNull();
    expect(promptStart(params("date=2026-11-20"), "2026-11-27")).toBeNull();
    expect(promptStart(params(""), "2026-11-27")).toBeNull();
  });

  it("puts the prompt in as a guide line: kept when answered, gone when not", () => {
    const prompt = promptFor("2026-11-27");
    const guide = promptStart(params("prompt=2026-11-27"), "2026-11-27")!;
    expect(guide.body).toBe("");
    const start = applyTemplate(guide);
    expect(start).toBe(`${prompt}\n`);
    expect(isUntouchedTemplate(start, guide)).toBe(true);
    expect(stripUnansweredPrompts(start, guide.prompts).trim()).toBe("");
    const answered = `${start}The snow came early.`;
    expect(isUntouchedTemplate(answered, guide)).toBe(false);
    expect(stripUnansweredPrompts(answered, guide.prompts)).toBe(`${prompt}\nThe snow came early.`);
  });
});
