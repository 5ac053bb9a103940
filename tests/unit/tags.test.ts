import { describe, expect, it } from "vitest";
import { MAX_TAGS, SUGGESTED_TAGS } from "@/domain/constants";
import {
  addTag,
  canAddMoreTags,
  normalizeTag,
  normalizeTags,
  quickPickTags,
  removeLastTag,
  tagCounter,
  tagSuggestions,
} from "@/domain/tags";

const ten = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];

describe("the fixed list of suggested tags", () => {
  it("has the spec's 20 words in order", () => {
    expect(SUGGESTED_TAGS).toEqual([
      "work",
      "personal",
      "travel",
      "family",
      "friends",
      "health",
      "exercise",
      "food",
      "hobby",
      "learning",
      "reflection",
      "gratitude",
      "goals",
      "mood",
      "weather",
      "weekend",
      "morning",
      "evening",
      "creative",
      "productive",
    ]);
    expect(MAX_TAGS).toBe(10);
  });
});

describe("normalizeTag", () => {
  it("trims, drops a leading #, collapses whitespace and lower-cases", () => {
    expect(normalizeTag("  Work  ")).toBe("work");
    expect(normalizeTag("#Travel")).toBe("travel");
    expect(normalizeTag("##deep   Focus\t time")).toBe("deep focus time");
    expect(normalizeTag("ÉTÉ")).toBe("été");
  });

  it("turns control characters into spaces and trims what is left", () => {
    expect(normalizeTag("a\u001fb")).toBe("a b");
    expect(normalizeTag("\u0000\u0007")).toBe("");
    expect(normalizeTag("# work")).toBe("work");
    expect(normalizeTag(`${"x".repeat(49)} y`)).toBe("x".repeat(49));
  });

  it("empty input means 'ignore'", () => {
    expect(normalizeTag("")).toBe("");
    expect(normalizeTag("   ")).toBe("");
    expect(normalizeTag("#")).toBe("");
  });

  it("cuts very long tags at 50 characters", () => {
    expect(normalizeTag("x".repeat(80))).toHaveLength(50);
  });
});

describe("addTag", () => {
  it("adds a normalized tag at the end", () => {
    expect(addTag(["work"], " Family ")).toEqual({ ok: true, tags: ["work", "family"] });
  });

  it("ignores empty tags", () => {
    expect(addTag(["work"], "   ")).toEqual({ ok: false, tags: ["work"], reason: "empty" });
  });

  it("refuses duplicates, case-insensitively", () => {
    expect(addTag(["work"], "WORK")).toEqual({ ok: false, tags: ["work"], reason: "duplicate" });
    expect(addTag(["work"], "#work")).toMatchObject({ ok: false, reason: "duplicate" });
  });

  it("refuses the 11th tag", () => {
    const r = addTag(ten, "k");
    expect(r).toEqual({ ok: false, tags: ten, reason: "limit" });
    expect(addTag(ten.slice(0, 9), "k")).toEqual({ ok: true, tags: [...ten.slice(0, 9), "k"] });
  });

  it("does not change the list it was given", () => {
    const tags = ["work"];
    addTag(tags, "travel");
    expect(tags).toEqual(["work"]);
  });
});

describe("normalizeTags", () => {
  it("drops empties and duplicates and keeps the first order", () => {
    expect(normalizeTags(["Work", " ", "#work", "Travel", "", "travel", "family"])).toEqual([
      "work",
      "travel",
      "family",
    ]);
  });

  it("does not cut at the limit (the caller reports it)", () => {
    expect(normalizeTags([...ten, "k", "l"])).toHaveLength(12);
  });
});

describe("tag editor helpers", () => {
  it("Backspace on an empty input removes the last tag", () => {
    expect(removeLastTag(["a", "b", "c"])).toEqual(["a", "b"]);
    expect(removeLastTag([])).toEqual([]);
  });

  it("the input is disabled at 10 tags", () => {
    expect(canAddMoreTags(ten.slice(0, 9))).toBe(true);
    expect(canAddMoreTags(ten)).toBe(false);
  });

  it("counter reads n/10 tags", () => {
    expect(tagCounter([])).toBe("0/10 tags");
    expect(tagCounter(["a", "b", "c"])).toBe("3/10 tags");
    expect(tagCounter(ten)).toBe("10/10 tags");
  });
});

describe("tagSuggestions", () => {
  it("shows at most 5 from the fixed list", () => {
    expect(tagSuggestions([])).toEqual(["work", "personal", "travel", "family", "friends"]);
  });

  it("excludes tags in use", () => {
    expect(tagSuggestions(["work", "travel"])).toEqual(["personal", "family", "friends", "health", "exercise"]);
  });

  it("filters by typed text", () => {
    expect(tagSuggestions([], "#Wo")).toEqual(["work"]);
    expect(tagSuggestions([], "ing")).toEqual(["learning", "morning", "evening"]);
    expect(tagSuggestions(["morning"], "ing")).toEqual(["learning", "evening"]);
    expect(tagSuggestions([], "zzz")).toEqual([]);
  });

  it("only suggests words of the fixed list", () => {
    const all = tagSuggestions([], "e");
    expect(all.length).toBeLessThanOrEqual(5);
    for (const t of all) expect(SUGGESTED_TAGS).toContain(t);
  });
});

describe("quickPickTags", () => {
  it("six quick picks when no tag is set", () => {
    expect(quickPickTags([])).toEqual(["work", "personal", "travel", "family", "friends", "health"]);
  });

  it("none once a tag is set", () => {
    expect(quickPickTags(["work"])).toEqual([]);
  });
});
