import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRichText, stripMarkers, type Inline } from "@/domain/richtext-parse";
import { segmentText, type Segment } from "@/domain/richtext-segments";

/** "kind:text" with b / i flags, for short expectations. */
const show = (segs: Segment[]) => segs.map((s) => `${s.kind}${s.bold ? "+b" : ""}${s.italic ? "+i" : ""}:${s.text}`);

describe("segmentText (the words formatted while they are written)", () => {
  it("shows bold and italic words with their markers apart", () => {
    expect(show(segmentText("**bold** and *soft*"))).toEqual([
      "marker:**",
      "text+b:bold",
      "marker:**",
      "text: and ",
      "marker:*",
      "text+i:soft",
      "marker:*",
    ]);
  });

  it("nests bold and italic, and reads *** as both", () => {
    expect(show(segmentText("**a *b* c**"))).toEqual([
      "marker:**",
      "text+b:a ",
      "marker:*",
      "text+b+i:b",
      "marker:*",
      "text+b: c",
      "marker:**",
    ]);
    expect(show(segmentText("***x***"))).toEqual(["marker:***", "text+b+i:x", "marker:***"]);
  });

  it("keeps list prefixes apart on every line", () => {
    expect(show(segmentText("• tea\n- walk\n12. **rest**\n* one"))).toEqual([
      "list:• ",
      "text:tea\n",
      "list:- ",
      "text:walk\n",
      "list:12. ",
      "marker:**",
      "text+b:rest",
      "marker:**",
      "text:\n",
      "list:* ",
      "text:one",
    ]);
  });

  it("leaves a marker that opens and never closes as plain text, as Preview does", () => {
    expect(show(segmentText("**half done and 2*3 = 6"))).toEqual(["text:**half done and 2*3 = 6"]);
    expect(show(segmentText("a ** b"))).toEqual(["text:a ** b"]);
  });

  it("does not carry bold across a line break", () => {
    expect(show(segmentText("**a\nb**"))).toEqual(["text:**a\nb**"]);
  });

  it("is empty for empty text", () => {
    expect(segmentText("")).toEqual([]);
  });
});

const inlineText = (xs: Inline[]): string =>
  xs.map((x) => (x.type === "text" ? x.text : inlineText(x.children))).join("");

/** Characters of text with their styles, as Preview's tree has them. */
function styledOfTree(nodes: Inline[], bold = false, italic = false): string[] {
  return nodes.flatMap((n) =>
    n.type === "text"
      ? [...n.text].map((c) => `${c}${bold ? "b" : ""}${italic ? "i" : ""}`)
      : styledOfTree(n.children, bold || n.type === "bold", italic || n.type === "italic"),
  );
}

/** Text made mostly of the characters that matter to the markers. */
const editorText = fc
  .array(fc.constantFrom("*", "**", "a", "b", " ", "\n", "• ", "- ", "1. ", "\t", "é", "😀", "\r"), { maxLength: 40 })
  .map((xs) => xs.join(""));

// Many generated texts each: room to finish on a busy machine.
describe("segmentText properties", { timeout: 60_000 }, () => {
  it("gives back the text exactly, for any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), editorText), (text) => {
        expect(
          segmentText(text)
            .map((s) => s.text)
            .join(""),
        ).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("never gives an empty stretch, and never two alike side by side", () => {
    fc.assert(
      fc.property(editorText, (text) => {
        const segs = segmentText(text);
        for (const [k, s] of segs.entries()) {
          expect(s.text.length).toBeGreaterThan(0);
          const prev = segs[k - 1];
          if (prev && prev.kind !== "list" && s.kind !== "list")
            expect(prev.kind === s.kind && prev.bold === s.bold && prev.italic === s.italic).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("styles each line's words as Preview does (bold and italic of every character)", () => {
    fc.assert(
      fc.property(editorText, (raw) => {
        // Preview reads one line at a time, lists and all, as the editor does.
        const text = raw.replace(/\r/gu, "");
        for (const line of text.split("\n")) {
          const segs = segmentText(line);
          const shown = segs
            .filter((s) => s.kind === "text")
            .flatMap((s) => [...s.text].map((c) => `${c}${s.bold ? "b" : ""}${s.italic ? "i" : ""}`));
          const blocks = parseRichText(line);
          const tree = blocks.flatMap((b) =>
            b.type === "paragraph" || b.type === "quote"
              ? b.lines.flatMap((l) => styledOfTree(l))
              : b.items.flatMap((i) => styledOfTree(i)),
          );
          // A blank line has no words in Preview; otherwise the words and their styles agree.
          if (line.trim() === "") continue;
          expect(shown.join("|")).toBe(tree.join("|"));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the words without markers and prefixes are what stripMarkers keeps of a single plain line", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ab* ]{0,20}$/u), (line) => {
        fc.pre(line.trim() !== "" && !/^[*] /u.test(line));
        const words = segmentText(line)
          .filter((s) => s.kind === "text")
          .map((s) => s.text)
          .join("");
        expect(words).toBe(stripMarkers(line));
        expect(words).toBe(
          inlineText(parseRichText(line).flatMap((b) => (b.type === "paragraph" ? b.lines.flat() : []))),
        );
      }),
      { numRuns: 500 },
    );
  });
});
