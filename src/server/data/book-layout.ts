import "server-only";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { EntryDto, MediaFileDto } from "@/contracts/entries";
import { bookDayHeading, bookMonthLabel, entriesLabel, fontRuns, printBlocks, type PrintBlock } from "@/domain/book";
import { APP_NAME } from "@/domain/constants";
import { localDayKey } from "@/domain/dates";
import { clockTime } from "@/domain/date-format";
import { effectiveMood } from "@/domain/effective-mood";
import { moodStyle } from "@/domain/mood";
import type { Inline } from "@/domain/richtext-parse";
import { printablePhoto } from "./book-photos";

/**
 * The printable book's typesetting: paper, margins, type sizes and colours; the writer that sets styled text
 * run by run in the built-in Times and Helvetica, or in Geist (OFL 1.1, shipped with Next.js) for what they
 * cannot draw, anything else (emoji, CJK) printed as "?" so that nothing disappears without a trace; and the
 * pages: the title page, the contents, an entry under its day, the page number at the foot.
 */

export const PAPER = { a4: [595.28, 841.89], letter: [612, 792] } as const;
export const MARGIN = { top: 64, bottom: 72, left: 66, right: 66 };
const BODY_SIZE = 11.5;
const SMALL_SIZE = 8.5;
const INK = "#1c1917";
const MUTED = "#6b6460";
const ACCENT = "#8a5a2b";

const FALLBACK_FONT = path.join(
  /*turbopackIgnore: true*/ process.cwd(),
  "node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf",
);
let fallbackFont: Buffer | null | undefined;
export function loadFallbackFont(): Buffer | null {
  if (fallbackFont === undefined) {
    try {
      fallbackFont = existsSync(FALLBACK_FONT) ? readFileSync(FALLBACK_FONT) : null;
    } catch {
      fallbackFont = null;
    }
  }
  return fallbackFont;
}

export type Doc = PDFKit.PDFDocument;
/** What pdfkit keeps inside that the footer and the page order need (pdfkit 0.20). */
interface DocInternals {
  _wrapper: unknown;
  _textOptions: unknown;
  _fillColor: [string, number | undefined] | undefined;
  _font: unknown;
  _fontSize: number;
  _root: { data: { Pages: { data: { Kids: unknown[] } } } };
}
export const internals = (doc: Doc) => doc as unknown as DocInternals;

interface Styled {
  text: string;
  bold: boolean;
  italic: boolean;
}

function flatten(nodes: Inline[], bold = false, italic = false, out: Styled[] = []): Styled[] {
  for (const n of nodes) {
    if (n.type === "text") out.push({ text: n.text, bold, italic });
    else flatten(n.children, bold || n.type === "bold", italic || n.type === "italic", out);
  }
  return out;
}

const TIMES = { "00": "Times-Roman", "10": "Times-Bold", "01": "Times-Italic", "11": "Times-BoldItalic" } as const;

export class Writer {
  readonly width: number;
  private readonly fallbackHas: (cp: number) => boolean;

  constructor(
    readonly doc: Doc,
    pageWidth: number,
    fallback: boolean,
  ) {
    this.width = pageWidth - MARGIN.left - MARGIN.right;
    this.fallbackHas = fallback ? this.makeProbe() : () => false;
  }

  private makeProbe(): (cp: number) => boolean {
    const doc = this.doc;
    doc.font("Fallback");
    const f = (doc as unknown as { _font: { font?: { hasGlyphForCodePoint(cp: number): boolean } } })._font;
    const has = f.font ? (cp: number) => f.font!.hasGlyphForCodePoint(cp) : () => false;
    doc.font("Times-Roman");
    return has;
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  /** Starts a new page unless `needed` points still fit on this one. */
  ensure(needed: number): void {
    if (this.doc.y + needed > this.bottom) this.doc.addPage();
  }

  /** Styled text as one paragraph from `x`, wrapped to `width`, fonts switched run by run. */
  styled(parts: Styled[], opts: { x: number; width: number; size: number; color?: string; align?: "left" | "center"; gap?: number; font?: "serif" | "sans"; goTo?: string }): void {
    const doc = this.doc;
    const runs: { text: string; font: string }[] = [];
    for (const p of parts) {
      for (const r of fontRuns(p.text, this.fallbackHas)) {
        const font =
          r.font === "fallback"
            ? "Fallback"
            : opts.font === "sans"
              ? p.bold
                ? "Helvetica-Bold"
                : "Helvetica"
              : TIMES[`${p.bold ? 1 : 0}${p.italic ? 1 : 0}` as keyof typeof TIMES];
        const last = runs[runs.length - 1];
        if (last?.font === font) last.text += r.text;
        else runs.push({ text: r.text, font });
      }
    }
    if (!runs.some((r) => r.text.trim())) return;
    doc.fillColor(opts.color ?? INK);
    doc.x = opts.x;
    runs.forEach((r, i) => {
      doc.font(r.font).fontSize(opts.size);
      const continued = i < runs.length - 1;
      const o = { width: opts.width, align: opts.align ?? "left", lineGap: opts.gap ?? 3, continued, ...(opts.goTo ? { goTo: opts.goTo } : {}) };
      if (i === 0) doc.text(r.text, opts.x, doc.y, o);
      else doc.text(r.text, o);
    });
  }

  plain(text: string, opts: Parameters<Writer["styled"]>[1] & { bold?: boolean; italic?: boolean }): void {
    this.styled([{ text, bold: !!opts.bold, italic: !!opts.italic }], opts);
  }

  /** Printed blocks of an entry's text. */
  blocks(blocks: PrintBlock[]): void {
    const doc = this.doc;
    const x = MARGIN.left;
    for (const b of blocks) {
      if (b.type === "heading") {
        this.ensure(40);
        doc.moveDown(0.3);
        this.styled(flatten(b.text, true), { x, width: this.width, size: b.level === 1 ? 15 : b.level === 2 ? 13.5 : 12.5 });
        doc.moveDown(0.2);
      } else if (b.type === "paragraph") {
        const parts: Styled[] = [];
        b.lines.forEach((line, i) => {
          if (i) parts.push({ text: "\n", bold: false, italic: false });
          parts.push(...flatten(line));
        });
        this.styled(parts, { x, width: this.width, size: BODY_SIZE });
        doc.moveDown(0.55);
      } else if (b.type === "quote") {
        const top = doc.y;
        const page = doc.page;
        const parts: Styled[] = [];
        b.lines.forEach((line, i) => {
          if (i) parts.push({ text: "\n", bold: false, italic: true });
          parts.push(...flatten(line, false, true));
        });
        this.styled(parts, { x: x + 18, width: this.width - 18, size: BODY_SIZE, color: "#44403c" });
        if (doc.page === page) doc.save().moveTo(x + 5, top).lineTo(x + 5, doc.y - 2).lineWidth(2).strokeColor("#d6cfc7").stroke().restore();
        doc.moveDown(0.55);
      } else {
        b.items.forEach((item, k) => {
          this.ensure(BODY_SIZE * 1.5);
          const marker = b.type === "bullets" ? "•" : `${(b as { start: number }).start + k}.`;
          const y = doc.y;
          doc.font("Times-Roman").fontSize(BODY_SIZE).fillColor(b.type === "bullets" ? ACCENT : MUTED);
          doc.text(marker, x + 4, y, { width: 18, lineBreak: false });
          doc.y = y;
          this.styled(flatten(item), { x: x + 22, width: this.width - 22, size: BODY_SIZE });
          doc.moveDown(0.15);
        });
        doc.moveDown(0.4);
      }
    }
  }
}

/** The page number at the foot, drawn whatever the text in flow (pdfkit's state is kept and put back). */
export function footer(doc: Doc, label: string, pw: number, ph: number): void {
  const d = internals(doc);
  const saved = { wrapper: d._wrapper, options: d._textOptions, font: d._font, size: d._fontSize, fill: d._fillColor, x: doc.x, y: doc.y };
  d._wrapper = null;
  d._textOptions = null;
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  const width = doc.widthOfString(label);
  doc.text(label, (pw - width) / 2, ph - MARGIN.bottom / 2 - 4, { lineBreak: false });
  d._wrapper = saved.wrapper;
  d._textOptions = saved.options;
  d._font = saved.font;
  d._fontSize = saved.size;
  if (saved.fill) doc.fillColor(saved.fill[0], saved.fill[1]);
  doc.x = saved.x;
  doc.y = saved.y;
}

export function titlePage(w: Writer, title: string, range: string, count: string, tags: string[], now: Date, tz: string): void {
  const doc = w.doc;
  doc.addPage();
  const x = MARGIN.left;
  doc.y = doc.page.height * 0.32;
  w.plain(title, { x, width: w.width, size: 30, align: "center", bold: true });
  doc.moveDown(0.6);
  w.plain(range, { x, width: w.width, size: 14, align: "center", italic: true, color: MUTED });
  doc.moveDown(0.4);
  w.plain(count + (tags.length ? ` · tagged ${tags.join(", ")}` : ""), { x, width: w.width, size: 10, align: "center", font: "sans", color: MUTED });
  doc.y = doc.page.height - MARGIN.bottom - 30;
  w.plain(`Printed from ${APP_NAME} on ${bookDayHeading(localDayKey(now, tz))}`, { x, width: w.width, size: SMALL_SIZE, align: "center", font: "sans", color: MUTED });
}

export function contents(w: Writer, months: string[], pages: Map<string, number>, counts: Map<string, number>, perPage: number): void {
  const doc = w.doc;
  const x = MARGIN.left;
  w.plain("Contents", { x, width: w.width, size: 22, bold: true });
  doc.moveDown(0.8);
  let year = "";
  let lines = 0;
  const line = () => {
    if (++lines > perPage) {
      doc.addPage();
      lines = 1;
    }
  };
  for (const m of months) {
    const page = pages.get(m);
    if (page === undefined) continue;
    if (m.slice(0, 4) !== year) {
      year = m.slice(0, 4);
      line();
      doc.y += 4;
      w.plain(year, { x, width: w.width, size: 13, bold: true, color: ACCENT });
      doc.y += 2;
    }
    line();
    const y = doc.y;
    const n = counts.get(m) ?? 0;
    doc.font("Times-Roman").fontSize(BODY_SIZE).fillColor(INK);
    const label = `${bookMonthLabel(m).split(" ")[0]}`;
    doc.text(label, x + 12, y, { lineBreak: false, goTo: `month-${m}` });
    doc.font("Helvetica").fontSize(SMALL_SIZE).fillColor(MUTED);
    doc.text(entriesLabel(n), x + 130, y + 2.5, { lineBreak: false });
    doc.font("Times-Roman").fontSize(BODY_SIZE).fillColor(INK);
    const num = String(page);
    doc.text(num, x + w.width - doc.widthOfString(num), y, { lineBreak: false, goTo: `month-${m}` });
    doc.x = x;
    doc.y = y + 20;
  }
}

const MEDIA_WORD: Record<MediaFileDto["file_type"], string> = { image: "Photo", video: "Video", audio: "Sound recording" };

export async function entryBody(w: Writer, e: EntryDto, day: string, sameDay: boolean, tz: string, names: Map<string, string>): Promise<void> {
  const doc = w.doc;
  const x = MARGIN.left;
  if (!sameDay) {
    w.plain(bookDayHeading(day), { x, width: w.width, size: 19, bold: true, color: ACCENT });
    doc.moveDown(0.15);
  }
  // The book's headings read "Friday 27 November 2026" (bookDayHeading); its times follow the same form.
  const small: string[] = [clockTime(e.created_at, tz, "en-GB")];
  const score = effectiveMood(e.stated_mood, e.ai_mood_score);
  if (score !== null) small.push(`Mood: ${moodStyle(score).label} (${score}/10)`);
  else if (e.mood) small.push(`Mood: ${e.mood}`);
  if (e.location_name?.trim()) small.push(e.location_name.trim());
  w.plain(small.join("  ·  "), { x, width: w.width, size: SMALL_SIZE, font: "sans", color: MUTED });
  if (e.tags.length) w.plain(`Tags: ${e.tags.map((t) => t.name).join(", ")}`, { x, width: w.width, size: SMALL_SIZE, font: "sans", color: MUTED });
  doc.moveDown(0.5);
  if (e.title.trim()) {
    w.plain(e.title.trim(), { x, width: w.width, size: 14.5, bold: true });
    doc.moveDown(0.35);
  }
  w.blocks(printBlocks(e.content));
  for (const m of e.media_files) {
    const stored = names.get(m.id);
    const photo = m.file_type === "image" && stored ? await printablePhoto(m, stored) : null;
    if (!photo) {
      w.plain(`${MEDIA_WORD[m.file_type]}: ${m.filename}${m.file_type === "image" ? " (could not be printed)" : ""}`, {
        x,
        width: w.width,
        size: SMALL_SIZE,
        font: "sans",
        color: MUTED,
      });
      doc.moveDown(0.3);
      continue;
    }
    const maxH = (doc.page.height - MARGIN.top - MARGIN.bottom) * 0.45;
    const scale = Math.min(w.width / photo.width, maxH / photo.height, 1.5);
    const iw = photo.width * scale;
    const ih = photo.height * scale;
    w.ensure(ih + 8);
    doc.image(photo.data, x + (w.width - iw) / 2, doc.y + 4, { width: iw, height: ih });
    doc.y += ih + 14;
    doc.x = x;
  }
}
