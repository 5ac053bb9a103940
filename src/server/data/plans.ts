import "server-only";
import path from "node:path/posix";
import type { ImportSource } from "@/contracts/data";
import type { ExportedCheckIn } from "@/contracts/checkins";
import { checkJsonShape, JsonShapeError, type JsonShapeLimits } from "@/domain/json-shape";
import { badRequest, tooLarge } from "@/server/http/errors";
import type { SourceItem } from "./candidate";
import type { SafetyPlanItem } from "./sources/reverie";
import type { CheckedArchive } from "./zip";
import { isJourneyEntry, journeyItem } from "./sources/journey";
import { appleJournalItem, isAppleEntryFile, looksLikeAppleEntry } from "./sources/apple-journal";
import { isNoteFile, markdownNoteItem } from "./sources/markdown-notes";

/** What an import will do: its entries, and what else the file brings. Built whole before anything is written. */
export type Plan = {
  source: ImportSource;
  items: SourceItem[];
  config?: Record<string, string>;
  safetyPlan?: SafetyPlanItem;
  checkins?: { checkins: unknown[]; activities: unknown[] };
  /** Check-ins made from another app's moods: one naming an entry that was not imported names none. */
  checkinsFollowEntries?: boolean;
  templates?: unknown[];
  memory?: unknown[];
  /** Notes for the report about things imported with a change (a Daylio activity name cut). */
  notes?: { label: string; reason: string }[];
};

/** The most an entry's text file (a Journey JSON, a note, an HTML page) may hold. */
export const MAX_ENTRY_FILE_BYTES = 5 * 1024 * 1024;
/** The most text files of entries may hold together (they are read into memory before anything is written). */
export const MAX_ENTRY_TEXT_BYTES = 256 * 1024 * 1024;

/** An entry file of a Journey export is small: its shape is checked tighter than a whole journal's. */
const ENTRY_JSON_LIMITS: JsonShapeLimits = {
  maxDepth: 16,
  maxValues: 100_000,
  maxArrayItems: 10_000,
  maxObjectKeys: 1_000,
  maxStringBytes: MAX_ENTRY_FILE_BYTES,
};

const isRootJson = (name: string) => !name.includes("/") && name.toLowerCase().endsWith(".json");

/** Does a buffer hold text (no NUL bytes), rather than a picture named .md? */
const asText = (buf: Buffer): string | null => (buf.includes(0) ? null : buf.toString("utf8"));

/** Checks the text files' sizes against the caps before any is read. */
function checkSizes(archive: CheckedArchive, names: string[]): void {
  let total = 0;
  for (const name of names) total += archive.files.get(name)?.size ?? 0;
  if (total > MAX_ENTRY_TEXT_BYTES) throw tooLarge(`This archive was refused: its entry files add up to more than ${MAX_ENTRY_TEXT_BYTES / 1024 / 1024} MB of text.`);
}

async function readEntryFile(archive: CheckedArchive, name: string): Promise<{ text: string } | { reason: string }> {
  const size = archive.files.get(name)?.size ?? 0;
  if (size > MAX_ENTRY_FILE_BYTES) return { reason: `The file is larger than ${MAX_ENTRY_FILE_BYTES / 1024 / 1024} MB; it was not imported.` };
  const text = asText(await archive.readBuffer(name));
  if (text === null) return { reason: "The file is not text; it was not imported." };
  return { text };
}

/** A lookup of the archive's files by path (exact) and by name alone (case-insensitive). */
function fileIndex(archive: CheckedArchive) {
  const byBase = new Map<string, string>();
  for (const name of archive.files.keys()) {
    const base = path.basename(name).toLowerCase();
    if (!byBase.has(base)) byBase.set(base, name);
  }
  return {
    has: (p: string) => archive.files.has(p),
    byBaseName: (n: string) => byBase.get(n.toLowerCase()) ?? null,
  };
}

/** Is this archive a Journey export (its first top-level JSON file is one Journey entry)? */
export async function isJourneyArchive(archive: CheckedArchive): Promise<boolean> {
  const first = [...archive.files.keys()].filter(isRootJson).sort()[0];
  if (!first || (archive.files.get(first)?.size ?? 0) > MAX_ENTRY_FILE_BYTES) return false;
  const read = await readEntryFile(archive, first);
  if (!("text" in read)) return false;
  try {
    return isJourneyEntry(JSON.parse(read.text.replace(/^\uFEFF/u, "")));
  } catch {
    return false;
  }
}

export async function journeyPlan(archive: CheckedArchive): Promise<Plan> {
  const names = [...archive.files.keys()].filter(isRootJson).sort();
  checkSizes(archive, names);
  const files = fileIndex(archive);
  const items: SourceItem[] = [];
  const checkins: ExportedCheckIn[] = [];
  for (const name of names) {
    const read = await readEntryFile(archive, name);
    if (!("text" in read)) {
      items.push({ ok: false, label: name, reason: read.reason });
      continue;
    }
    let data: unknown;
    try {
      checkJsonShape([Buffer.from(read.text, "utf8")], ENTRY_JSON_LIMITS);
      data = JSON.parse(read.text.replace(/^\uFEFF/u, ""));
    } catch (err) {
      items.push({ ok: false, label: name, reason: err instanceof JsonShapeError ? `It was refused: ${err.message}.` : "It is not valid JSON; it was not imported." });
      continue;
    }
    // Journey names a photo by its file name; it sits beside the entry files.
    const got = journeyItem(data, name, (photo) => (files.has(photo) ? photo : files.byBaseName(path.basename(photo))));
    items.push(got.item);
    if (got.checkin) checkins.push(got.checkin);
  }
  return { source: "journey", items, checkins: { checkins, activities: [] }, checkinsFollowEntries: true };
}

/** The HTML entry files of an Apple Journal export, when the archive is one (an entry file has its page header). */
export async function appleJournalPlan(archive: CheckedArchive, tz: string): Promise<Plan | null> {
  const names = [...archive.files.keys()].filter((n) => isAppleEntryFile(n) && !n.split("/").some((s) => s.startsWith(".") || s === "__MACOSX")).sort();
  if (!names.length) return null;
  checkSizes(archive, names);
  const files = fileIndex(archive);
  const items: SourceItem[] = [];
  let recognised = false;
  for (const name of names) {
    const read = await readEntryFile(archive, name);
    if (!("text" in read)) {
      items.push({ ok: false, label: name, reason: read.reason });
      continue;
    }
    if (!looksLikeAppleEntry(read.text)) {
      items.push({ ok: false, skip: true, label: name, reason: "It is not an entry of an Apple Journal export (no page header with its day), so it was not imported." });
      continue;
    }
    recognised = true;
    items.push(appleJournalItem(name, read.text, files.has, tz));
  }
  return recognised ? { source: "apple-journal", items } : null;
}

/** A zip of Markdown notes, when the archive holds any. */
export async function markdownPlan(archive: CheckedArchive, tz: string): Promise<Plan | null> {
  const names = [...archive.files.keys()].filter(isNoteFile).sort();
  if (!names.length) return null;
  checkSizes(archive, names);
  const files = fileIndex(archive);
  const items: SourceItem[] = [];
  const checkins: ExportedCheckIn[] = [];
  for (const name of names) {
    const read = await readEntryFile(archive, name);
    if (!("text" in read)) {
      items.push({ ok: false, label: name, reason: read.reason });
      continue;
    }
    const got = markdownNoteItem(name, read.text, files, tz);
    items.push(got.item);
    if (got.checkin) checkins.push(got.checkin);
  }
  return { source: "markdown", items, checkins: { checkins, activities: [] }, checkinsFollowEntries: true };
}

/** A single HTML file: one Apple Journal entry, or not something this journal can read. */
export function singleHtmlPlan(html: string, tz: string): Plan {
  if (!looksLikeAppleEntry(html)) throw badRequest("This HTML file is not an entry of an Apple Journal export.");
  return { source: "apple-journal", items: [appleJournalItem("entry.html", html, () => false, tz)] };
}
