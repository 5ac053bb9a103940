import "server-only";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { BookQueryParsed } from "@/contracts/data";
import { bookDayHeading, bookFilename, bookMonthLabel, bookRangeLabel, entriesLabel } from "@/domain/book";
import { APP_NAME } from "@/domain/constants";
import { localDayKey, serverTimeZone, startOfLocalDay, startOfNextLocalDay } from "@/domain/dates";
import { periodBounds, reviewTitle } from "@/domain/review-periods";
import { readDb } from "@/server/db/client";
import { buildEntryWhere, type EntryFilter } from "@/server/entries/query";
import { prepared, readEntries, storedNamesOf } from "@/server/entries/read";
import { notFound } from "@/server/http/errors";
import { contents, entryBody, footer, internals, loadFallbackFont, MARGIN, PAPER, titlePage, Writer } from "./book-layout";

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
 * The typesetting is ./book-layout.ts, the photos ./book-photos.ts.
 */

const ENTRY_PAGE = 25;
/** Bytes the reader may leave waiting before the layout pauses. */
const HIGH_WATER = 4 * 1024 * 1024;

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
