import { describe, expect, it } from "vitest";
import {
  backspace,
  pressEnter,
  typeText,
  toggleInline,
  toggleLines,
  type EditorState,
  type TextEdit,
} from "@/domain/richtext-edit";
import { parseInline, parseRichText, stripMarkers } from "@/domain/richtext-parse";
import { serializeStyled, styledChars } from "@/domain/richtext-markers";
import fc from "fast-check";

/** "a [b] c" notation: the brackets mark the selection. */
function sel(s: string): TextEdit {
  const start = s.indexOf("[");
  const end = s.indexOf("]") - 1;
  return { text: s.replace("[", "").replace("]", ""), start, end };
}
function show(e: TextEdit): string {
  return `${e.text.slice(0, e.start)}[${e.text.slice(e.start, e.end)}]${e.text.slice(e.end)}`;
}

describe("toggleInline", () => {
  it("wraps a selection in bold and keeps the same words selected", () => {
    expect(show(toggleInline(sel("a [good] day"), "bold"))).toBe("a **[good]** day");
  });
  it("wraps in italic", () => {
    expect(show(toggleInline(sel("a [good] day"), "italic"))).toBe("a *[good]* day");
  });
  it("unwraps when the markers sit just outside the selection", () => {
    expect(show(toggleInline(sel("a **[good]** day"), "bold"))).toBe("a [good] day");
    expect(show(toggleInline(sel("a *[good]* day"), "italic"))).toBe("a [good] day");
  });
  it("unwraps when the selection includes the markers", () => {
    expect(show(toggleInline(sel("a [**good**] day"), "bold"))).toBe("a [good] day");
    expect(show(toggleInline(sel("a [*good*] day"), "italic"))).toBe("a [good] day");
  });
  it("italic inside bold adds italic rather than removing the bold", () => {
    expect(show(toggleInline(sel("a **[good]** day"), "italic"))).toBe("a ***[good]*** day");
    expect(show(toggleInline(sel("a [**good**] day"), "italic"))).toBe("a ***[good]*** day");
  });
  it("bold and italic toggle independently on ***x***", () => {
    expect(show(toggleInline(sel("***[x]***"), "bold"))).toBe("*[x]*");
    expect(show(toggleInline(sel("***[x]***"), "italic"))).toBe("**[x]**");
  });
  it("keeps surrounding spaces of the selection outside the markers", () => {
    expect(show(toggleInline(sel("a[ good ]day"), "bold"))).toBe("a **[good]** day");
  });
  it("never inserts an empty pair at a bare caret: the style waits for the next letters", () => {
    const once = toggleInline(sel("ab[]cd"), "bold");
    expect(show(once)).toBe("ab[]cd");
    expect(once.pending).toEqual({ bold: true, italic: false });
    const off = toggleInline(once, "bold");
    expect(show(off)).toBe("ab[]cd");
    expect(off.pending ?? { bold: false, italic: false }).toEqual({ bold: false, italic: false });
  });
});

describe("toggleLines", () => {
  it("bullets every selected line and removes them on a second press", () => {
    const once = toggleLines(sel("[one\ntwo]\nthree"), "bullet");
    expect(once.text).toBe("• one\n• two\nthree");
    expect(toggleLines(once, "bullet").text).toBe("one\ntwo\nthree");
  });
  it("numbers selected lines 1, 2, 3 and removes the numbers again", () => {
    const once = toggleLines(sel("x\n[a\nb\nc]"), "numbered");
    expect(once.text).toBe("x\n1. a\n2. b\n3. c");
    expect(toggleLines(once, "numbered").text).toBe("x\na\nb\nc");
  });
  it("applies to the caret's line only", () => {
    expect(toggleLines(sel("one\ntw[]o\nthree"), "bullet").text).toBe("one\n• two\nthree");
  });
  it("keeps the caret on the same character", () => {
    const r = toggleLines(sel("tw[]o"), "bullet");
    expect(show(r)).toBe("• tw[]o");
  });
  it("replaces another list marker instead of stacking", () => {
    expect(toggleLines(sel("[• a\n• b]"), "numbered").text).toBe("1. a\n2. b");
  });
  it("adds the marker to all lines when only some have it", () => {
    expect(toggleLines(sel("[• a\nb]"), "bullet").text).toBe("• a\n• b");
  });
  it("leaves blank lines between items alone", () => {
    expect(toggleLines(sel("[a\n\nb]"), "numbered").text).toBe("1. a\n\n2. b");
  });
  it("does not touch the line after a selection that ends on a newline", () => {
    expect(toggleLines(sel("[a\n]b"), "bullet").text).toBe("• a\nb");
  });
});

describe("parseInline", () => {
  it("reads bold, italic and plain text", () => {
    expect(parseInline("a **b** *c* d")).toEqual([
      { type: "text", text: "a " },
      { type: "bold", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "italic", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " d" },
    ]);
  });
  it("nests italic inside bold and bold inside italic", () => {
    expect(parseInline("**a *b* c**")).toEqual([
      {
        type: "bold",
        children: [
          { type: "text", text: "a " },
          { type: "italic", children: [{ type: "text", text: "b" }] },
          { type: "text", text: " c" },
        ],
      },
    ]);
    expect(parseInline("*a **b** c*")).toEqual([
      {
        type: "italic",
        children: [
          { type: "text", text: "a " },
          { type: "bold", children: [{ type: "text", text: "b" }] },
          { type: "text", text: " c" },
        ],
      },
    ]);
    expect(parseInline("***x***")).toEqual([
      { type: "bold", children: [{ type: "italic", children: [{ type: "text", text: "x" }] }] },
    ]);
  });
  it("keeps unmatched markers and arithmetic as literal text", () => {
    expect(parseInline("**open")).toEqual([{ type: "text", text: "**open" }]);
    expect(parseInline("2 * 3 * 4")).toEqual([{ type: "text", text: "2 * 3 * 4" }]);
    expect(parseInline("<b>hi</b>")).toEqual([{ type: "text", text: "<b>hi</b>" }]);
  });
});

describe("parseRichText", () => {
  it("splits paragraphs, bullet lists and numbered lists", () => {
    const blocks = parseRichText("Intro line\nsecond line\n\n• one\n• **two**\n\n3. c\n4. d\nafter");
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "bullets", "numbered", "paragraph"]);
    expect(blocks[0]).toEqual({
      type: "paragraph",
      lines: [[{ type: "text", text: "Intro line" }], [{ type: "text", text: "second line" }]],
    });
    expect(blocks[1]).toMatchObject({ type: "bullets", items: [[{ type: "text", text: "one" }], [{ type: "bold" }]] });
    expect(blocks[2]).toMatchObject({ type: "numbered", start: 3 });
    expect((blocks[2] as { items: unknown[] }).items).toHaveLength(2);
  });
  it("accepts - and * bullets typed by hand", () => {
    expect(parseRichText("- a\n* b")).toMatchObject([{ type: "bullets", items: [[{ text: "a" }], [{ text: "b" }]] }]);
  });
  it("keeps two lists apart when a blank line separates them", () => {
    expect(parseRichText("• a\n\n• b").map((b) => b.type)).toEqual(["bullets", "bullets"]);
  });
  it("returns nothing for blank text", () => {
    expect(parseRichText("  \n\n")).toEqual([]);
  });
  it("stripMarkers gives the words without bold or italic markers", () => {
    expect(stripMarkers("**Big** *day*\n\n1. x")).toBe("Big day\n\n1. x");
  });
});

/** Presses keys on an editor state: text is typed, "B"/"I" toggle bold/italic. */
function run(start: EditorState, ...steps: string[]): EditorState {
  let st = start;
  for (const s of steps) {
    if (s === "B") st = toggleInline(st, "bold");
    else if (s === "I") st = toggleInline(st, "italic");
    else st = typeText(st, s);
  }
  return st;
}
const empty: EditorState = { text: "", start: 0, end: 0 };

describe("typing with bold and italic toggled at a caret", () => {
  it("Ctrl+B, a word, Ctrl+B, more words gives one clean bold word", () => {
    const st = run(
      { text: "I felt ", start: 7, end: 7 },
      "B",
      "p",
      "r",
      "o",
      "u",
      "d",
      "B",
      " ",
      "o",
      "f",
      " ",
      "m",
      "e",
      ".",
    );
    expect(st.text).toBe("I felt **proud** of me.");
    expect(st.start).toBe(st.text.length);
  });
  it("toggling off at the end of a bold word moves the caret past the closing marker and inserts nothing", () => {
    const st = toggleInline(sel("a **word[]** b"), "bold");
    expect(show(st)).toBe("a **word**[] b");
    expect(st.pending).toBeNull();
  });
  it("toggling on right after a bold word steps back inside it", () => {
    expect(show(toggleInline(sel("a **word**[] b"), "bold"))).toBe("a **word[]** b");
  });
  it("toggling off in the middle of a bold word splits it only once a letter is typed", () => {
    const st = run(sel("**ab[]cd**"), "B");
    expect(st.text).toBe("**abcd**");
    expect(run(st, "x").text).toBe("**ab**x**cd**");
  });
  it("italic after a bold word closes cleanly", () => {
    const st = run({ text: "", start: 0, end: 0 }, "B", "w", "B", "I", "x", "I", " ", "y");
    expect(st.text).toBe("**w***x* y");
    expect(parseInline("**w***x* y")).toEqual([
      { type: "bold", children: [{ type: "text", text: "w" }] },
      { type: "italic", children: [{ type: "text", text: "x" }] },
      { type: "text", text: " y" },
    ]);
  });
  it("the B button on a selection and then typing after it keeps the text clean", () => {
    const bolded = toggleInline(sel("I felt [proud]"), "bold");
    const st = run({ ...bolded, start: bolded.text.length, end: bolded.text.length }, " ", "t", "o", "o");
    expect(st.text).toBe("I felt **proud** too");
  });
  it("spaces typed while a style waits keep it waiting", () => {
    expect(run({ text: "a", start: 1, end: 1 }, "B", " ", "b").text).toBe("a **b**");
  });
});

describe("backspace and Enter", () => {
  it("deleting the only letter of a bold word removes its markers too", () => {
    expect(show(backspace(sel("a **x[]** b"))!)).toBe("a [] b");
    expect(backspace(sel("a **xy[]** b"))).toBeNull();
    expect(backspace(sel("plain[]"))).toBeNull();
  });
  it("Enter continues a bullet or numbered list and ends it on an empty item", () => {
    expect(show(pressEnter(sel("• one[]"))!)).toBe("• one\n• []");
    expect(show(pressEnter(sel("1. one\n2. two[]"))!)).toBe("1. one\n2. two\n3. []");
    expect(show(pressEnter(sel("• one\n• []"))!)).toBe("• one\n[]");
    expect(show(pressEnter(sel("9. []"))!)).toBe("[]");
    expect(show(pressEnter(sel("plain[]")))).toBe("plain\n[]");
  });
  it("Enter inside bold closes it before the new line and opens it again after", () => {
    expect(show(pressEnter(sel("**ab[]cd** e")))).toBe("**ab**\n[]**cd** e");
    expect(show(pressEnter(sel("• **a[]**")))).toBe("• **a**\n• []");
  });
  it("Backspace at the start of a line rejoins a style Enter split, leaving no ** at the join", () => {
    expect(show(backspace(sel(" *a*\n[]*a*    "))!)).toBe(" *a[]a*    ");
    expect(show(backspace(sel("**ab**\n[]**cd** e"))!)).toBe("**ab[]cd** e");
    expect(show(backspace(sel("• **a**\n[]**b**"))!)).toBe("• **a[]b**");
    // No style meets the join: the editor's own join.
    expect(backspace(sel("*a*\n[]b"))).toBeNull();
    expect(backspace(sel("a\n[]*b*"))).toBeNull();
  });
});

describe("serializeStyled", () => {
  it("keeps spaces outside markers and reads back as the same styles", () => {
    const chars = [..."ab cd"].map((ch, i) => ({ ch, bold: i < 3, italic: i > 0 }));
    const { text } = serializeStyled(chars);
    expect(text).toBe("**a*b** cd*");
    expect(styledChars(text).map((c) => [c.ch, c.bold, c.italic])).toEqual([
      ["a", true, false],
      ["b", true, true],
      [" ", false, true],
      ["c", false, true],
      ["d", false, true],
    ]);
  });
});

// ------------------------------------------------------------------ property tests

type Op =
  | { kind: "type"; s: string }
  | { kind: "toggle"; m: "bold" | "italic" }
  | { kind: "caret"; at: number }
  | { kind: "select"; a: number; b: number }
  | { kind: "enter" }
  | { kind: "backspace" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.stringMatching(/^[a-z ]{1,4}$/u).map((s) => ({ kind: "type" as const, s })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom("bold" as const, "italic" as const).map((m) => ({ kind: "toggle" as const, m })),
  },
  { weight: 1, arbitrary: fc.nat(200).map((at) => ({ kind: "caret" as const, at })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(200), fc.nat(200)).map(([a, b]) => ({ kind: "select" as const, a, b })) },
  { weight: 1, arbitrary: fc.constant({ kind: "enter" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "backspace" as const }) },
);

function apply(st: EditorState, op: Op): EditorState {
  const len = st.text.length;
  switch (op.kind) {
    case "type":
      return typeText(st, op.s);
    case "toggle":
      return toggleInline(st, op.m);
    case "caret":
      return { text: st.text, start: op.at % (len + 1), end: op.at % (len + 1) };
    case "select": {
      const a = op.a % (len + 1);
      const b = op.b % (len + 1);
      return { text: st.text, start: Math.min(a, b), end: Math.max(a, b) };
    }
    case "enter":
      return pressEnter(st) ?? typeText(st, "\n");
    case "backspace": {
      const special = backspace(st);
      if (special) return special;
      const s = Math.min(st.start, st.end);
      const e = Math.max(st.start, st.end);
      if (s !== e) return { text: st.text.slice(0, s) + st.text.slice(e), start: s, end: s };
      if (s === 0) return st;
      return { text: st.text.slice(0, s - 1) + st.text.slice(s), start: s - 1, end: s - 1 };
    }
  }
}

function shownText(text: string): string {
  const inline = (xs: ReturnType<typeof parseInline>): string =>
    xs.map((x) => (x.type === "text" ? x.text : inline(x.children))).join("");
  return parseRichText(text)
    .flatMap((b) => (b.type === "paragraph" || b.type === "quote" ? b.lines : b.items))
    .map(inline)
    .join("\n");
}

describe("property: random typing, selections and toggles", () => {
  it("the preview never shows a stray *, and markers are never empty or doubled", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        let st: EditorState = empty;
        for (const op of ops) {
          // Backspace over a marker is the one way to break a pair by hand; the toolbar never does.
          if (op.kind === "backspace") {
            const s = Math.min(st.start, st.end);
            if (s === st.end && s > 0 && st.text[s - 1] === "*") continue;
            if (st.text.slice(Math.min(st.start, st.end), Math.max(st.start, st.end)).includes("*")) continue;
          }
          st = apply(st, op);
          expect(st.start).toBeGreaterThanOrEqual(0);
          expect(st.end).toBeLessThanOrEqual(st.text.length);
          expect(shownText(st.text)).not.toContain("*");
          expect(st.text).not.toMatch(/\*{4,}/u);
        }
      }),
      { numRuns: 400 },
    );
  });
  it("toggling twice over the same selection gives back the same text", () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 25 }),
        fc.nat(200),
        fc.nat(200),
        fc.constantFrom("bold" as const, "italic" as const),
        (ops, a, b, m) => {
          let st: EditorState = empty;
          for (const op of ops) if (op.kind !== "backspace") st = apply(st, op);
          const sel0 = apply(st, { kind: "select", a, b });
          const once = toggleInline(sel0, m);
          const twice = toggleInline(once, m);
          // The words are unchanged by any toggle.
          expect(shownText(once.text)).toBe(shownText(sel0.text));
          if (sel0.start !== sel0.end && once.text !== sel0.text) {
            expect(shownText(twice.text)).toBe(shownText(sel0.text));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it("a word typed after Ctrl+B is bold and text typed after the second Ctrl+B is not", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z ]{0,8}$/u),
        fc.stringMatching(/^[a-z]{1,6}$/u),
        fc.stringMatching(/^ [a-z]{1,6}$/u),
        (before, word, after) => {
          let st: EditorState = { text: before, start: before.length, end: before.length };
          st = toggleInline(st, "bold");
          for (const ch of word) st = typeText(st, ch);
          st = toggleInline(st, "bold");
          for (const ch of after) st = typeText(st, ch);
          const nodes = parseInline(st.text);
          const bold = nodes.filter((n) => n.type === "bold");
          expect(bold).toHaveLength(1);
          expect(shownText(st.text)).toBe(before + word + after);
          expect(st.text.endsWith(after)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
