import { prefixLength, styledChars } from "./richtext-markers";

/**
 * The editor's text cut into styled stretches, so the words can be shown formatted while they are written:
 * each stretch is a list prefix ("• ", "- ", "* ", "1. "), a marker ("**", "*") or text with its bold and
 * italic. The stretches are read with the same rules as Preview (richtext-markers.ts) and together they are the
 * text exactly, character for character: nothing is hidden, added or moved, so a formatted copy laid over
 * the text area lines up with it.
 */
export interface Segment {
  kind: "text" | "marker" | "list";
  text: string;
  bold: boolean;
  italic: boolean;
}

const same = (a: Segment, kind: Segment["kind"], bold: boolean, italic: boolean) =>
  a.kind === kind && a.bold === bold && a.italic === italic;

export function segmentText(text: string): Segment[] {
  const out: Segment[] = [];
  const push = (kind: Segment["kind"], ch: string, bold = false, italic = false) => {
    const last = out[out.length - 1];
    if (last && same(last, kind, bold, italic)) last.text += ch;
    else out.push({ kind, text: ch, bold, italic });
  };
  const lines = text.split("\n");
  lines.forEach((line, n) => {
    if (n > 0) push("text", "\n");
    const prefix = prefixLength(line);
    if (prefix > 0) out.push({ kind: "list", text: line.slice(0, prefix), bold: false, italic: false });
    const body = line.slice(prefix);
    let at = 0;
    for (const c of styledChars(body)) {
      // What lies between two characters of the words is a marker.
      if (c.src > at) push("marker", body.slice(at, c.src));
      push("text", c.ch, c.bold, c.italic);
      at = c.src + 1;
    }
    if (at < body.length) push("marker", body.slice(at));
  });
  return out;
}
