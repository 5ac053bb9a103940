import "server-only";
import { createHash } from "node:crypto";
import path from "node:path/posix";
import { MAX_TITLE_CHARS } from "@/domain/constants";
import type { ExportedCheckIn } from "@/contracts/checkins";
import type { EntryCandidate, MediaCandidate } from "../candidate";
import { localInstant } from "./jrnl";

/**
 * A UUID made from a source's own key (sha256, shaped as a version-8 UUID): importing the same file
 * again finds the same ids and skips instead of duplicating, and check-ins can name their entry.
 */
export function stableUuid(source: string, key: string): string {
  const h = createHash("sha256").update(`${source}\u0000${key}`, "utf8").digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An entry with nothing but the fields every source fills; the rest are the journal's defaults. */
export function plainEntry(fields: Pick<EntryCandidate, "id" | "content" | "createdAt"> & Partial<EntryCandidate>): EntryCandidate {
  return {
    title: "",
    updatedAt: fields.createdAt,
    mood: null,
    aiMoodScore: null,
    aiSummary: null,
    aiThemes: null,
    locationName: null,
    locationLat: null,
    locationLng: null,
    tags: [],
    media: [],
    warnings: [],
    ...fields,
  };
}

/** A title that fits, or "" (a longer one stays in the text). */
export function fittingTitle(title: string | null | undefined): string {
  const t = (title ?? "").replace(/\s+/gu, " ").trim();
  return t.length <= MAX_TITLE_CHARS ? t : "";
}

/** When an entry has no words but pictures, its text is their markers (an entry needs some text). */
export function contentOr(content: string, title: string, media: MediaCandidate[]): string {
  if (content.trim()) return content.trim();
  if (media.length) return media.map(() => "[photo]").join(" ");
  return title;
}

/** A check-in made from a source's own mood (1..10), linked to the entry it came with. */
export function statedCheckIn(
  source: string,
  key: string,
  mood: number,
  at: Date,
  entryId: string | null,
  activities: string[] = [],
  note = "",
): ExportedCheckIn {
  const iso = at.toISOString();
  return {
    id: stableUuid(`${source}-checkin`, key),
    mood: Math.min(10, Math.max(1, Math.round(mood))),
    activities,
    note,
    at: iso,
    entry_id: entryId,
    created_at: iso,
    updated_at: iso,
  };
}

/** Noon of a day in a zone: a day-only date stays on its day wherever the reader is. */
export function middayOf(day: string, tz: string): Date | null {
  return localInstant(day, "12:00", tz);
}

/** "2026-03-14", "2026_03_14", "2026.03.14" at the start of a file name: the day, or null. */
export function dayFromName(name: string): { day: string; rest: string } | null {
  const base = path.basename(name).replace(/\.[^.]*$/u, "");
  const m = /^(\d{4})[-_.](\d{2})[-_.](\d{2})(?:[ _.-]+(.*))?$/u.exec(base);
  if (!m) return null;
  return { day: `${m[1]}-${m[2]}-${m[3]}`, rest: (m[4] ?? "").trim() };
}

/**
 * A path an export's text points at, resolved against the folder of the file that names it; null when it
 * is not a plain relative path inside the archive (a URL, an absolute path, a way out with "..").
 */
export function resolveInArchive(from: string, ref: string): string | null {
  let target: string;
  try {
    target = decodeURIComponent(ref.split(/[?#]/u)[0]!);
  } catch {
    return null;
  }
  if (!target || /^[a-z][a-z0-9+.-]*:/iu.test(target) || target.startsWith("/") || target.includes("\\")) return null;
  const joined = path.normalize(path.join(path.dirname(from), target));
  if (joined.startsWith("../") || joined === ".." || joined.startsWith("/")) return null;
  return joined;
}

/** The type an extension suggests (the bytes decide in the end). */
export function typeHint(name: string): string | undefined {
  const ext = path.extname(name).slice(1).toLowerCase();
  if (["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "avif"].includes(ext)) return "image/*";
  if (["mp4", "mov", "m4v", "webm"].includes(ext)) return "video/mp4";
  if (["m4a", "mp3", "wav", "aac", "ogg", "opus", "caf"].includes(ext)) return "audio/mp4";
  return undefined;
}
