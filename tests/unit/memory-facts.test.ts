import { describe, expect, it } from "vitest";
import {
  factKey,
  isMemoryEnabledValue,
  MAX_MEMORY_PROPOSALS,
  memoryBlock,
  normalizeFact,
  proposeFactsFromText,
} from "@/domain/memory";

describe("facts proposed without a model", () => {
  it.each([
    ["My sister Sam called tonight.", ["Sam is your sister"]],
    ["Had coffee with my best friend Jo Smith.", ["Jo Smith is your best friend"]],
    ["Sam, my sister, called.", ["Sam is your sister"]],
    ["my brother is called Tom", ["Tom is your brother"]],
    ["My dog's name is Biscuit.", ["Biscuit is your dog"]],
    ["My dog is called Biscuit.", ["Biscuit is your dog"]],
    ["I run every Tuesday with the club.", ["You run on Tuesdays"]],
    ["I go to yoga on Thursdays.", ["You go to yoga on Thursdays"]],
    ["I usually swim on Sundays", ["You swim on Sundays"]],
    ["I work as a nurse at the hospital.", ["You work as a nurse"]],
    ["I live in Leeds now.", ["You live in Leeds"]],
    ["I'm allergic to peanuts.", ["You are allergic to peanuts"]],
  ])("%s", (text, facts) => {
    expect(proposeFactsFromText(text)).toEqual(facts);
  });

  it("reads no habit from a one-off past day or a negation", () => {
    expect(proposeFactsFromText("I ran on Tuesday and I walked every Sunday last year.")).toEqual([]);
    expect(proposeFactsFromText("I went to the gym on Monday.")).toEqual([]);
    expect(proposeFactsFromText("I don't run on Tuesdays.")).toEqual([]);
  });

  it("takes no day, month or pronoun for a name", () => {
    expect(proposeFactsFromText("my friend Monday was awful")).toEqual([]);
    expect(proposeFactsFromText("my sister The")).toEqual([]);
    expect(proposeFactsFromText("my sister said hi")).toEqual([]);
  });

  it("leaves out what is already remembered, whatever its case", () => {
    expect(proposeFactsFromText("My sister Sam and my brother Tom came.", ["sam is your sister."])).toEqual([
      "Tom is your brother",
    ]);
  });

  it("proposes each fact once and at most a few", () => {
    const text = "My sister Sam, my brother Tom, my friend Jo, my boss Alex and my cat Tigger. My sister Sam again.";
    const got = proposeFactsFromText(text);
    expect(got).toHaveLength(MAX_MEMORY_PROPOSALS);
    expect(new Set(got).size).toBe(got.length);
  });
});

describe("facts as they are kept", () => {
  it("normalizes spaces, the first letter and the full stop", () => {
    expect(normalizeFact("  sam   is your sister. ")).toBe("Sam is your sister");
    expect(factKey("Sam is your SISTER.")).toBe(factKey("sam is your sister"));
  });
  it("memory is on unless switched off", () => {
    expect(isMemoryEnabledValue(undefined)).toBe(true);
    expect(isMemoryEnabledValue("true")).toBe(true);
    expect(isMemoryEnabledValue("false")).toBe(false);
  });
  it("the chat's memory block lists the facts, and is empty without any", () => {
    expect(memoryBlock([])).toBe("");
    expect(memoryBlock(["Sam is your sister"])).toContain("- Sam is your sister");
  });
});
