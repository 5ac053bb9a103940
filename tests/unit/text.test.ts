import { describe, expect, it } from "vitest";
import { PREVIEW_LENGTH } from "@/domain/constants";
import { hasText, preview, wordCount } from "@/domain/text";

describe("wordCount (whitespace split)", () => {
  it("counts words separated by any whitespace", () => {
    expect(wordCount("one")).toBe(1);
    expect(wordCount("one two three")).toBe(3);
    expect(wordCount("  one   two\n\nthree\tfour  ")).toBe(4);
    expect(wordCount("a\u00a0b")).toBe(2);
  });

  it("counts punctuation-joined text as the split sees it", () => {
    expect(wordCount("well—fine, I guess... ok?")).toBe(4);
    expect(wordCount("**bold** *it* • bullet 1. item")).toBe(6);
  });

  it("is 0 for empty or whitespace-only text", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount("   \n\t ")).toBe(0);
    expect(wordCount(null)).toBe(0);
    expect(wordCount(undefined)).toBe(0);
  });
});

describe("preview (200 characters plus '...')", () => {
  it("keeps text of up to 200 characters as it is", () => {
    expect(PREVIEW_LENGTH).toBe(200);
    const t = "x".repeat(200);
    expect(preview(t)).toBe(t);
    expect(preview("short")).toBe("short");
  });

  it("cuts longer text at 200 characters and adds '...'", () => {
    const t = `${"a".repeat(199)}bc${"d".repeat(50)}`;
    expect(preview(t)).toBe(`${"a".repeat(199)}b...`);
    expect(preview(t)).toHaveLength(203);
  });

  it("never splits a character made of two code units", () => {
    const t = `${"a".repeat(199)}😀${"b".repeat(10)}`;
    const p = preview(t);
    expect(p.endsWith("...")).toBe(true);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/u.test(p)).toBe(false);
    expect(p).toBe(`${"a".repeat(199)}...`);
  });

  it("takes another length", () => {
    expect(preview("abcdef", 3)).toBe("abc...");
  });
});

describe("hasText", () => {
  it("is false for empty and whitespace-only content", () => {
    expect(hasText("")).toBe(false);
    expect(hasText(" \n\t")).toBe(false);
    expect(hasText(null)).toBe(false);
    expect(hasText(" x ")).toBe(true);
  });
});
