/**
 * Rich-text markers of the editor (spec section 5): **bold**, *italic*, "• " bullets and "1. " numbered
 * lists. The text stays plain text with markers; these pure functions edit it around a selection and
 * parse it into a small tree that the screens render as React elements (never as HTML strings).
 */

export type InlineMarker = "bold" | "italic";
export type LineMarker = "bullet" | "numbered";

export const BULLET_PREFIX = "• ";
const NUMBERED_RE = /^(\d{1,4})\. /u;
const BULLET_RE = /^[•\-*] /u;

/** A text with a selection, as a textarea holds it. `start` <= `end`. */
export interface TextEdit {
  text: string;
  start: number;
  end: number;
}

const MARKS: Record<InlineMarker, string> = { bold: "**", italic: "*" };

/** Whether `mark` sits right before `at` (for italic, a single "*" that is not part of "**"). */
function markBefore(text: string, at: number, marker: InlineMarker): boolean {
  const m = MARKS[marker];
  if (text.slice(at - m.length, at) !== m) return false;
  if (marker === "italic") {
    // "**x" before the selection is bold, not italic, unless it is "***" (bold and italic).
    const prev = text.slice(at - 3, at - 1);
    if (prev === "**" && text.slice(at - 3, at) !== "***") return false;
    if (text[at - 2] === "*" && text[at - 3] !== "*") return false;
  }
  return true;
}

function markAfter(text: string, at: number, marker: InlineMarker): boolean {
  const m = MARKS[marker];
  if (text.slice(at, at + m.length) !== m) return false;
  if (marker === "italic") {
    if (text[at + 1] === "*" && text[at + 2] !== "*") return false;
  }
  return true;
}

function wrappedInside(sel: string, marker: InlineMarker): boolean {
  const m = MARKS[marker];
  if (sel.length < m.length * 2 + 1 || !sel.startsWith(m) || !sel.endsWith(m)) return false;
  if (marker === "italic") {
    // "**x**" is bold, not italic; "***x***" counts as both.
    const boldOnly = sel.startsWith("**") && sel.endsWith("**") && !(sel.startsWith("***") && sel.endsWith("***"));
    return !boldOnly;
  }
  return true;
}

/**
 * Toggles **bold** or *italic* around the selection:
 * - a selection already wrapped (markers just outside it, or at its own edges) is unwrapped;
 * - otherwise it is wrapped, and the selection stays on the same words;
 * - with nothing selected, an empty pair is inserted and the caret put between the markers.
 * Surrounding whitespace in the selection is left outside the markers ("**word** " not "**word **").
 */
export function toggleInline(edit: TextEdit, marker: InlineMarker): TextEdit {
  const { text } = edit;
  const m = MARKS[marker];
  let start = Math.max(0, Math.min(edit.start, edit.end));
  let end = Math.min(text.length, Math.max(edit.start, edit.end));

  if (start === end) {
    if (markBefore(text, start, marker) && markAfter(text, start, marker)) {
      // Caret between an empty pair: remove it.
      return { text: text.slice(0, start - m.length) + text.slice(start + m.length), start: start - m.length, end: start - m.length };
    }
    return { text: text.slice(0, start) + m + m + text.slice(end), start: start + m.length, end: start + m.length };
  }

  // Keep leading/trailing whitespace of the selection outside the markers.
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  if (start === end) return { text, start: edit.start, end: edit.end };

  const selected = text.slice(start, end);
  if (markBefore(text, start, marker) && markAfter(text, end, marker)) {
    return {
      text: text.slice(0, start - m.length) + selected + text.slice(end + m.length),
      start: start - m.length,
      end: end - m.length,
    };
  }
  if (wrappedInside(selected, marker)) {
    const inner = selected.slice(m.length, selected.length - m.length);
    return { text: text.slice(0, start) + inner + text.slice(end), start, end: start + inner.length };
  }
  return {
    text: text.slice(0, start) + m + selected + m + text.slice(end),
    start: start + m.length,
    end: end + m.length,
  };
}

function lineStartsWith(line: string, marker: LineMarker): boolean {
  return marker === "bullet" ? line.startsWith(BULLET_PREFIX) : NUMBERED_RE.test(line);
}

function stripLineMarker(line: string): string {
  if (line.startsWith(BULLET_PREFIX)) return line.slice(BULLET_PREFIX.length);
  const n = NUMBERED_RE.exec(line);
  return n ? line.slice(n[0].length) : line;
}

/**
 * Toggles "• " bullets or "1. " numbering on every line the selection touches. When all of those
 * (non-empty) lines already carry the marker it is removed; otherwise each line gets it (numbered
 * lines count 1, 2, 3 …; another list marker on a line is replaced). The selection grows to the
 * whole lines so a second press undoes the first.
 */
export function toggleLines(edit: TextEdit, marker: LineMarker): TextEdit {
  const { text } = edit;
  const selStart = Math.max(0, Math.min(edit.start, edit.end));
  const selEnd = Math.min(text.length, Math.max(edit.start, edit.end));
  const blockStart = text.lastIndexOf("\n", selStart - 1) + 1;
  // A selection ending right after a newline does not include the next line.
  const endProbe = selEnd > selStart && text[selEnd - 1] === "\n" ? selEnd - 1 : selEnd;
  const nl = text.indexOf("\n", endProbe);
  const blockEnd = nl === -1 ? text.length : nl;

  const lines = text.slice(blockStart, blockEnd).split("\n");
  const filled = lines.filter((l) => l.trim() !== "");
  const allMarked = filled.length > 0 && filled.every((l) => lineStartsWith(l, marker));

  let n = 0;
  const next = lines.map((line) => {
    if (allMarked) return lineStartsWith(line, marker) ? stripLineMarker(line) : line;
    if (line.trim() === "" && lines.length > 1) return line;
    n++;
    const body = stripLineMarker(line);
    return marker === "bullet" ? `${BULLET_PREFIX}${body}` : `${n}. ${body}`;
  });
  const replaced = next.join("\n");
  const out = text.slice(0, blockStart) + replaced + text.slice(blockEnd);
  if (selStart === selEnd && lines.length === 1) {
    // A caret stays where it was relative to the line's text.
    const delta = replaced.length - (blockEnd - blockStart);
    const caret = Math.max(blockStart, selStart + delta);
    return { text: out, start: caret, end: caret };
  }
  return { text: out, start: blockStart, end: blockStart + replaced.length };
}

// ------------------------------------------------------------------ parsing for display

export type Inline =
  | { type: "text"; text: string }
  | { type: "bold"; children: Inline[] }
  | { type: "italic"; children: Inline[] };

export type Block =
  | { type: "paragraph"; lines: Inline[][] }
  | { type: "bullets"; items: Inline[][] }
  | { type: "numbered"; start: number; items: Inline[][] };

/**
 * Parses inline markers. "**x**" is bold, "*x*" italic, and they nest ("***x***", "**a *b* c**").
 * A marker without its closing partner stays literal text, so nothing typed ever disappears.
 */
export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push({ type: "text", text: buf });
    buf = "";
  };
  let i = 0;
  while (i < src.length) {
    if (src.startsWith("**", i)) {
      const close = findClose(src, i + 2, "**");
      if (close > i + 2) {
        flush();
        out.push({ type: "bold", children: parseInline(src.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
    }
    if (src[i] === "*" && src[i + 1] !== " ") {
      const close = findClose(src, i + 1, "*");
      if (close > i + 1) {
        flush();
        out.push({ type: "italic", children: parseInline(src.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    buf += src[i];
    i++;
  }
  flush();
  return out;
}

/** Index of the closing marker for an opening one ending at `from`, or -1. */
function findClose(src: string, from: number, mark: "**" | "*"): number {
  if (mark === "**") {
    let j = src.indexOf("**", from);
    // "***" closing "**…*…***": prefer the last two stars of a run of three.
    while (j !== -1) {
      if (src[j - 1] !== " ") {
        if (src[j + 2] === "*" && src[j + 3] !== "*") return j + 1;
        return j;
      }
      j = src.indexOf("**", j + 2);
    }
    return -1;
  }
  for (let j = from; j < src.length; j++) {
    if (src[j] !== "*") continue;
    if (src[j + 1] === "*") {
      // Skip a nested bold pair inside italic.
      const inner = src.indexOf("**", j + 2);
      if (inner === -1) return src[j - 1] !== " " ? j : -1;
      j = inner + 1;
      continue;
    }
    if (src[j - 1] !== " ") return j;
  }
  return -1;
}

/** Splits the text into paragraphs, bullet lists and numbered lists, then parses inline markers. */
export function parseRichText(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/gu, "\n").split("\n");
  let para: Inline[][] = [];
  const flushPara = () => {
    if (para.length) blocks.push({ type: "paragraph", lines: para });
    para = [];
  };
  for (const line of lines) {
    const numbered = NUMBERED_RE.exec(line);
    const last = blocks[blocks.length - 1];
    if (BULLET_RE.test(line)) {
      flushPara();
      const item = parseInline(line.slice(2));
      if (last?.type === "bullets" && para.length === 0) last.items.push(item);
      else blocks.push({ type: "bullets", items: [item] });
    } else if (numbered) {
      flushPara();
      const item = parseInline(line.slice(numbered[0].length));
      if (last?.type === "numbered" && para.length === 0) last.items.push(item);
      else blocks.push({ type: "numbered", start: Number(numbered[1]), items: [item] });
    } else if (line.trim() === "") {
      flushPara();
      // A blank line ends a list too: push a separator by closing the current block.
      if (last && last.type !== "paragraph") blocks.push({ type: "paragraph", lines: [] });
    } else {
      para.push(parseInline(line));
    }
  }
  flushPara();
  return blocks.filter((b) => b.type !== "paragraph" || b.lines.length > 0);
}

/** The text without markers, e.g. for previews and screen-reader friendly summaries. */
export function stripMarkers(text: string): string {
  const inline = (xs: Inline[]): string => xs.map((x) => (x.type === "text" ? x.text : inline(x.children))).join("");
  return parseRichText(text)
    .map((b) =>
      b.type === "paragraph"
        ? b.lines.map(inline).join("\n")
        : b.type === "bullets"
          ? b.items.map((i) => `• ${inline(i)}`).join("\n")
          : b.items.map((i, k) => `${b.start + k}. ${inline(i)}`).join("\n"),
    )
    .join("\n\n");
}
