import { describe, expect, it } from "vitest";
import {
  bookDayHeading,
  bookFilename,
  bookQueryFromFilters,
  bookRangeLabel,
  fontRuns,
  isWinAnsi,
  MISSING_GLYPH,
  printBlocks,
} from "@/domain/book";
import { localIsoInstant } from "@/domain/dates";
import { DEFAULT_FILTERS } from "@/domain/timeline";

describe("the book's fonts", () => {
  it("knows the WinAnsi characters the built-in fonts draw", () => {
    for (const ch of "Aé€…—“”•ŠœŸ ÿ") expect(isWinAnsi(ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of "łőЖα☀😀日") expect(isWinAnsi(ch.codePointAt(0)!), ch).toBe(false);
  });

  it("splits text into runs by font, replaces what no font has, and drops invisible joiners", () => {
    const geist = (cp: number) => cp === 0x142 || (cp >= 0x400 && cp <= 0x4ff);
    expect(fontRuns("Zoë łódź Жар 😀 日\u200d\ufe0f", geist)).toEqual([
      { text: "Zoë ", font: "base" },
      { text: "ł", font: "fallback" },
      { text: "ód? ", font: "base" },
      { text: "Жар", font: "fallback" },
      { text: " ? ?", font: "base" },
    ]);
    expect(fontRuns("ź", () => false)).toEqual([{ text: MISSING_GLYPH, font: "base" }]);
    // A letter and its combining accent are one WinAnsi letter once composed.
    expect(fontRuns("e\u0301", () => false)).toEqual([{ text: "é", font: "base" }]);
    expect(fontRuns("a\tb\nc\u0007", () => false)).toEqual([{ text: "a    b\nc", font: "base" }]);
    expect(
      fontRuns("😀👍🏽", () => false)
        .map((r) => r.text)
        .join(""),
    ).toBe("???");
  });
});

describe("printed blocks", () => {
  it("reads the editor's markers, and Markdown headings and quotes", () => {
    const blocks = printBlocks(
      "# Title **bold**\nSome *words*.\n\n• one\n• two\n\n> quoted **line**\n> second\n\n1. first",
    );
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "bullets", "quote", "numbered"]);
    expect(blocks[0]).toEqual({
      type: "heading",
      level: 1,
      text: [
        { type: "text", text: "Title " },
        { type: "bold", children: [{ type: "text", text: "bold" }] },
      ],
    });
    const quote = blocks.find((b) => b.type === "quote")!;
    expect(quote).toEqual({
      type: "quote",
      lines: [
        [
          { type: "text", text: "quoted " },
          { type: "bold", children: [{ type: "text", text: "line" }] },
        ],
        [{ type: "text", text: "second" }],
      ],
    });
    // "#hashtag" and "#" alone stay text.
    expect(printBlocks("#hashtag\n#").map((b) => b.type)).toEqual(["paragraph"]);
  });
});

describe("the book's words and query", () => {
  it("names days, ranges and the file", () => {
    expect(bookDayHeading("2025-03-14")).toBe("Friday 14 March 2025");
    expect(bookRangeLabel("2025-03-14", "2026-03-13")).toBe("14 March 2025 – 13 March 2026");
    expect(bookRangeLabel("2025-03-14", "2025-03-14")).toBe("14 March 2025");
    expect(bookFilename("Reverie", "2025-03-14", "2025-04-01")).toBe("reverie-book-2025-03-14-to-2025-04-01.pdf");
    expect(bookFilename("Reverie", "2025-03-14", "2025-03-14")).toBe("reverie-book-2025-03-14.pdf");
  });

  it("turns the Timeline's filters into the book's days in the person's zone", () => {
    const now = new Date("2026-11-27T02:00:00Z"); // 26 November in New York
    const tz = "America/New_York";
    expect(bookQueryFromFilters("", DEFAULT_FILTERS, now, tz)).toEqual({});
    expect(
      bookQueryFromFilters(
        "  sea ",
        { ...DEFAULT_FILTERS, dateRange: "week", tags: ["travel"], mood: "positive", hasMedia: true },
        now,
        tz,
      ),
    ).toEqual({
      from: "2026-11-19",
      to: "2026-11-26",
      tags: ["travel"],
      mood: "positive",
      search: "sea",
      has_media: "true",
    });
    expect(
      bookQueryFromFilters(
        "",
        { ...DEFAULT_FILTERS, dateRange: "custom", customDateStart: "2025-05-04", customDateEnd: "2025-05-01" },
        now,
        tz,
      ),
    ).toEqual({ from: "2025-05-01", to: "2025-05-04" });
  });

  it("writes local instants with their offset", () => {
    expect(localIsoInstant("2025-03-14T23:30:00.000Z", "Europe/Paris")).toBe("2025-03-15T00:30:00+01:00");
    expect(localIsoInstant("2025-07-14T23:30:00.000Z", "America/New_York")).toBe("2025-07-14T19:30:00-04:00");
    expect(localIsoInstant("2025-07-14T23:30:00.000Z", "Asia/Kolkata")).toBe("2025-07-15T05:00:00+05:30");
    expect(localIsoInstant("2025-07-14T23:30:00.000Z", "UTC")).toBe("2025-07-14T23:30:00+00:00");
  });
});
