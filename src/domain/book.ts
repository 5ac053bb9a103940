/**
 * The printable book's rules without I/O: which entries a Timeline view prints, how an entry's text is
 * split into printed blocks (the editor's markers, plus Markdown headings and quotes an import may hold),
 * which characters the built-in PDF fonts can draw, and the words of the title page and contents.
 */
import { dateRangeBounds, localDayKey, MONTH_NAMES, WEEKDAY_NAMES, type DayKey } from "./dates";
import { parseRichText, type Block, type Inline } from "./richtext-parse";
import { normalizeQuery } from "./search";
import type { TimelineFilters } from "./timeline";

// ---------------------------------------------------------------- from the Timeline

/** The book's query for what the Timeline shows (its search and filters), as days in the person's zone. */
export interface BookFilterQuery {
  from?: DayKey;
  to?: DayKey;
  tags?: string[];
  mood?: "positive" | "neutral" | "negative";
  search?: string;
  has_media?: "true" | "false";
}

export function bookQueryFromFilters(search: string, f: TimelineFilters, now: Date, tz: string): BookFilterQuery {
  const out: BookFilterQuery = {};
  const bounds = dateRangeBounds(f.dateRange, now, tz, f.customDateStart, f.customDateEnd);
  if (bounds?.from) out.from = localDayKey(bounds.from, tz);
  if (bounds?.to) out.to = localDayKey(bounds.to.getTime() - 1, tz);
  if (f.tags.length) out.tags = [...f.tags];
  if (f.mood !== "all") out.mood = f.mood;
  const q = normalizeQuery(search);
  if (q) out.search = q;
  if (f.hasMedia !== undefined) out.has_media = f.hasMedia ? "true" : "false";
  return out;
}

// ---------------------------------------------------------------- printed blocks

export type PrintBlock =
  Block | { type: "heading"; level: 1 | 2 | 3; text: Inline[] } | { type: "quote"; lines: Inline[][] };

const HEADING_RE = /^(#{1,3})\s+(.*)$/u;
const QUOTE_RE = /^>\s?(.*)$/u;

/**
 * An entry's text as printed blocks: "# " to "### " lines are headings and "> " lines quotes (Markdown an
 * import may bring); everything else is read by the editor's own parser (bold, italic, bullets, numbers).
 */
export function printBlocks(text: string): PrintBlock[] {
  const out: PrintBlock[] = [];
  let rest: string[] = [];
  let quote: string[] = [];
  const flushRest = () => {
    if (rest.length) out.push(...parseRichText(rest.join("\n")));
    rest = [];
  };
  const flushQuote = () => {
    if (quote.length) out.push({ type: "quote", lines: quote.map((l) => parseRichText(l).flatMap(inlineOf)) });
    quote = [];
  };
  for (const line of text.replace(/\r\n?/gu, "\n").split("\n")) {
    const h = HEADING_RE.exec(line);
    const q = QUOTE_RE.exec(line);
    if (h && h[2]!.trim()) {
      flushRest();
      flushQuote();
      out.push({ type: "heading", level: h[1]!.length as 1 | 2 | 3, text: parseInlineText(h[2]!) });
    } else if (q) {
      flushRest();
      quote.push(q[1]!);
    } else {
      flushQuote();
      rest.push(line);
    }
  }
  flushRest();
  flushQuote();
  return out;
}

function inlineOf(b: Block): Inline[] {
  if (b.type === "paragraph" || b.type === "quote")
    return b.lines.flatMap((l, i) => (i ? [{ type: "text" as const, text: " " }, ...l] : l));
  return b.items.flat();
}

function parseInlineText(s: string): Inline[] {
  return parseRichText(s).flatMap(inlineOf);
}

// ---------------------------------------------------------------- fonts

/** The characters of the Windows-1252 (WinAnsi) encoding beyond Latin-1: what the 14 built-in PDF fonts draw. */
const WIN_ANSI_EXTRA = new Set(
  [0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d]
    .concat([0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153])
    .concat([0x017e, 0x0178]),
);

export function isWinAnsi(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/** Printed in place of a character no font of the book has (an emoji, a CJK character without a font). */
export const MISSING_GLYPH = "?";

/** Invisible characters that are dropped: joiners, variation selectors, marks of direction, BOM. */
const INVISIBLE_RE = /[\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufe00-\ufe0f\ufeff]|\udb40[\udd00-\uddef]/gu;

export interface FontRun {
  text: string;
  /** "base": the built-in font; "fallback": the bundled Unicode font. */
  font: "base" | "fallback";
}

/**
 * Splits text into runs by the font that can draw them. Text is NFC-normalised first (so "e" and a
 * combining accent become "é"), tabs become spaces and invisible joiners are dropped; a character no font
 * has becomes MISSING_GLYPH, so that nothing disappears silently. `fallbackHas` says whether the bundled
 * font draws a code point (always false when there is none).
 */
export function fontRuns(text: string, fallbackHas: (cp: number) => boolean): FontRun[] {
  const clean = text.normalize("NFC").replace(/\t/gu, "    ").replace(INVISIBLE_RE, "");
  const runs: FontRun[] = [];
  const push = (ch: string, font: FontRun["font"]) => {
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  };
  for (const ch of clean) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x0a) push(ch, "base");
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (isWinAnsi(cp)) push(ch, "base");
    else if (fallbackHas(cp)) push(ch, "fallback");
    else push(MISSING_GLYPH, "base");
  }
  return runs;
}

// ---------------------------------------------------------------- words

/** "Friday 14 March 2025" */
export function bookDayHeading(day: DayKey): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday} ${d} ${MONTH_NAMES[m - 1]} ${y}`;
}

/** "March 2025" for "2025-03". */
export function bookMonthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

const longDay = (day: DayKey) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTH_NAMES[m - 1]} ${y}`;
};

/** The title page's range: "14 March 2025 – 13 March 2026" (the days of the first and last entries). */
export function bookRangeLabel(first: DayKey, last: DayKey): string {
  return first === last ? longDay(first) : `${longDay(first)} – ${longDay(last)}`;
}

export const entriesLabel = (n: number) => (n === 1 ? "1 entry" : `${n.toLocaleString("en-US")} entries`);

/** The book's file name: "reverie-book-2025-03-14-to-2026-03-13.pdf". */
export function bookFilename(app: string, first: DayKey, last: DayKey): string {
  return `${app.toLowerCase()}-book-${first}${first === last ? "" : `-to-${last}`}.pdf`;
}
