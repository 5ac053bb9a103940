import { describe, expect, it } from "vitest";
import { SUGGESTED_TAGS } from "@/domain/constants";
import {
  addTag,
  canAddMoreTags,
  normalizeTags,
  quickPickTags,
  removeLastTag,
  tagCounter,
  tagSuggestions,
} from "@/domain/tags";

describe("tag rules of the editor", () => {
  it("adds tags, ignoring empty ones and duplicates", () => {
    expect(addTag([], " Work ")).toEqual({ ok: true, tags: ["work"] });
    expect(addTag(["work"], "WORK")).toEqual({ ok: false, tags: ["work"], reason: "duplicate" });
    expect(addTag(["work"], "   ")).toEqual({ ok: false, tags: ["work"], reason: "empty" });
    expect(addTag([], "#travel")).toEqual({ ok: true, tags: ["travel"] });
  });
  it("refuses the 11th tag and disables input at 10", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTag(ten, "eleven")).toEqual({ ok: false, tags: ten, reason: "limit" });
    expect(canAddMoreTags(ten)).toBe(false);
    expect(canAddMoreTags(ten.slice(1))).toBe(true);
    expect(tagCounter(ten)).toBe("10/10 tags");
    expect(tagCounter([])).toBe("0/10 tags");
  });
  it("Backspace on an empty input removes the last tag", () => {
    expect(removeLastTag(["a", "b"])).toEqual(["a"]);
    expect(removeLastTag([])).toEqual([]);
  });
  it("suggests at most 5 from the fixed 20, excluding used tags, filtered by typed text", () => {
    expect(SUGGESTED_TAGS).toHaveLength(20);
    expect(tagSuggestions([])).toEqual(["work", "personal", "travel", "family", "friends"]);
    expect(tagSuggestions(["work", "travel"])).toEqual(["personal", "family", "friends", "health", "exercise"]);
    expect(tagSuggestions([], "ing")).toEqual(["learning", "morning", "evening"]);
    expect(tagSuggestions(["learning"], "ing")).toEqual(["morning", "evening"]);
  });
  it("shows six quick picks only when no tag is set", () => {
    expect(quickPickTags([])).toEqual(["work", "personal", "travel", "family", "friends", "health"]);
    expect(quickPickTags(["x"])).toEqual([]);
  });
  it("normalizes a whole list", () => {
    expect(normalizeTags(["A", "a", "", " b "])).toEqual(["a", "b"]);
  });
});
