/**
 * The crisis phrasings and context word lists are data (src/domain/crisis/data/*.json), written out at load by
 * readRules / readPatterns: what the format says, and that anything it does not know stops the load.
 */
import { describe, expect, it } from "vitest";
import { readPatterns, readRules, type Fragment, type RuleData } from "@/domain/crisis/rules";

const fragments: Fragment[] = [
  { name: "SELF", value: "(?:myself|herself)" },
  { name: "PILLS", value: { anyOf: ["pills?", "tablets?"] } },
  { name: "TAKE_PHRASES", note: "a list", value: ["took ~1${PILLS}", { note: "a comment" }, "hurt ${SELF}"] },
];

describe("crisis phrasings as data", () => {
  it("writes a pattern out: fragments by name, concatenation, alternatives, lists and notes", () => {
    const p = readPatterns(fragments);
    expect(p.text({ concat: [{ anyOf: ["cut", "burn"] }, " ${SELF}"] })).toBe("(?:cut|burn) (?:myself|herself)");
    expect(p.text({ notFollowedBy: ["a", "b"] })).toBe("(?!a|b)");
    expect(p.text({ followedBy: ["x"] })).toBe("(?=x)");
    expect(p.phrases("TAKE_PHRASES")).toEqual(["took ~1(?:pills?|tablets?)", "hurt (?:myself|herself)"]);
    expect(p.list([{ each: "TAKE_PHRASES" }, "more"])).toEqual([...p.phrases("TAKE_PHRASES"), "more"]);
  });

  it("reads rules with their flags and leaves the notes out", () => {
    const rules: RuleData[] = [
      { kind: "self_harm", src: ["${SELF}"], weak: true, note: "why" },
      { kind: "means", src: [{ each: "TAKE_PHRASES" }], severity: "high", first: true },
    ];
    expect(readRules({ fragments, rules })).toEqual([
      { kind: "self_harm", src: ["(?:myself|herself)"], weak: true },
      {
        kind: "means",
        src: ["took ~1(?:pills?|tablets?)", "hurt (?:myself|herself)"],
        first: true,
        severity: "high",
      },
    ]);
  });

  it.each([
    ["an unknown fragment", { kind: "self_harm", src: ["${NOPE}"] }, /no fragment named/u],
    ["a list where a pattern belongs", { kind: "self_harm", src: ["${TAKE_PHRASES}"] }, /a list where a pattern/u],
    ["a pattern where a list belongs", { kind: "self_harm", src: [{ each: "SELF" }] }, /a pattern where a list/u],
    ["an unknown kind", { kind: "sadness", src: ["x"] }, /an unknown kind/u],
    ["an unknown field", { kind: "self_harm", src: ["x"], weight: 2 }, /unknown field/u],
    ["an unknown severity", { kind: "self_harm", src: ["x"], severity: "low" }, /unknown severity/u],
    ["an unknown pattern", { kind: "self_harm", src: [{ oneOf: ["x"] }] }, /not a pattern/u],
  ])("stops the load on %s", (_what, rule, message) => {
    expect(() => readRules({ fragments, rules: [rule as RuleData] })).toThrow(message);
  });
});
