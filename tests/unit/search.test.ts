import { describe, expect, it } from "vitest";
import { addRecentSearch, matchesSearch, normalizeQuery } from "@/domain/search";

const entry = {
  title: "Morning Walk",
  content: "Saw a Hummingbird near the lake.",
  ai_summary: "A calm start to the DAY",
  tags: [{ name: "nature" }, { name: "self-care" }],
};

describe("matchesSearch", () => {
  it("matches the title, content, summary and tag names", () => {
    expect(matchesSearch(entry, "morning")).toBe(true);
    expect(matchesSearch(entry, "hummingbird")).toBe(true);
    expect(matchesSearch(entry, "calm start")).toBe(true);
    expect(matchesSearch(entry, "nature")).toBe(true);
  });

  it("is case-insensitive in both directions", () => {
    expect(matchesSearch(entry, "MORNING WALK")).toBe(true);
    expect(matchesSearch(entry, "the day")).toBe(true);
    expect(matchesSearch(entry, "NATURE")).toBe(true);
  });

  it("matches plain substrings, inside words and tags", () => {
    expect(matchesSearch(entry, "mmingb")).toBe(true);
    expect(matchesSearch(entry, "f-ca")).toBe(true);
    expect(matchesSearch(entry, "ke.")).toBe(true);
  });

  it("does not match across two fields or two tags", () => {
    expect(matchesSearch(entry, "walk saw")).toBe(false);
    expect(matchesSearch(entry, "natureself")).toBe(false);
    expect(matchesSearch(entry, "nature self")).toBe(false);
  });

  it("applies no special syntax", () => {
    expect(matchesSearch(entry, "#nature")).toBe(false);
    expect(matchesSearch(entry, "mood:positive")).toBe(false);
    expect(matchesSearch(entry, '"morning"')).toBe(false);
  });

  it("accepts tags as plain strings and missing fields", () => {
    expect(matchesSearch({ content: "x", tags: ["Work"] }, "wor")).toBe(true);
    expect(matchesSearch({ title: null, content: null, ai_summary: null }, "x")).toBe(false);
    expect(matchesSearch({}, "x")).toBe(false);
  });

  it("an empty or whitespace query matches everything; queries are trimmed", () => {
    expect(matchesSearch(entry, "")).toBe(true);
    expect(matchesSearch(entry, "   ")).toBe(true);
    expect(matchesSearch(entry, "  lake  ")).toBe(true);
    expect(matchesSearch(entry, "zebra")).toBe(false);
  });

  it("folds case beyond ASCII", () => {
    expect(matchesSearch({ content: "Über die Straße" }, "ÜBER")).toBe(true);
    expect(matchesSearch({ content: "ÉCOLE" }, "école")).toBe(true);
    expect(matchesSearch({ content: "École" }, "ecole")).toBe(false);
  });

  it("normalizeQuery trims and caps the length", () => {
    expect(normalizeQuery("  a b  ")).toBe("a b");
    expect(normalizeQuery(null)).toBe("");
    expect(normalizeQuery("x".repeat(500))).toHaveLength(200);
  });
});

describe("addRecentSearch", () => {
  it("adds a query longer than 2 characters to the front", () => {
    expect(addRecentSearch(["walk"], "lake")).toEqual(["lake", "walk"]);
  });

  it("ignores queries of 2 characters or fewer, after trimming", () => {
    expect(addRecentSearch(["walk"], "ab")).toEqual(["walk"]);
    expect(addRecentSearch(["walk"], "  ab  ")).toEqual(["walk"]);
    expect(addRecentSearch([], "")).toEqual([]);
    expect(addRecentSearch([], "abc")).toEqual(["abc"]);
  });

  it("only adds new queries (case-insensitive)", () => {
    expect(addRecentSearch(["lake", "walk"], "Walk")).toEqual(["lake", "walk"]);
    expect(addRecentSearch(["lake"], " lake ")).toEqual(["lake"]);
  });

  it("keeps the 5 most recent", () => {
    let recent: string[] = [];
    for (const q of ["one", "two", "three", "four", "five", "six"]) recent = addRecentSearch(recent, q);
    expect(recent).toEqual(["six", "five", "four", "three", "two"]);
  });

  it("stores the trimmed query and leaves the input list alone", () => {
    const before = ["walk"];
    expect(addRecentSearch(before, "  lake ")).toEqual(["lake", "walk"]);
    expect(before).toEqual(["walk"]);
  });
});
