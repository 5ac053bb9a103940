import "server-only";
import path from "node:path/posix";
import { Parser } from "htmlparser2";
import type { MediaCandidate, SourceItem } from "../candidate";
import { cleanText, htmlToText } from "../html-text";
import { contentOr, dayFromName, fittingTitle, middayOf, plainEntry, resolveInArchive, stableUuid, typeHint } from "./common";

/**
 * Apple Journal's export (Journal → Settings → Export): a folder, usually zipped, with `Entries/` holding
 * one HTML file per entry (named by its day, "2026-03-14.html", "2026-03-14 (1).html" for a second one),
 * `Resources/` holding the photos and other assets the entries show, and an `index.html` that lists them.
 * An entry file has the day in a `pageHeader` element, an optional `title`, the text, and <img> elements
 * pointing into Resources. Only the text is kept: the HTML is read, never stored.
 *
 * The pages the app really writes (iOS 18; see tests/fixtures/imports/README.md) wrap all this in
 * `<p class="p1"><span class="s1">…` and put the entry's cards in an `assetGrid`: one `gridItem` per card,
 * its kind in an `assetType_…` class (photo, livePhoto, video, stateOfMind, contact, multiPinMap,
 * genericMap, motionActivity, thirdPartyMedia, …) and its words in overlay elements; a card that is not a
 * photo still has an <img> (the picture of a mood, a contact's face). A `reflectionPrompt` holds the
 * question the entry answers, and the text is in `bodyText`.
 */
export const APPLE_CLASSES = ["pageHeader", "title", "reflectionPrompt"] as const;

/** The cards whose picture is the person's own photo or video (attached); any other card's picture is not. */
const MEDIA_CARDS = new Set(["photo", "livephoto", "video", "image"]);
/** Cards that name a place. */
const PLACE_CARDS = new Set(["multipinmap", "genericmap", "map", "location"]);
/** The elements of a card that hold its words. */
const OVERLAY_CLASSES = [
  "gridItemOverlayHeader",
  "gridItemOverlayFooter",
  "gridItemOverlayText",
  "activityType",
  "activityMetrics",
  "mediaTitle",
  "mediaArtist",
  "mediaCategory",
];
/** How many cards of a page are read (the rest are ignored: a page is one day's entry). */
const MAX_CARDS = 200;

interface AppleCard {
  /** The `assetType_…` kind as written ("stateOfMind"; "" when the card has none). */
  kind: string;
  /** The words of its overlays, each trimmed. */
  words: string[];
  /** The `src` of its pictures. */
  images: string[];
}

/** The cards of a page's asset grid, with the pictures placed loose in the grid (older pages) as photo cards. */
export function appleCards(html: string): AppleCard[] {
  const cards: AppleCard[] = [];
  type Frame = { name: string; grid?: boolean; card?: AppleCard; overlay?: boolean };
  const stack: Frame[] = [];
  let gridDepth = 0;
  let words: string | null = null;
  const current = () => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.card) return stack[i]!.card!;
    return null;
  };
  const parser = new Parser(
    {
      onopentag(rawName, attrs) {
        const name = rawName.toLowerCase();
        if (stack.length >= 256) return;
        const classList = (attrs.class ?? "").split(/\s+/u);
        const frame: Frame = { name };
        stack.push(frame);
        if (classList.includes("assetGrid")) {
          frame.grid = true;
          gridDepth++;
          return;
        }
        if (gridDepth === 0) return;
        if (classList.includes("gridItem") && cards.length < MAX_CARDS) {
          const kind = classList.find((c) => c.startsWith("assetType_"))?.slice("assetType_".length) ?? "";
          frame.card = { kind, words: [], images: [] };
          cards.push(frame.card);
          return;
        }
        const card = current();
        if (name === "img" && attrs.src) {
          if (card) card.images.push(attrs.src);
          else if (cards.length < MAX_CARDS) cards.push({ kind: "photo", words: [], images: [attrs.src] });
          return;
        }
        if (card && OVERLAY_CLASSES.some((c) => classList.includes(c)) && words === null) {
          frame.overlay = true;
          words = "";
        }
        if (card) for (const label of [attrs["aria-label"], attrs.title, attrs.alt]) if (label?.trim()) card.words.push(cleanText(label).trim());
      },
      ontext(text) {
        if (words !== null) words += text;
      },
      onclosetag(rawName) {
        const name = rawName.toLowerCase();
        let i = stack.length - 1;
        while (i >= 0 && stack[i]!.name !== name) i--;
        if (i < 0) return;
        while (stack.length > i) {
          const frame = stack.pop()!;
          if (frame.grid) gridDepth--;
          if (frame.overlay && words !== null) {
            const text = cleanText(words).replace(/\s+/gu, " ").trim();
            const card = current() ?? frame.card;
            if (text && card) card.words.push(text);
            words = null;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return cards;
}

/** What a card kind is called in the report ("stateOfMind" → "state of mind"). */
const cardName = (kind: string) => kind.replace(/([a-z])([A-Z])/gu, "$1 $2").toLowerCase() || "card";

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
  const cards = appleCards(html);
  const { text, images: bodyImages, classes } = htmlToText(html, {
    classes: APPLE_CLASSES,
    dropClasses: ["assetGrid"],
    acceptImage: (src) => resolveInArchive(name, src) !== null,
  });
  const day = dayFromName(name)?.day ?? headerDay(classes.pageHeader ?? "");
  const createdAt = day ? middayOf(day, tz) : null;
  if (!createdAt) return { ok: false, label: path.basename(name), reason: "Its day could not be read from its file name or its page header." };
  const title = fittingTitle(classes.title);
  const media: MediaCandidate[] = [];
  const attach = (src: string) => {
    const target = resolveInArchive(name, src);
    if (target === null) return false;
    media.push({ archivePath: hasFile(target) ? target : null, filename: path.basename(target), declaredType: typeHint(target), createdAt });
    return true;
  };
  // The grid's photos come first (the page shows them above the text), each as a "[photo]" marker.
  let gridPhotos = 0;
  let mood: string | null = null;
  let place: string | null = null;
  const leftOut = new Set<string>();
  for (const card of cards) {
    const kind = card.kind.toLowerCase();
    if (MEDIA_CARDS.has(kind)) {
      for (const src of card.images) if (attach(src)) gridPhotos++;
    } else if (kind === "stateofmind" && card.words[0]) {
      mood ??= card.words[0].slice(0, 100);
    } else if (PLACE_CARDS.has(kind) && card.words.length) {
      place ??= card.words[card.words.length - 1]!.slice(0, 500);
    } else {
      leftOut.add(cardName(card.kind));
    }
  }
  for (const src of bodyImages) attach(src);
  const markers = Array.from({ length: gridPhotos }, () => "[photo]").join(" ");
  const prompt = classes.reflectionPrompt?.trim();
  const extra = classes.title && !title ? classes.title : "";
  const body = [markers, extra, prompt, text].filter(Boolean).join("\n\n");
  const kinds = [...leftOut].sort();
  const named = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}` : kinds[0];
  const warnings = kinds.length
    ? [`Its ${named} ${kinds.length === 1 ? "card was" : "cards were"} not imported (only its words, photos, state of mind and place are).`]
    : [];
  return {
    ok: true,
    entry: plainEntry({
      id: stableUuid("apple-journal", `${name}\u0000${html}`),
      title,
      content: contentOr(body, title, media),
      createdAt,
      mood,
      locationName: place,
      media,
      warnings,
    }),
  };
}
