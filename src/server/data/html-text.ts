import "server-only";
import { Parser } from "htmlparser2";

/**
 * HTML of another app's export, made into the journal's own text: paragraphs and line breaks,
 * **bold**, *italic*, "• " bullets and "1. " numbered lists (the editor's markers). Nothing of the HTML
 * is kept: scripts, styles, frames, forms and every attribute are dropped; a picture becomes "[photo]"
 * and its source is handed back so the importer can attach the file from the same export. The text never holds a tag.
 */
export interface HtmlText {
  text: string;
  /** `src` of every accepted <img>, in order (nothing is ever fetched). */
  images: string[];
  /** The text of elements whose class names the caller asked for (Apple Journal's date and title). */
  classes: Record<string, string>;
}

/** Elements whose content is never text of the entry. */
const DROPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "head",
  "title",
  "select",
  "textarea",
  "button",
  "canvas",
  "audio",
  "video",
]);
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "blockquote",
  "pre",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "table",
  "tr",
  "figure",
  "figcaption",
  "hr",
  "dl",
  "dt",
  "dd",
]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** How deep the element stack may go; deeper markup is read as flat text (a nesting bomb costs nothing). */
const MAX_DEPTH = 256;

/** Removes characters that have no place in an entry (controls other than tab and newline, bidi overrides). */
export function cleanText(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/gu, "");
}

/** Collapses the runs of blank lines the blocks leave, and trims each line's end. */
function tidy(text: string): string {
  return text
    .split("\n")
    .map((l) => l.replace(/[ \t\u00a0]+$/u, ""))
    .join("\n")
    .replace(/\n{3,}/gu, "\n\n")
    .trim();
}

export interface HtmlTextOptions {
  /** Class names whose elements' text is handed back apart (and left out of the text). */
  classes?: readonly string[];
  /** Which pictures stand in the text as "[photo]" (those the import can attach); the others are dropped. */
  acceptImage?: (src: string) => boolean;
  /** Class names whose elements are left out whole, text and pictures (Apple Journal's grid of cards, read apart). */
  dropClasses?: readonly string[];
}

export function htmlToText(html: string, opts: HtmlTextOptions = {}): HtmlText {
  const captureClasses = opts.classes ?? [];
  const acceptImage = opts.acceptImage ?? (() => false);
  const dropClasses = opts.dropClasses ?? [];
  const images: string[] = [];
  const classes: Record<string, string> = {};
  type Frame = { name: string; dropped: boolean; capture: boolean; list?: { ordered: boolean; n: number }; mark?: string };
  const stack: Frame[] = [];
  let dropDepth = 0;
  let preDepth = 0;
  const lists: { ordered: boolean; n: number }[] = [];
  // The text goes to the entry, or, inside an element of a captured class, to that class alone.
  const main = { key: "", text: "" };
  const buffers = [main];
  const buf = () => buffers[buffers.length - 1]!;

  const write = (s: string) => {
    if (dropDepth > 0 || !s) return;
    buf().text += s;
  };
  /** Ends the current line (never more than one blank line). */
  const breakLine = (blank: boolean) => {
    if (dropDepth > 0) return;
    const b = buf();
    if (!b.text) return;
    const want = blank ? 2 : 1;
    const trailing = /\n*$/u.exec(b.text)?.[0].length ?? 0;
    if (trailing < want) b.text += "\n".repeat(want - trailing);
  };
  const atLineStart = () => !buf().text || buf().text.endsWith("\n");

  const parser = new Parser(
    {
      onopentag(rawName, attrs) {
        const name = rawName.toLowerCase();
        if (stack.length >= MAX_DEPTH) return;
        const classList = (attrs.class ?? "").split(/\s+/u);
        const dropped = DROPPED.has(name) || dropClasses.some((c) => classList.includes(c));
        const key = dropDepth === 0 ? (captureClasses.find((c) => classList.includes(c)) ?? null) : null;
        const frame: Frame = { name, dropped, capture: key !== null };
        stack.push(frame);
        if (dropped) {
          dropDepth++;
          return;
        }
        // Inside a dropped element nothing counts, not even a picture.
        if (dropDepth > 0) return;
        if (key !== null) buffers.push({ key, text: "" });
        if (name === "pre") preDepth++;
        if (name === "br") return write("\n");
        if (name === "img") {
          const src = attrs.src ?? "";
          if (!src || !acceptImage(src)) return;
          images.push(src);
          if (!atLineStart() && !buf().text.endsWith(" ")) write(" ");
          return write("[photo]");
        }
        if (name === "ul" || name === "ol") {
          const list = { ordered: name === "ol", n: 0 };
          lists.push(list);
          frame.list = list;
          return breakLine(lists.length === 1);
        }
        if (name === "li") {
          breakLine(false);
          const list = lists[lists.length - 1];
          const indent = "  ".repeat(Math.max(0, lists.length - 1));
          if (list?.ordered) {
            list.n++;
            return write(`${indent}${list.n}. `);
          }
          return write(`${indent}• `);
        }
        if (BLOCKS.has(name)) {
          breakLine(true);
          if (HEADINGS.has(name)) {
            frame.mark = "**";
            write("**");
          }
          return;
        }
        if (name === "b" || name === "strong") {
          frame.mark = "**";
          return write("**");
        }
        if (name === "i" || name === "em") {
          frame.mark = "*";
          return write("*");
        }
      },
      ontext(raw) {
        if (dropDepth > 0) return;
        let text = cleanText(raw);
        if (preDepth === 0) {
          text = text.replace(/[\s\u00a0]+/gu, " ");
          if (atLineStart() || buf().text.endsWith(" ")) text = text.replace(/^ +/u, "");
        }
        write(text);
      },
      onclosetag(rawName) {
        const name = rawName.toLowerCase();
        let i = stack.length - 1;
        while (i >= 0 && stack[i]!.name !== name) i--;
        if (i < 0) return;
        while (stack.length > i) {
          const frame = stack.pop()!;
          if (frame.dropped) {
            dropDepth--;
            continue;
          }
          const b = buf();
          if (frame.mark) {
            // An empty pair ("****") is removed rather than left behind; markers hug the words.
            if (b.text.endsWith(frame.mark)) b.text = b.text.slice(0, -frame.mark.length);
            else {
              const m = /[ \n]+$/u.exec(b.text);
              if (m) b.text = b.text.slice(0, -m[0].length);
              b.text += frame.mark;
              if (m) b.text += m[0];
            }
          }
          if (frame.name === "pre") preDepth--;
          if (frame.list) lists.pop();
          if (frame.name === "li") breakLine(false);
          else if (BLOCKS.has(frame.name)) breakLine(true);
          if (frame.capture) {
            const c = buffers.pop()!;
            if (!(c.key in classes)) classes[c.key] = tidy(c.text);
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return { text: tidy(main.text), images, classes };
}

/** Does this text look like HTML (a tag the exports use), rather than Markdown or plain text? */
export function looksLikeHtml(text: string): boolean {
  return /<(?:p|div|br|span|b|i|strong|em|ul|ol|li|h[1-6]|img|html|body|a)\b[^>]*>/iu.test(text);
}
