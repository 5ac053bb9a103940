import { describe, expect, it } from "vitest";
import { parseInline, parseRichText, stripMarkers, toggleInline, toggleLines, type TextEdit } from "@/domain/richtext";

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
    expect(show(toggleInline(sel("a [**good**] day"), "italic"))).toBe("a *[**good**]* day");
  });
  it("bold and italic toggle independently on ***x***", () => {
    expect(show(toggleInline(sel("***[x]***"), "bold"))).toBe("*[x]*");
    expect(show(toggleInline(sel("***[x]***"), "italic"))).toBe("**[x]**");
  });
  it("keeps surrounding spaces of the selection outside the markers", () => {
    expect(show(toggleInline(sel("a[ good ]day"), "bold"))).toBe("a **[good]** day");
  });
  it("inserts an empty pair at a caret and removes it again", () => {
    const once = toggleInline(sel("ab[]cd"), "bold");
    expect(show(once)).toBe("ab**[]**cd");
    expect(show(toggleInline(once, "bold"))).toBe("ab[]cd");
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
      { type: "bold", children: [{ type: "text", text: "a " }, { type: "italic", children: [{ type: "text", text: "b" }] }, { type: "text", text: " c" }] },
    ]);
    expect(parseInline("*a **b** c*")).toEqual([
      { type: "italic", children: [{ type: "text", text: "a " }, { type: "bold", children: [{ type: "text", text: "b" }] }, { type: "text", text: " c" }] },
    ]);
    expect(parseInline("***x***")).toEqual([{ type: "bold", children: [{ type: "italic", children: [{ type: "text", text: "x" }] }] }]);
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
    expect(blocks[0]).toEqual({ type: "paragraph", lines: [[{ type: "text", text: "Intro line" }], [{ type: "text", text: "second line" }]] });
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
