/**
 * The rich-text markers of the editor (spec section 5): **bold**, *italic*, "• " bullets and "1. " numbered
 * lists. The text stays plain text with markers; this module reads a line's markers into styled characters and
 * writes styled characters back as markers, the rules the editing (./richtext-edit.ts), the display tree
 * (./richtext-parse.ts) and the live formatting (./richtext-segments.ts) all share.
 */

export type InlineMarker = "bold" | "italic";
export type LineMarker = "bullet" | "numbered";

export const BULLET_PREFIX = "• ";
export const NUMBERED_RE = /^(\d{1,4})\. /u;
export const BULLET_RE = /^[•\-*] /u;

/** The inline style of one character. */
export interface InlineStyle {
  bold: boolean;
  italic: boolean;
}

export const PLAIN: InlineStyle = { bold: false, italic: false };
export const sameStyle = (a: InlineStyle, b: InlineStyle) => a.bold === b.bold && a.italic === b.italic;
export const isSpace = (c: string | undefined) => c === undefined || /\s/u.test(c);

/** A character of a line's body with its style and its index in the source line. */
export interface StyledChar extends InlineStyle {
  ch: string;
  src: number;
}

export type InlineEvent = { kind: "char"; ch: string } | { kind: "open" | "close"; marker: InlineMarker };

/**
 * Reads one line's inline markers. A run of one, two or three stars toggles italic, bold or both
 * (closing what is open and opening what is not). A marker that opens must be followed by a
 * non-space and one that closes must follow a non-space; a run that opens something never closed on
 * the line stays literal text, as does any other run, so nothing typed ever disappears.
 */
export function scanLine(src: string): { chars: StyledChar[]; events: InlineEvent[] } {
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < src.length;) {
    if (src[i] !== "*") {
      i++;
      continue;
    }
    let j = i;
    while (src[j] === "*") j++;
    runs.push({ start: i, end: j });
    i = j;
  }
  const disabled = new Set<number>();
  for (;;) {
    const role = new Map<number, { toggles: InlineMarker[] }>();
    const openedBy: Partial<Record<InlineMarker, number>> = {};
    const open: InlineStyle = { ...PLAIN };
    runs.forEach((r, k) => {
      const len = r.end - r.start;
      if (disabled.has(k) || len > 3) return;
      const toggles: InlineMarker[] = len === 1 ? ["italic"] : len === 2 ? ["bold"] : ["bold", "italic"];
      const before = src[r.start - 1];
      const after = src[r.end];
      const ok = toggles.every((m) => (open[m] ? !isSpace(before) : !isSpace(after)));
      if (!ok) return;
      for (const m of toggles) {
        if (open[m]) delete openedBy[m];
        else openedBy[m] = k;
        open[m] = !open[m];
      }
      role.set(k, { toggles });
    });
    const unclosed = Object.values(openedBy);
    if (unclosed.length > 0) {
      for (const k of unclosed) disabled.add(k);
      continue;
    }
    // Build the characters and the open/close events.
    const chars: StyledChar[] = [];
    const events: InlineEvent[] = [];
    const state: InlineStyle = { ...PLAIN };
    let next = 0;
    const pushChars = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        chars.push({ ch: src[i]!, src: i, ...state });
        events.push({ kind: "char", ch: src[i]! });
      }
    };
    runs.forEach((r, k) => {
      const rr = role.get(k);
      if (!rr) return;
      pushChars(next, r.start);
      // Closing first (inner italic before bold), then opening (bold outside italic).
      const closes = rr.toggles.filter((m) => state[m]).sort((a) => (a === "italic" ? -1 : 1));
      const opens = rr.toggles.filter((m) => !state[m]).sort((a) => (a === "bold" ? -1 : 1));
      for (const m of closes) {
        events.push({ kind: "close", marker: m });
        state[m] = false;
      }
      for (const m of opens) {
        events.push({ kind: "open", marker: m });
        state[m] = true;
      }
      next = r.end;
    });
    pushChars(next, src.length);
    return { chars, events };
  }
}

/** The styled characters of one line's body (markers removed). */
export function styledChars(line: string): StyledChar[] {
  return scanLine(line).chars;
}

/**
 * Writes styled characters back as text with markers. Spaces at the edge of a styled stretch stay
 * outside its markers, markers are never empty, and the result reads back (scanLine) as the same styles.
 * `pos[k]` is where character k lands in the text.
 */
export function serializeStyled(chars: readonly { ch: string; bold: boolean; italic: boolean }[]): {
  text: string;
  pos: number[];
} {
  const n = chars.length;
  // Spaces take the styles shared by the nearest non-space characters on both sides.
  const eff: InlineStyle[] = new Array<InlineStyle>(n);
  let left: InlineStyle | null = null;
  const leftOf: (InlineStyle | null)[] = [];
  for (let k = 0; k < n; k++) {
    leftOf.push(left);
    if (!isSpace(chars[k]!.ch)) left = chars[k]!;
  }
  let right: InlineStyle | null = null;
  for (let k = n - 1; k >= 0; k--) {
    const c = chars[k]!;
    if (!isSpace(c.ch)) {
      eff[k] = { bold: c.bold, italic: c.italic };
      right = c;
    } else {
      const l = leftOf[k];
      eff[k] = l && right ? { bold: l.bold && right.bold, italic: l.italic && right.italic } : { ...PLAIN };
    }
  }
  let text = "";
  const pos: number[] = [];
  const state: InlineStyle = { ...PLAIN };
  const transition = (to: InlineStyle) => {
    let run = 0;
    if (state.bold !== to.bold) run += 2;
    if (state.italic !== to.italic) run += 1;
    text += "*".repeat(run);
    state.bold = to.bold;
    state.italic = to.italic;
  };
  for (let k = 0; k < n; k++) {
    transition(eff[k]!);
    pos.push(text.length);
    text += chars[k]!.ch;
  }
  transition(PLAIN);
  return { text, pos };
}

/** Length of a line's list prefix ("• ", "- ", "* ", "1. "), which inline markers never touch. */
export function prefixLength(line: string): number {
  const n = NUMBERED_RE.exec(line);
  if (n) return n[0].length;
  return BULLET_RE.test(line) ? 2 : 0;
}
