import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastTokens, packageScores, vaderScores, wordsAndEmoticons } from "@/server/ai/offline/vader";

const EVAL = path.resolve(import.meta.dirname, "../fixtures/eval");
const passages = (file: string) =>
  (JSON.parse(readFileSync(path.join(EVAL, file), "utf8")) as { passages: { text: string }[] }).passages.map(
    (p) => p.text,
  );
const texts = [
  ...readFileSync(path.join(EVAL, "goemotions-heldout.tsv"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t")[0]!),
  ...passages("mood.json"),
  ...passages("mood-journal.json"),
  ...(JSON.parse(readFileSync(path.join(EVAL, "crisis.json"), "utf8")) as { items: { text: string }[] }).items.map(
    (i) => i.text,
  ),
];

describe("VADER with a linear tokenizer", () => {
  it("is in place", () => {
    expect(fastTokens).toBe(true);
  });

  it("reads a word with an edge mark as the word, and leaves the rest alone", () => {
    expect(wordsAndEmoticons("What a GREAT day!!! :) 'cause ok")).toEqual([
      "What",
      "GREAT",
      "day",
      ":)",
      "cause",
      "ok",
    ]);
    // A mark the package does not strip ("!!!!"), a word that is not in the text, punctuation inside a word.
    expect(wordsAndEmoticons("good!!!! (sad) don't")).toEqual(["good!!!!", "(sad)", "don't"]);
  });

  it(`scores every evaluation text exactly as the package does (${texts.length})`, () => {
    expect(texts.length).toBeGreaterThan(5000);
    for (const t of texts) expect(vaderScores(t), t).toEqual(packageScores(t));
  }, 60_000);

  it("scores random text heavy with punctuation, emoticons and capitals exactly as the package does (property)", () => {
    const piece = fc.constantFrom(
      "good",
      "GOOD",
      "bad",
      "not",
      "very",
      "but",
      "kind",
      "of",
      "sad",
      "love",
      "hate",
      "never",
      "so",
      "least",
      ":)",
      ":(",
      "<3",
      "!",
      "!!",
      "!!!",
      "?",
      "?!?",
      "...",
      "'",
      '"',
      "-",
      ",",
      ";",
      ":",
      "(",
      ")",
      "a",
      "x",
    );
    const token = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(""));
    const space = fc.constantFrom(" ", "  ", "\n", "\t");
    fc.assert(
      fc.property(fc.array(fc.tuple(token, space), { minLength: 1, maxLength: 16 }), (parts) => {
        const text = parts.map(([t, s]) => t + s).join("");
        expect(vaderScores(text)).toEqual(packageScores(text));
      }),
      { numRuns: 3000 },
    );
  }, 60_000);
});
