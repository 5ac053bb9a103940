import "server-only";
import path from "node:path/posix";
import type { MediaCandidate, SourceItem } from "../candidate";
import { htmlToText } from "../html-text";
import { contentOr, dayFromName, fittingTitle, middayOf, plainEntry, resolveInArchive, stableUuid, typeHint } from "./common";

/**
 * Apple Journal's export (Journal → Settings → Export): a folder, usually zipped, with `Entries/` holding
 * one HTML file per entry (named by its day, "2026-03-14.html", "2026-03-14 (1).html" for a second one),
 * `Resources/` holding the photos and other assets the entries show, and an `index.html` that lists them.
 * An entry file has the day in a `pageHeader` element, an optional `title`, the text, and <img> elements
 * pointing into Resources. Only the text is kept: the HTML is read, never stored.
 */
export const APPLE_CLASSES = ["pageHeader", "title"] as const;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "Saturday, March 14, 2026", "Saturday 14 March 2026", "March 14, 2026", "2026-03-14": the day, or null. */
export function headerDay(header: string): string | null {
  const s = header.toLowerCase().replace(/,/gu, " ").replace(/\s+/gu, " ").trim();
  const iso = /(\d{4})-(\d{2})-(\d{2})/u.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const monthRe = MONTHS.map((m) => `${m.slice(0, 3)}[a-z]*`).join("|");
  const mdy = new RegExp(`(${monthRe})\\.? (\\d{1,2}) (\\d{4})`, "u").exec(s);
  const dmy = new RegExp(`(\\d{1,2})\\.? (${monthRe})\\.? (\\d{4})`, "u").exec(s);
  const hit = mdy ? { m: mdy[1]!, d: mdy[2]!, y: mdy[3]! } : dmy ? { m: dmy[2]!, d: dmy[1]!, y: dmy[3]! } : null;
  if (!hit) return null;
  const month = MONTHS.findIndex((m) => m.startsWith(hit.m.slice(0, 3))) + 1;
  return `${hit.y}-${String(month).padStart(2, "0")}-${hit.d.padStart(2, "0")}`;
}

/** Is this an entry file of the export (an HTML file other than the index)? */
export const isAppleEntryFile = (name: string) => /\.html?$/iu.test(name) && !/^index\.html?$/iu.test(path.basename(name));

/** Does this HTML look like an exported Journal entry (rather than any web page)? */
export function looksLikeAppleEntry(html: string): boolean {
  return /class=["'][^"']*\bpageHeader\b/u.test(html);
}

export function appleJournalItem(name: string, html: string, hasFile: (p: string) => boolean, tz: string): SourceItem {
  const { text, images, classes } = htmlToText(html, {
    classes: APPLE_CLASSES,
    acceptImage: (src) => resolveInArchive(name, src) !== null,
  });
  const day = dayFromName(name)?.day ?? headerDay(classes.pageHeader ?? "");
  const createdAt = day ? middayOf(day, tz) : null;
  if (!createdAt) return { ok: false, label: path.basename(name), reason: "Its day could not be read from its file name or its page header." };
  const title = fittingTitle(classes.title);
  const media: MediaCandidate[] = [];
  for (const src of images) {
    const target = resolveInArchive(name, src);
    if (target === null) continue;
    media.push({ archivePath: hasFile(target) ? target : null, filename: path.basename(target), declaredType: typeHint(target), createdAt });
  }
  const extra = classes.title && !title ? `${classes.title}\n\n` : "";
  return {
    ok: true,
    entry: plainEntry({
      id: stableUuid("apple-journal", `${name}\u0000${html}`),
      title,
      content: contentOr(`${extra}${text}`, title, media),
      createdAt,
      media,
    }),
  };
}
