import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { citedIds, keepKnownCitations } from "@/domain/recall-answer";

const known = new Set(["a1", "b2"]);
const keep = (t: string) => keepKnownCitations(t, known);

describe("keepKnownCitations: an answer never tells of an entry that does not exist", () => {
  it("keeps an answer whose citations are all known, word for word", () => {
    const t = "You walked with Sam on 3 March [entry:a1], and again in May [entry:b2].\n\n- A list line [entry:a1]";
    expect(keep(t)).toBe(t);
    expect(keep("No citations at all.")).toBe("No citations at all.");
  });

  it("removes the claim made for an unknown entry, not the true one beside it", () => {
    expect(keep("You walked by the river [entry:a1], and in June you went sailing [entry:zz].")).toBe(
      "You walked by the river [entry:a1].",
    );
    expect(keep("In June you went sailing [entry:zz], and you walked with Sam [entry:a1].")).toBe(
      "You walked with Sam [entry:a1].",
    );
  });

  it("removes the rest of the sentence after an invented citation, and a citation after the full stop", () => {
    expect(keep("In June you went sailing [entry:zz] and loved it. You walked with Sam [entry:a1]!")).toBe(
      "You walked with Sam [entry:a1]!",
    );
    expect(keep("You went sailing in June. [entry:zz] You walked [entry:a1].")).toBe("You walked [entry:a1].");
  });

  it("keeps the known ids of a mixed citation", () => {
    expect(keep("Two walks [entry:a1, entry:zz; b2].")).toBe("Two walks [entry:a1, entry:b2].");
  });

  it("removes a list line made only of an invented entry, and keeps the others and the blank lines", () => {
    expect(
      keep("Here is what I found:\n\n- 3 March: a walk [entry:a1]\n- 5 June: sailing [entry:zz]\n\nThat's all."),
    ).toBe("Here is what I found:\n\n- 3 March: a walk [entry:a1]\n\nThat's all.");
  });

  it("is empty when every claim was invented", () => {
    expect(keep("Sailing [entry:zz]. A trip to Rome [entry:yy].")).toBe("");
  });

  it("property: no unknown id is ever cited, known citations survive, and an answer with none is unchanged", () => {
    const word = fc.constantFrom("you", "walked", "with", "Sam", "in", "June", "and", "felt", "calm", "the", "river");
    const id = fc.constantFrom("a1", "b2", "zz", "q-9", "made-up");
    const cite = fc
      .uniqueArray(id, { minLength: 1, maxLength: 3 })
      .map((ids) => ` [${ids.map((i) => `entry:${i}`).join(", ")}]`);
    const clause = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 6 }), fc.option(cite))
      .map(([w, c]) => w.join(" ") + (c ?? ""));
    const sentence = fc
      .tuple(fc.array(clause, { minLength: 1, maxLength: 3 }), fc.constantFrom(".", "!", "?"))
      .map(([cs, end]) => cs.join(", and ") + end);
    const line = fc.tuple(fc.constantFrom("", "- ", "1. ", "> "), fc.array(sentence, { minLength: 1, maxLength: 3 }));
    const answer = fc
      .array(line, { minLength: 1, maxLength: 4 })
      .map((ls) => ls.map(([m, s]) => m + s.join(" ")).join("\n"));
    fc.assert(
      fc.property(answer, (text) => {
        const out = keep(text);
        for (const i of citedIds(out)) expect(known.has(i)).toBe(true);
        // A sentence that cites only known entries is kept whole.
        for (const l of text.split("\n"))
          for (const { segment } of new Intl.Segmenter("en", { granularity: "sentence" }).segment(
            l.replace(/^(- |1\. |> )/u, ""),
          )) {
            const ids = citedIds(segment);
            if (ids.length && ids.every((i) => known.has(i))) expect(out).toContain(segment.trim());
          }
        if (!citedIds(text).length) expect(out).toBe(text.trim());
        // Nothing is added: every word left was in the answer.
        for (const w of out.replace(/\[[^\]]*\]/gu, " ").match(/\p{L}+/gu) ?? [])
          expect(text.toLowerCase()).toContain(w.toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });
});
