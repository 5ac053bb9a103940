"use client";
import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode, type RefObject } from "react";
import { segmentText, type Segment } from "@/domain/richtext-segments";

/**
 * The entry's words shown formatted while they are written: a copy of the text area's text, drawn behind
 * it (the text area's own letters are transparent, its caret and selection stay), with **bold** and
 * *italic* words styled and the markers faint. Every character of the text is drawn where the text area
 * has it: bold is a thin outline and italic a slant, neither of which changes a letter's width, and the
 * copy follows the text area's size, scroll bar and scrolling.
 */
export function LiveFormat({ text, textarea }: { text: string; textarea: RefObject<HTMLTextAreaElement | null> }) {
  const box = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = textarea.current;
    const b = box.current;
    const i = inner.current;
    if (!el || !b || !i) return;
    const follow = () => {
      // The text area's scroll bar (when it has one) narrows its text: the copy narrows the same.
      b.style.width = `${el.clientWidth}px`;
      b.style.height = `${el.clientHeight}px`;
      i.style.transform = `translateY(${-el.scrollTop}px)`;
    };
    follow();
    const sized = new ResizeObserver(follow);
    sized.observe(el);
    el.addEventListener("scroll", follow, { passive: true });
    el.addEventListener("input", follow);
    return () => {
      sized.disconnect();
      el.removeEventListener("scroll", follow);
      el.removeEventListener("input", follow);
    };
  }, [textarea]);

  // After every change of the words: a new line can bring the scroll bar, and typing can scroll.
  useEffect(() => {
    const el = textarea.current;
    if (!el || !box.current || !inner.current) return;
    box.current.style.width = `${el.clientWidth}px`;
    box.current.style.height = `${el.clientHeight}px`;
    inner.current.style.transform = `translateY(${-el.scrollTop}px)`;
  }, [text, textarea]);

  const shown = useMemo(() => renderSegments(segmentText(text)), [text]);

  return (
    <div
      ref={box}
      aria-hidden
      data-testid="live-format"
      className="pointer-events-none absolute left-0 top-0 select-none overflow-hidden"
    >
      <div
        ref={inner}
        className="whitespace-pre-wrap break-words px-4 py-3 text-base leading-relaxed text-stone-900 [font-kerning:none] [font-variant-ligatures:none]"
      >
        {shown}
        {/* A last empty line (after a final line break) has a height, as in the text area. */}
        {"\u200b"}
      </div>
    </div>
  );
}

/** Longest run of letters drawn slanted: longer words wrap inside the text area, so they stay upright here. */
const MAX_SLANTED_WORD = 28;

const BOLD: CSSProperties = { WebkitTextStroke: "0.035em currentColor" };
const SLANT: CSSProperties = { display: "inline-block", transform: "skewX(-10deg)" };

function styleOf(s: Segment): { className: string; style?: CSSProperties; kind: string } {
  if (s.kind === "marker") return { className: "text-stone-300", kind: "marker" };
  if (s.kind === "list") return { className: "text-brand-500", kind: "list" };
  return {
    className: s.bold ? "text-stone-950" : "",
    style: s.bold ? BOLD : undefined,
    kind: s.bold && s.italic ? "bold-italic" : s.bold ? "bold" : s.italic ? "italic" : "text",
  };
}

/**
 * Spans for the stretches. A slanted word must keep the text area's line breaks, so the whole word it
 * stands in (markers and punctuation around it, up to the spaces) is kept together, as the text area keeps
 * a word together, and only its italic letters are slanted.
 */
function renderSegments(segments: Segment[]): ReactNode[] {
  type Piece = { seg: Segment; text: string };
  const out: ReactNode[] = [];
  let word: Piece[] = [];
  let key = 0;
  const piece = (p: Piece, slant: boolean) => {
    const { className, style, kind } = styleOf(p.seg);
    const italic = slant && p.seg.kind === "text" && p.seg.italic;
    return (
      <span
        key={key++}
        data-kind={kind}
        className={className || undefined}
        style={italic ? { ...style, ...SLANT } : style}
      >
        {p.text}
      </span>
    );
  };
  const flush = () => {
    if (word.length === 0) return;
    const length = word.reduce((n, p) => n + p.text.length, 0);
    const slanted = length <= MAX_SLANTED_WORD && word.some((p) => p.seg.kind === "text" && p.seg.italic);
    if (slanted) {
      out.push(
        <span key={key++} style={{ display: "inline-block", whiteSpace: "pre" }}>
          {word.map((p) => piece(p, true))}
        </span>,
      );
    } else for (const p of word) out.push(piece(p, false));
    word = [];
  };
  for (const seg of segments) {
    if (seg.kind === "list") {
      // A list's prefix ("• ", "1. ") starts a line: one piece, its space included.
      flush();
      out.push(piece({ seg, text: seg.text }, false));
      continue;
    }
    for (const part of seg.text.split(/(\s+)/u)) {
      if (part === "") continue;
      if (/^\s/u.test(part)) {
        flush();
        out.push(piece({ seg, text: part }, false));
      } else word.push({ seg, text: part });
    }
  }
  flush();
  return out;
}
