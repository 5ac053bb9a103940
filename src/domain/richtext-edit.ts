/**
 * Editing rich text around a selection (spec section 5): toggling bold and italic, typing, deleting, Enter in a
 * list and toggling list lines. Pure functions over the text and its selection; the markers' rules are
 * ./richtext-markers.ts.
 */
import {
  BULLET_PREFIX,
  BULLET_RE,
  isSpace,
  NUMBERED_RE,
  PLAIN,
  prefixLength,
  sameStyle,
  serializeStyled,
  styledChars,
  type InlineMarker,
  type InlineStyle,
  type LineMarker,
  type StyledChar,
} from "./richtext-markers";

/** A text with a selection, as a textarea holds it. `start` <= `end`. */
export interface TextEdit {
  text: string;
  start: number;
  end: number;
}

/**
 * The editor's state: the text, the selection and, with a bare caret, a style waiting for the next
 * typed characters (Ctrl+B before typing a word). `pending` never puts markers in the text by itself,
 * so no empty pair is ever left behind.
 */
export interface EditorState extends TextEdit {
  pending?: InlineStyle | null;
}

interface LineInfo {
  start: number;
  text: string;
  prefix: number;
}

function linesOf(text: string): LineInfo[] {
  const out: LineInfo[] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    out.push({ start, text: line, prefix: prefixLength(line) });
    start += line.length + 1;
  }
  return out;
}

function lineAt(lines: LineInfo[], at: number): LineInfo {
  let found = lines[0]!;
  for (const l of lines) if (l.start <= at) found = l;
  return found;
}

/**
 * The style `typed` gets when typed at `at` (inside `body`), or null when typing it there would
 * restyle other text or show a marker as a literal star.
 */
function typedStyleAt(body: string, at: number, typed = "\u0000"): InlineStyle | null {
  const before = styledChars(body);
  const after = styledChars(body.slice(0, at) + typed + body.slice(at));
  if (after.length !== before.length + typed.length) return null;
  let style: InlineStyle | null = null;
  let fromLetter = false;
  for (let k = 0, j = 0; k < after.length; k++) {
    const c = after[k]!;
    if (c.src >= at && c.src < at + typed.length) {
      // The style shown is the one of the first letter (spaces carry none of their own).
      if (!style || (!fromLetter && !isSpace(c.ch))) {
        style = { bold: c.bold, italic: c.italic };
        fromLetter = !isSpace(c.ch);
      }
      continue;
    }
    const b = before[j++]!;
    if (b.ch !== c.ch || !sameStyle(b, c)) return null;
  }
  return style;
}

/** The style typing at the caret gives now (the pending one, or the one of the text around it). */
export function styleAtCaret(edit: EditorState): InlineStyle {
  if (edit.pending) return edit.pending;
  const at = Math.min(edit.start, edit.end);
  const line = lineAt(linesOf(edit.text), at);
  const bodyStart = line.start + line.prefix;
  if (at < bodyStart) return { ...PLAIN };
  return typedStyleAt(line.text.slice(line.prefix), at - bodyStart) ?? { ...PLAIN };
}

/** Positions in `body` that sit between content characters k-1 and k (across any markers there). */
function caretCandidates(chars: StyledChar[], bodyLength: number, k: number): number[] {
  const from = k === 0 ? 0 : chars[k - 1]!.src + 1;
  const to = k === chars.length ? bodyLength : chars[k]!.src;
  const out: number[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
}

/** A caret position (in the body) between content characters k-1 and k where typing gets `want`, preferring `near`. */
function caretFor(body: string, chars: StyledChar[], k: number, want: InlineStyle, near: number): number | null {
  const cands = caretCandidates(chars, body.length, k).sort((a, b) => Math.abs(a - near) - Math.abs(b - near));
  for (const p of cands) {
    const s = typedStyleAt(body, p);
    if (s && sameStyle(s, want)) return p;
  }
  return null;
}

function toggled(style: InlineStyle, marker: InlineMarker): InlineStyle {
  return { ...style, [marker]: !style[marker] };
}

/** Number of content characters of `chars` whose source index is before `at`. */
function contentIndex(chars: StyledChar[], at: number): number {
  let k = 0;
  while (k < chars.length && chars[k]!.src < at) k++;
  return k;
}

/**
 * Toggles **bold** or *italic*:
 * - over a selection, the selected words get the style, or lose it when they all have it already
 *   (spaces at the selection's edges stay outside the markers); the same words stay selected;
 * - at a bare caret, nothing is inserted: the caret steps across a closing or opening marker when that
 *   gives the wanted style (toggling bold off at the end of a bold word moves past its "**"), and
 *   otherwise the style waits in `pending` for the next typed characters (see typeText).
 */
export function toggleInline(edit: EditorState, marker: InlineMarker): EditorState {
  const { text } = edit;
  const start = Math.max(0, Math.min(edit.start, edit.end, text.length));
  const end = Math.min(text.length, Math.max(edit.start, edit.end));
  const lines = linesOf(text);

  if (start === end) {
    const line = lineAt(lines, start);
    const bodyStart = line.start + line.prefix;
    if (start < bodyStart)
      return { text, start, end, pending: edit.pending ? toggled(edit.pending, marker) : { ...PLAIN, [marker]: true } };
    const body = line.text.slice(line.prefix);
    const at = start - bodyStart;
    const chars = styledChars(body);
    const current = edit.pending ?? typedStyleAt(body, at) ?? PLAIN;
    const want = toggled(current, marker);
    const p = caretFor(body, chars, contentIndex(chars, at), want, at);
    if (p !== null) return { text, start: bodyStart + p, end: bodyStart + p, pending: null };
    return { text, start, end, pending: want };
  }

  // A selection: collect the selected content characters of every line it touches.
  type Sel = { line: LineInfo; chars: StyledChar[]; from: number; to: number };
  const touched: Sel[] = [];
  for (const line of lines) {
    const bodyStart = line.start + line.prefix;
    const lineEnd = line.start + line.text.length;
    if (lineEnd < start || line.start > end) continue;
    const chars = styledChars(line.text.slice(line.prefix));
    let from = chars.findIndex((c) => c.src + bodyStart >= start);
    if (from === -1) from = chars.length;
    let to = from;
    while (to < chars.length && chars[to]!.src + bodyStart < end) to++;
    // Spaces at the edges stay as they are.
    while (from < to && isSpace(chars[from]!.ch)) from++;
    while (to > from && isSpace(chars[to - 1]!.ch)) to--;
    if (to > from) touched.push({ line, chars, from, to });
  }
  if (touched.length === 0) return { text, start: edit.start, end: edit.end, pending: null };
  const selected = touched.flatMap((t) => t.chars.slice(t.from, t.to).filter((c) => !isSpace(c.ch)));
  const on = !selected.every((c) => c[marker]);

  let out = "";
  let cursor = 0;
  let newStart = -1;
  let newEnd = -1;
  for (const t of touched) {
    const chars = t.chars.map((c, k) => (k >= t.from && k < t.to ? { ...c, [marker]: on } : c));
    const { text: body, pos } = serializeStyled(chars);
    const bodyStart = t.line.start + t.line.prefix;
    out += text.slice(cursor, bodyStart);
    const base = out.length;
    out += body;
    cursor = t.line.start + t.line.text.length;
    if (newStart === -1) newStart = base + pos[t.from]!;
    newEnd = base + pos[t.to - 1]! + 1;
  }
  out += text.slice(cursor);
  return { text: out, start: newStart, end: newEnd, pending: null };
}

/**
 * Types `typed` over the selection. Without a pending style this is plain insertion; with one, the
 * typed characters get that style and the line's markers are rewritten around them, with the caret
 * left where further typing keeps the style. A pending style waits through spaces.
 */
export function typeText(edit: EditorState, typed: string): EditorState {
  const start = Math.min(edit.start, edit.end);
  const end = Math.max(edit.start, edit.end);
  const plain = edit.text.slice(0, start) + typed + edit.text.slice(end);
  const caret = start + typed.length;
  const plainState: EditorState = { text: plain, start: caret, end: caret, pending: null };
  if (start !== end) {
    const cut = deleteSelection(edit);
    if (!cut) return plainState;
    return typed === ""
      ? { ...cut.edit, pending: null }
      : typeText({ ...cut.edit, pending: edit.pending ?? cut.style }, typed);
  }
  if (typed === "" || typed.includes("\n") || typed.includes("*")) return plainState;
  const lines = linesOf(edit.text);
  const line = lineAt(lines, start);
  const bodyStart = line.start + line.prefix;
  if (start < bodyStart) return plainState;
  const body = line.text.slice(line.prefix);
  const at = start - bodyStart;
  const chars = styledChars(body);
  const k = contentIndex(chars, at);
  const natural = typedStyleAt(body, at, typed);
  let style = edit.pending ?? null;
  if (!style) {
    // Typed as is, unless that would break a marker (a space just inside "**"): then the letters
    // take the style of the text they continue.
    if (natural) return plainState;
    const near = chars[k - 1] ?? chars[k];
    style = near ? { bold: near.bold, italic: near.italic } : { ...PLAIN };
  } else if (natural && sameStyle(natural, style)) {
    return plainState;
  }
  const inserted = [...typed].map((ch, j) => ({ ch, src: -1 - j, ...style }));
  const nextChars = [...chars.slice(0, k), ...inserted, ...chars.slice(k)];
  const { text: newBody, pos } = serializeStyled(nextChars);
  const kk = k + inserted.length;
  const lastPos = pos[kk - 1]! + 1;
  const text = edit.text.slice(0, bodyStart) + newBody + edit.text.slice(line.start + line.text.length);
  // Spaces alone do not show a style yet: it keeps waiting for the next letter.
  if (typed.trim() === "" || /\s$/u.test(typed)) {
    const p = caretFor(newBody, styledChars(newBody), kk, style, lastPos);
    if (p === null) return { text, start: bodyStart + lastPos, end: bodyStart + lastPos, pending: style };
    return { text, start: bodyStart + p, end: bodyStart + p, pending: null };
  }
  const p = caretFor(newBody, styledChars(newBody), kk, style, lastPos) ?? lastPos;
  return { text, start: bodyStart + p, end: bodyStart + p, pending: null };
}

/**
 * Removes the selected text of one line through the styled characters, so no marker is left empty or
 * broken; gives the style of the first removed letter too. Null for a selection across lines.
 */
function deleteSelection(edit: TextEdit): { edit: TextEdit; style: InlineStyle | null } | null {
  const start = Math.min(edit.start, edit.end);
  const end = Math.max(edit.start, edit.end);
  const lines = linesOf(edit.text);
  const a = lineAt(lines, start);
  const b = lineAt(lines, end);
  const aBody = a.start + a.prefix;
  const bBody = b.start + b.prefix;
  if (start < aBody || end < bBody) return null;
  const aChars = styledChars(a.text.slice(a.prefix));
  const bChars = a === b ? aChars : styledChars(b.text.slice(b.prefix));
  const from = contentIndex(aChars, start - aBody);
  const to = contentIndex(bChars, end - bBody);
  const removed = a === b ? aChars.slice(from, to) : aChars.slice(from);
  const first = removed.find((c) => !isSpace(c.ch)) ?? removed[0];
  const rest = [...aChars.slice(0, from), ...bChars.slice(to)];
  const { text: newBody, pos } = serializeStyled(rest);
  const naive = edit.text.slice(aBody, start) + edit.text.slice(end, b.start + b.text.length);
  const sig = (cs: { ch: string; bold: boolean; italic: boolean }[]) =>
    JSON.stringify(cs.map((c) => [c.ch, c.bold, c.italic]));
  const clean = sig(styledChars(naive)) === sig(rest);
  const body = clean ? naive : newBody;
  const caret = clean ? start - aBody : from === 0 ? 0 : pos[from - 1]! + 1;
  const text = edit.text.slice(0, aBody) + body + edit.text.slice(b.start + b.text.length);
  return {
    edit: { text, start: aBody + caret, end: aBody + caret },
    style: first ? { bold: first.bold, italic: first.italic } : null,
  };
}

/**
 * Backspace over a selection removes it without breaking a marker. Backspace at a bare caret that would leave an empty pair of markers ("**|**" after deleting the only
 * letter of a bold word) removes the pair too. Returns null when the ordinary Backspace is right.
 */
export function backspace(edit: TextEdit): TextEdit | null {
  if (edit.start !== edit.end) return deleteSelection(edit)?.edit ?? null;
  if (edit.start === 0) return null;
  const lines = linesOf(edit.text);
  const line = lineAt(lines, edit.start);
  const bodyStart = line.start + line.prefix;
  const at = edit.start - bodyStart;
  if (at === 0 && line.prefix === 0 && line.start > 0) return joinStyledLines(edit.text, lines, line);
  if (at <= 0) return null;
  const body = line.text.slice(line.prefix);
  const chars = styledChars(body);
  const k = chars.findIndex((c) => c.src === at - 1);
  if (k === -1) return null;
  const c = chars[k]!;
  if (!c.bold && !c.italic) return null;
  const prev = chars[k - 1];
  const next = chars[k + 1];
  const alone = (m: InlineMarker) =>
    c[m] && !(prev && prev[m] && !isSpace(prev.ch)) && !(next && next[m] && !isSpace(next.ch));
  if (!alone("bold") && !alone("italic")) return null;
  const rest = [...chars.slice(0, k), ...chars.slice(k + 1)];
  const { text: newBody, pos } = serializeStyled(rest);
  const caret = k === 0 ? 0 : pos[k - 1]! + 1;
  const text = edit.text.slice(0, bodyStart) + newBody + edit.text.slice(line.start + line.text.length);
  return { text, start: bodyStart + caret, end: bodyStart + caret };
}

/**
 * Backspace at the start of a plain line joins it to the line before. When bold or italic runs over the
 * join (Enter closed it before the break and opened it again after), the two stretches become one again,
 * so no "**" is left where the break was ("*a*" + "*b*" gives "*ab*"). Null when no style meets the join:
 * the plain join is the editor's own.
 */
function joinStyledLines(text: string, lines: LineInfo[], line: LineInfo): TextEdit | null {
  const prev = lineAt(lines, line.start - 1);
  const prevChars = styledChars(prev.text.slice(prev.prefix));
  const chars = styledChars(line.text);
  const last = prevChars[prevChars.length - 1];
  const first = chars[0];
  if (!last || !first || !((last.bold && first.bold) || (last.italic && first.italic))) return null;
  const { text: body, pos } = serializeStyled([...prevChars, ...chars]);
  const bodyStart = prev.start + prev.prefix;
  const caret = bodyStart + pos[prevChars.length - 1]! + 1;
  const joined = text.slice(0, bodyStart) + body + text.slice(line.start + line.text.length);
  return { text: joined, start: caret, end: caret };
}

/**
 * Enter: inside a list item the list continues ("• " or the next number), and Enter on an empty item
 * ends the list by clearing that item's marker. Bold or italic that runs across the caret is closed
 * before the new line and opened again after it, so no marker is left alone on a line.
 */
export function pressEnter(edit: TextEdit): TextEdit {
  const start = Math.min(edit.start, edit.end);
  const end = Math.max(edit.start, edit.end);
  const base =
    start === end
      ? edit
      : (deleteSelection(edit)?.edit ?? { text: edit.text.slice(0, start) + edit.text.slice(end), start, end: start });
  const { text } = base;
  const at = base.start;
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const nl = text.indexOf("\n", at);
  const lineEnd = nl === -1 ? text.length : nl;
  const line = text.slice(lineStart, lineEnd);
  const n = NUMBERED_RE.exec(line);
  const bullet = n ? null : BULLET_RE.exec(line);
  const prefix = n ? n[0] : bullet ? bullet[0] : "";
  if (prefix && at >= lineStart + prefix.length && line.slice(prefix.length).trim() === "") {
    const out = text.slice(0, lineStart) + text.slice(lineStart + prefix.length);
    return { text: out, start: lineStart, end: lineStart };
  }
  const inBody = at >= lineStart + prefix.length;
  const nextPrefix = !prefix || !inBody ? "" : n ? `${Number(n[1]) + 1}. ` : bullet![0];
  let leftText = text.slice(lineStart, at);
  let rightText = text.slice(at, lineEnd);
  if (inBody) {
    const body = line.slice(prefix.length);
    const cut = at - lineStart - prefix.length;
    const chars = styledChars(body);
    const k = contentIndex(chars, cut);
    const left = serializeStyled(chars.slice(0, k)).text;
    const right = serializeStyled(chars.slice(k)).text;
    const same = (a: string, b: string) =>
      a === b ||
      JSON.stringify(styledChars(a).map((c) => [c.ch, c.bold, c.italic])) ===
        JSON.stringify(styledChars(b).map((c) => [c.ch, c.bold, c.italic]));
    if (!same(body.slice(0, cut), left) || !same(body.slice(cut), right)) {
      leftText = prefix + left;
      rightText = right;
    }
  }
  const insert = `${leftText}\n${nextPrefix}`;
  const out = text.slice(0, lineStart) + insert + rightText + text.slice(lineEnd);
  const caret = lineStart + insert.length;
  return { text: out, start: caret, end: caret };
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
