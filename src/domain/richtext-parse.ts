/**
 * Rich text parsed for display: a small tree of paragraphs, quotes and lists with their inline styles, which
 * the screens render as React elements (never as HTML strings), and the text without its markers.
 */
import { BULLET_RE, NUMBERED_RE, scanLine, type InlineMarker } from "./richtext-markers";

export type Inline =
  { type: "text"; text: string } | { type: "bold"; children: Inline[] } | { type: "italic"; children: Inline[] };

export type Block =
  | { type: "paragraph"; lines: Inline[][] }
  | { type: "quote"; lines: Inline[][] }
  | { type: "bullets"; items: Inline[][] }
  | { type: "numbered"; start: number; items: Inline[][] };

/**
 * Parses inline markers. "**x**" is bold, "*x*" italic, and they nest ("***x***", "**a *b* c**").
 * A marker without its closing partner stays literal text, so nothing typed ever disappears.
 */
export function parseInline(src: string): Inline[] {
  const { events } = scanLine(src);
  type Frame = { marker: InlineMarker | null; children: Inline[] };
  const stack: Frame[] = [{ marker: null, children: [] }];
  const top = () => stack[stack.length - 1]!;
  const pushText = (ch: string) => {
    const kids = top().children;
    const last = kids[kids.length - 1];
    if (last?.type === "text") last.text += ch;
    else kids.push({ type: "text", text: ch });
  };
  const close = () => {
    const f = stack.pop()!;
    if (f.children.length) top().children.push({ type: f.marker!, children: f.children });
  };
  for (const e of events) {
    if (e.kind === "char") pushText(e.ch);
    else if (e.kind === "open") stack.push({ marker: e.marker, children: [] });
    else {
      // Close up to the marker, then reopen what was inside it (crossing markers).
      const reopen: InlineMarker[] = [];
      while (stack.length > 1 && top().marker !== e.marker) {
        reopen.unshift(top().marker!);
        close();
      }
      if (stack.length > 1) close();
      for (const m of reopen) stack.push({ marker: m, children: [] });
    }
  }
  while (stack.length > 1) close();
  return stack[0]!.children;
}

/** A quote line: "> " and its text (a reflection question answered in the entry, src/domain/reflection.ts). */
const QUOTE_RE = /^> /u;

/** Splits the text into paragraphs, quotes, bullet lists and numbered lists, then parses inline markers. */
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
    if (QUOTE_RE.test(line)) {
      flushPara();
      const quoted = parseInline(line.slice(2));
      if (last?.type === "quote") last.lines.push(quoted);
      else blocks.push({ type: "quote", lines: [quoted] });
    } else if (BULLET_RE.test(line)) {
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
      b.type === "paragraph" || b.type === "quote"
        ? b.lines.map(inline).join("\n")
        : b.type === "bullets"
          ? b.items.map((i) => `• ${inline(i)}`).join("\n")
          : b.items.map((i, k) => `${b.start + k}. ${inline(i)}`).join("\n"),
    )
    .join("\n\n");
}
