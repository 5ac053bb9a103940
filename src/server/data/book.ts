import "server-only";
import { existsSync, readFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { BookQueryParsed } from "@/contracts/data";
import type { EntryDto, MediaFileDto } from "@/contracts/entries";
import {
  bookDayHeading,
  bookFilename,
  bookMonthLabel,
  bookRangeLabel,
  entriesLabel,
  fontRuns,
  printBlocks,
  type PrintBlock,
} from "@/domain/book";
import { APP_NAME } from "@/domain/constants";
import { localDayKey, serverTimeZone, startOfLocalDay, startOfNextLocalDay } from "@/domain/dates";
import { clockTime } from "@/domain/date-format";
import { effectiveMood } from "@/domain/effective-mood";
import { moodStyle } from "@/domain/mood";
import type { Inline } from "@/domain/richtext-parse";
import { periodBounds, reviewTitle } from "@/domain/review-periods";
import { readDb } from "@/server/db/client";
import { buildEntryWhere, type EntryFilter } from "@/server/entries/query";
import { prepared, readEntries, storedNamesOf } from "@/server/entries/read";
import { notFound } from "@/server/http/errors";
import { storedPath } from "@/server/media/paths";
import { readStoredWhole } from "@/server/media/sealed";

/**
 * The printable book (GET /data/export/pdf): a PDF made with pdfkit on the server and streamed as it is
 * laid out. A title page, the contents by month (page numbers, and links), then the entries oldest
 * first, each under its day as a heading, with its time, mood, place and tags in small print, its text
 * with the editor's markers as formatting, and its photos at a readable size; page numbers at the foot.
 *
 * Bounded memory: entries are read 25 at a time, photos decoded one at a time (from memory, decrypted for
 * an encrypted journal: no file is ever written) and shrunk with sharp before they are embedded, and the
 * layout waits whenever the reader has not taken what was written. The contents are laid out last (their
 * page numbers are known only then) and put back after the title page in the PDF's page order.
 *
 * Fonts: the built-in Times and Helvetica (WinAnsi). Text they cannot draw goes in Geist (OFL 1.1), which
 * ships with Next.js, when it has the character (accented Latin, Cyrillic, arrows); anything else (emoji,
 * CJK) prints as "?" so that nothing disappears without a trace.
 */

const ENTRY_PAGE = 25;
/**
 * The photo's longest side in pixels: about 160 dpi across the text column. A phone's 4032-pixel JPEG is then
 * decoded at a quarter of its size (libjpeg's shrink-on-load), several times faster than at half.
 */
const PHOTO_PIXELS = 1000;
const MAX_INPUT_PIXELS = 100_000_000;
/** Bytes the reader may leave waiting before the layout pauses. */
const HIGH_WATER = 4 * 1024 * 1024;

const PAPER = { a4: [595.28, 841.89], letter: [612, 792] } as const;
const MARGIN = { top: 64, bottom: 72, left: 66, right: 66 };
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
function loadFallbackFont(): Buffer | null {
  if (fallbackFont === undefined) {
    try {
      fallbackFont = existsSync(FALLBACK_FONT) ? readFileSync(FALLBACK_FONT) : null;
    } catch {
      fallbackFont = null;
    }
  }
  return fallbackFont;
}

type Doc = PDFKit.PDFDocument;
/** What pdfkit keeps inside that the footer and the page order need (pdfkit 0.20). */
interface DocInternals {
  _wrapper: unknown;
  _textOptions: unknown;
  _fillColor: [string, number | undefined] | undefined;
  _font: unknown;
  _fontSize: number;
  _root: { data: { Pages: { data: { Kids: unknown[] } } } };
}
const internals = (doc: Doc) => doc as unknown as DocInternals;

// ---------------------------------------------------------------- which entries

export interface BookSelection {
  filter: EntryFilter;
  tz: string;
  title: string;
  /** Entry ids with their instants, oldest first. */
  entries: { id: string; created_at: string }[];
}

/** The entries a book query names, oldest first (404 when none does). */
export async function selectBookEntries(q: BookQueryParsed, now = new Date()): Promise<BookSelection> {
  const tz = q.tz ?? serverTimeZone();
  let from = q.from;
  let to = q.to;
  let title = q.title || `${APP_NAME} journal`;
  if (q.period) {
    const b = periodBounds(q.period, q.on ?? localDayKey(now, tz));
    from = b.start;
    to = b.end;
    if (!q.title) title = reviewTitle(b);
  }
  const filter: EntryFilter = {
    from: from ? startOfLocalDay(from, tz) : undefined,
    to: to ? startOfNextLocalDay(to, tz) : undefined,
    tags: q.tags?.length ? q.tags : undefined,
    mood: q.mood,
    search: q.search,
    hasMedia: q.has_media,
  };
  const conn = await readDb();
  const { joins, where, params } = buildEntryWhere(filter);
  const rows = prepared(
    conn,
    `SELECT e."id" AS id, e."created_at" AS created_at FROM "entries" e${joins} ${where} ORDER BY e."created_at" ASC, e."id" ASC`,
  ).all(...params) as { id: string; created_at: string }[];
  if (!rows.length) throw notFound("No entries match this range and these filters, so there is no book to make.");
  return { filter, tz, title, entries: rows.map((r) => ({ id: r.id, created_at: new Date(r.created_at).toISOString() })) };
}

// ---------------------------------------------------------------- text

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

class Writer {
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

// ---------------------------------------------------------------- photos

/** A photo shrunk for print (JPEG), or null when it cannot be read. */
async function printablePhoto(m: MediaFileDto, storedName: string): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const source = await readStoredWhole(storedPath(storedName));
    const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_PIXELS, height: PHOTO_PIXELS, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: false })
      .timeout({ seconds: 30 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    console.warn("[reverie] book: photo not printable", m.id, err instanceof Error ? err.message : err);
    return null;
  }
}

// ---------------------------------------------------------------- the book

export interface Book {
  body: ReadableStream<Uint8Array>;
  filename: string;
}

/** Lays out the whole book into a stream; the answer starts at once and the pages follow as they are made. */
export async function makeBook(q: BookQueryParsed, now = new Date()): Promise<Book> {
  const sel = await selectBookEntries(q, now);
  const { tz } = sel;
  const days = sel.entries.map((e) => localDayKey(e.created_at, tz));
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];

  const [pw, ph] = PAPER[q.paper];
  const doc = new PDFDocument({
    size: [pw, ph],
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: sel.title, Creator: APP_NAME, Producer: APP_NAME, CreationDate: now },
    lang: "en",
    displayTitle: true,
  });
  const font = loadFallbackFont();
  if (font) doc.registerFont("Fallback", font);
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  // Everything pdfkit writes goes to `out`; the layout itself waits (below) while the reader is behind.
  doc.on("data", (chunk: Buffer) => out.write(chunk));
  doc.on("end", () => out.end());
  out.on("error", () => {});

  // Contents: lines per page are fixed, so its page count is known before the entries are laid out.
  const tocLinesPerPage = Math.floor((ph - MARGIN.top - MARGIN.bottom - 80) / 22);
  const tocLines = months.length + new Set(months.map((m) => m.slice(0, 4))).size;
  const tocPages = Math.max(1, Math.ceil(tocLines / tocLinesPerPage));

  let created = 0;
  let numbering: "none" | "entries" | "toc" = "none";
  let tocNumber = 1;
  doc.on("pageAdded", () => {
    created++;
    let label = "";
    if (numbering === "entries") label = String(created + tocPages);
    else if (numbering === "toc") label = String(++tocNumber);
    if (label) footer(doc, label, pw, ph);
  });

  const run = async () => {
    const w = new Writer(doc, pw, !!font);
    titlePage(w, sel.title, bookRangeLabel(first, last), entriesLabel(sel.entries.length), q.tags ?? [], now, tz);
    numbering = "entries";
    const monthPage = new Map<string, number>();
    const monthCount = new Map<string, number>();
    let prevDay = "";
    let outlineMonth: PDFKit.PDFOutline | null = null;
    const conn = await readDb();
    for (let i = 0; i < sel.entries.length; i += ENTRY_PAGE) {
      const ids = sel.entries.slice(i, i + ENTRY_PAGE).map((e) => e.id);
      const entries = readEntries(conn, ids);
      const names = storedNamesOf(
        conn,
        entries.flatMap((e) => e.media_files.map((m) => m.id)),
      );
      for (const entry of entries) {
        if (out.destroyed) return;
        const day = localDayKey(entry.created_at, tz);
        const month = day.slice(0, 7);
        const newPage = q.layout === "page" || created === 1 || !monthPage.has(month);
        if (newPage) doc.addPage();
        else {
          w.ensure(140);
          if (doc.y > MARGIN.top + 1) {
            doc.moveDown(1.2);
            const y = doc.y;
            doc.save().moveTo(pw / 2 - 30, y).lineTo(pw / 2 + 30, y).lineWidth(0.6).strokeColor("#c8bfb5").stroke().restore();
            doc.moveDown(1.2);
          }
        }
        if (!monthPage.has(month)) {
          monthPage.set(month, created + tocPages);
          doc.addNamedDestination(`month-${month}`);
          outlineMonth = doc.outline.addItem(bookMonthLabel(month));
        }
        monthCount.set(month, (monthCount.get(month) ?? 0) + 1);
        outlineMonth?.addItem(`${bookDayHeading(day)}${entry.title.trim() ? ` – ${entry.title.trim()}` : ""}`);
        await entryBody(w, entry, day, q.layout === "flow" && day === prevDay, tz, names);
        prevDay = day;
        while (out.writableLength > HIGH_WATER && !out.destroyed) await drained(out);
      }
    }
    // The contents, made last and moved to follow the title page.
    numbering = "toc";
    const kids = internals(doc)._root.data.Pages.data.Kids;
    const before = kids.length;
    doc.addPage();
    contents(w, months, monthPage, monthCount, tocLinesPerPage);
    while (kids.length - before < tocPages) doc.addPage();
    const toc = kids.splice(before, kids.length - before);
    kids.splice(1, 0, ...toc);
    doc.end();
  };
  run().catch((err: unknown) => {
    console.error("[reverie] book failed", err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return { body: Readable.toWeb(out) as ReadableStream<Uint8Array>, filename: bookFilename(APP_NAME, first, last) };
}

/** Resolves when the reader has taken what was waiting (or has gone away). */
async function drained(out: PassThrough): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([once(out, "drain", { signal: ac.signal }), once(out, "close", { signal: ac.signal })]);
  } finally {
    ac.abort();
  }
}

/** The page number at the foot, drawn whatever the text in flow (pdfkit's state is kept and put back). */
function footer(doc: Doc, label: string, pw: number, ph: number): void {
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

function titlePage(w: Writer, title: string, range: string, count: string, tags: string[], now: Date, tz: string): void {
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

function contents(w: Writer, months: string[], pages: Map<string, number>, counts: Map<string, number>, perPage: number): void {
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

async function entryBody(w: Writer, e: EntryDto, day: string, sameDay: boolean, tz: string, names: Map<string, string>): Promise<void> {
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
