import "server-only";
import path from "node:path/posix";
import { parseDocument } from "yaml";
import type { ExportedCheckIn } from "@/contracts/checkins";
import type { MediaCandidate, SourceItem } from "../candidate";
import { cleanText } from "../html-text";
import { localInstant } from "./jrnl";
import { contentOr, dayFromName, fittingTitle, middayOf, plainEntry, resolveInArchive, stableUuid, statedCheckIn, typeHint } from "./common";

/**
 * A zip of Markdown files, one entry each: Reverie's own Markdown export (`YYYY/MM/YYYY-MM-DD-title.md`
 * with YAML front matter: date, title, tags, mood, place; media beside), Obsidian daily notes
 * (`2026-03-14.md`, front matter optional, `![[photo.jpg]]` embeds) and Logseq journals
 * (`journals/2026_03_14.md`, `tags:: a, b` properties, "- " blocks). The date comes from the front
 * matter, else from the file name; a note with neither is left out and the report says so.
 */

/** The most front matter read from one file. */
const MAX_FRONT_MATTER_CHARS = 64 * 1024;

/** Is this file of an archive a note to read (not in a hidden folder, an app's settings or a Mac's fork)? */
export function isNoteFile(name: string): boolean {
  if (!/\.(md|markdown)$/iu.test(name)) return false;
  const segments = name.split("/");
  if (segments.some((s) => s.startsWith(".") || s === "__MACOSX")) return false;
  if (segments.length > 1 && segments[0] === "logseq") return false;
  return true;
}

export interface NoteFrontMatter {
  data: Record<string, unknown>;
  body: string;
  /** Why the front matter was not read (it is then part of the text). */
  problem: string | null;
}

export function splitFrontMatter(text: string): NoteFrontMatter {
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/u.exec(text);
  if (!m) return { data: {}, body: text, problem: null };
  if (m[1]!.length > MAX_FRONT_MATTER_CHARS) return { data: {}, body: text, problem: "Its front matter is too long to read; it was kept as text." };
  // The core schema (no timestamps, no custom tags); aliases are capped by the parser (no "billion laughs").
  const doc = parseDocument(m[1]!, { schema: "core", prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length) return { data: {}, body: text.slice(m[0].length), problem: "Its front matter is not valid YAML; it was left out." };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 50 });
  } catch {
    return { data: {}, body: text.slice(m[0].length), problem: "Its front matter could not be read; it was left out." };
  }
  const data = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { data, body: text.slice(m[0].length), problem: null };
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : null);

/** Tags as lists, "a, b" strings or "#a #b" strings; the leading "#" goes. */
export function tagsOf(v: unknown): string[] {
  const list = Array.isArray(v) ? v.map(str).filter((s): s is string => s !== null) : typeof v === "string" ? v.split(/[,\s]+/u) : [];
  return list.map((t) => t.trim().replace(/^#+/u, "")).filter(Boolean);
}

/** A front matter date: an instant with its offset, a local date and time, or a day (noon, local). */
export function frontMatterInstant(v: unknown, tz: string): Date | null {
  const s = str(v)?.trim();
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/u.exec(s);
  if (!m) return null;
  if (m[3] && m[2]) {
    const d = new Date(s.replace(" ", "T"));
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return m[2] ? localInstant(m[1]!, m[2], tz) : middayOf(m[1]!, tz);
}

function placeOf(v: unknown): { name: string | null; lat: number | null; lng: number | null } {
  if (typeof v === "string") return { name: v.trim() || null, lat: null, lng: null };
  if (!v || typeof v !== "object") return { name: null, lat: null, lng: null };
  const o = v as Record<string, unknown>;
  const lat = typeof o.lat === "number" ? o.lat : typeof o.latitude === "number" ? o.latitude : null;
  const lngRaw = o.lng ?? o.lon ?? o.longitude;
  const lng = typeof lngRaw === "number" ? lngRaw : null;
  const ok = lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return { name: str(o.name)?.trim() || str(o.address)?.trim() || null, lat: ok ? lat : null, lng: ok ? lng : null };
}

/** A title from a file name's words: "walk-by-the-river" → "Walk by the river"; "Walk by the river" stays. */
function titleFromName(rest: string): string {
  if (!rest) return "";
  const words = /\s/u.test(rest) ? rest : rest.replace(/[-_]+/gu, " ");
  return fittingTitle(words.charAt(0).toUpperCase() + words.slice(1));
}

/** Logseq's page properties ("tags:: a, b", "title:: x") at the top of a journal page. */
function logseqProperties(body: string): { props: Record<string, string>; body: string } {
  const props: Record<string, string> = {};
  const lines = body.split("\n");
  let i = 0;
  for (; i < lines.length && i < 50; i++) {
    const m = /^\s*([A-Za-z][\w-]*):: ?(.*)$/u.exec(lines[i]!);
    if (!m) break;
    props[m[1]!.toLowerCase()] = m[2]!.trim();
  }
  return { props, body: lines.slice(i).join("\n") };
}

/**
 * Lines a Logseq graph writes for itself, not the person: a block's `id::` and `collapsed::` properties
 * and the `:LOGBOOK:` … `:END:` drawer of a task's clock (as real graphs hold them, see the fixtures'
 * README). They are left out of the entry's text; every other line is kept as written.
 */
export function withoutLogseqMachinery(body: string): string {
  const out: string[] = [];
  let drawer = false;
  for (const line of body.split("\n")) {
    if (drawer) {
      if (/^\s*:END:\s*$/u.test(line)) drawer = false;
      continue;
    }
    if (/^\s*:LOGBOOK:\s*$/u.test(line)) {
      drawer = true;
      continue;
    }
    if (/^\s+(?:id|collapsed):: .*$/u.test(line)) continue;
    out.push(line);
  }
  // A drawer never closed: nothing is dropped (the text is kept whole rather than guessed at).
  return drawer ? body : out.join("\n");
}

export interface NoteFiles {
  has(p: string): boolean;
  /** A file found by its name alone (Obsidian's `![[photo.jpg]]` finds it in any folder). */
  byBaseName(name: string): string | null;
}

export function markdownNoteItem(
  name: string,
  raw: string,
  files: NoteFiles,
  tz: string,
): { item: SourceItem; checkin: ExportedCheckIn | null } {
  const text = cleanText(raw.replace(/^\uFEFF/u, "").replace(/\r\n?/gu, "\n"));
  const fm = splitFrontMatter(text);
  const { props, body: afterProps } = logseqProperties(fm.body);
  const fromName = dayFromName(name);
  const warnings: string[] = fm.problem ? [fm.problem] : [];
  const createdAt = frontMatterInstant(fm.data.date ?? fm.data.created ?? fm.data.created_at, tz) ?? (fromName ? middayOf(fromName.day, tz) : null);
  if (!createdAt) {
    return {
      item: { ok: false, skip: true, label: name, reason: "It has no date in its front matter or its file name (such as 2026-03-14.md), so it was not imported." },
      checkin: null,
    };
  }

  let body = withoutLogseqMachinery(afterProps).trim();
  let title = fittingTitle(str(fm.data.title) ?? props.title);
  const heading = /^# +([^\n]+)(?:\n|$)/u.exec(body);
  if (heading && (!title || heading[1]!.trim() === title)) {
    title ||= fittingTitle(heading[1]);
    if (title) body = body.slice(heading[0].length).trim();
  }
  if (!title && fromName) title = titleFromName(fromName.rest);

  // Pictures: Markdown images and Obsidian embeds that point into the archive become attachments.
  const media: MediaCandidate[] = [];
  const attach = (ref: string): string | null => {
    const found = files.has(resolveInArchive(name, ref) ?? "\u0000") ? resolveInArchive(name, ref) : files.byBaseName(path.basename(ref.split("|")[0]!.trim()));
    if (!found && /^[a-z][a-z0-9+.-]*:/iu.test(ref)) return null;
    media.push({ archivePath: found, filename: path.basename(found ?? ref.split("|")[0]!.trim()) || "photo", declaredType: typeHint(found ?? ref), createdAt });
    return "[photo]";
  };
  body = body
    .replace(/!\[\[([^\]\n]{1,500})\]\]/gu, (m0, ref: string) => attach(ref) ?? m0)
    .replace(/!\[[^\]\n]{0,500}\]\(<?([^)\s>]{1,1000})>?(?:\s+"[^"\n]*")?\)/gu, (m0, ref: string) => attach(ref) ?? m0);

  const tags = [...tagsOf(fm.data.tags ?? fm.data.tag), ...tagsOf(props.tags)];
  const place = placeOf(fm.data.place ?? fm.data.location);
  const moodRaw = fm.data.mood;
  const moodNumber = typeof moodRaw === "number" ? moodRaw : typeof moodRaw === "string" && /^\d+(\.\d+)?$/u.test(moodRaw.trim()) ? Number(moodRaw) : null;
  const moodValid = moodNumber !== null && moodNumber >= 1 && moodNumber <= 10;
  if (moodNumber !== null && !moodValid) warnings.push(`Its mood (${moodNumber}) is not on the 1 to 10 scale; it was left out.`);
  const moodWord = moodNumber === null ? str(moodRaw)?.trim().slice(0, 100) || null : null;
  const id = stableUuid("markdown", `${name}\u0000${text}`);
  return {
    item: {
      ok: true,
      entry: plainEntry({
        id,
        title,
        content: contentOr(body, title, media),
        createdAt,
        mood: moodWord,
        locationName: place.name,
        locationLat: place.lat,
        locationLng: place.lng,
        tags,
        media,
        warnings,
      }),
    },
    checkin: moodValid ? statedCheckIn("markdown", id, moodNumber, createdAt, id) : null,
  };
}
