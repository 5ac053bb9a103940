import "server-only";
import { stringify } from "yaml";
import type { ExportedEntry, ExportedMedia, MarkdownFrontMatter } from "@/contracts/data";
import { localDayKey, localIsoInstant } from "@/domain/dates";
import { effectiveMood } from "@/domain/effective-mood";

/**
 * Entries as Markdown files, for people reading their journal without the app (Obsidian, any editor):
 * YAML front matter (MarkdownFrontMatterSchema: date, title, tags, mood, place and the rest), then the
 * entry's own text as written (its **bold**, *italic* and list markers are Markdown already), then its
 * media as links relative to the file. The whole-journal zip holds one such file per entry under
 * `entries/`; GET /data/export/markdown lays them out by month (`YYYY/MM/YYYY-MM-DD-title.md`).
 */

/** An ASCII slug of a title (accents dropped), at most 48 characters; "" when nothing is left. */
export function titleSlug(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, "-")
    .replace(/^-+|-+$/gu, "")
    .slice(0, 48)
    .replace(/-+$/u, "");
}

/** A readable file name for an entry's Markdown copy: `entries/<day>-<title slug>-<id>.md` (ASCII only). */
export function markdownPath(entry: Pick<ExportedEntry, "id" | "title" | "created_at">): string {
  const day = entry.created_at.slice(0, 10);
  const slug = titleSlug(entry.title);
  return `entries/${day}${slug ? `-${slug}` : ""}-${entry.id}.md`;
}

/**
 * The Markdown export's path of an entry: `YYYY/MM/YYYY-MM-DD-title.md` by its local day in `tz`.
 * `taken` holds the paths given so far (lower case): a second entry of the same day and title gets `-2`.
 */
export function datedMarkdownPath(
  entry: Pick<ExportedEntry, "title" | "created_at">,
  tz: string,
  taken: Set<string>,
): string {
  const day = localDayKey(entry.created_at, tz);
  const slug = titleSlug(entry.title);
  const base = `${day.slice(0, 4)}/${day.slice(5, 7)}/${day}${slug ? `-${slug}` : ""}`;
  let name = `${base}.md`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}.md`;
  taken.add(name.toLowerCase());
  return name;
}

function themesOf(aiThemes: string | null): string[] {
  if (!aiThemes) return [];
  try {
    const parsed: unknown = JSON.parse(aiThemes);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The front matter of an entry (empty fields left out). */
export function frontMatter(entry: ExportedEntry & { stated_mood?: number | null }, tz: string): MarkdownFrontMatter {
  const fm: MarkdownFrontMatter = { date: localIsoInstant(entry.created_at, tz) };
  if (entry.title.trim()) fm.title = entry.title.trim();
  if (entry.tags.length) fm.tags = [...entry.tags];
  if (entry.mood?.trim()) fm.mood = entry.mood.trim();
  const score = effectiveMood(entry.stated_mood, entry.ai_mood_score);
  if (score !== null) fm.mood_score = score;
  if (entry.location_name?.trim()) fm.place = entry.location_name.trim();
  if (entry.location_lat !== null && entry.location_lng !== null) fm.location = [entry.location_lat, entry.location_lng];
  fm.id = entry.id;
  if (entry.updated_at !== entry.created_at) fm.updated = localIsoInstant(entry.updated_at, tz);
  if (entry.ai_summary?.trim()) fm.summary = entry.ai_summary.trim();
  const themes = themesOf(entry.ai_themes);
  if (themes.length) fm.themes = themes;
  return fm;
}

/** A link's text: the file's name without the characters that would end it. */
const linkLabel = (name: string) => name.replace(/[[\]\r\n]/gu, "").trim() || "file";

/**
 * One entry as a Markdown file. `mediaHref` gives each media file's link relative to the Markdown file
 * (null: missing at export time). Pictures are embedded (`![…](…)`), sound and video linked.
 */
export function entryMarkdown(
  entry: ExportedEntry & { stated_mood?: number | null },
  opts: { tz: string; mediaHref: (m: ExportedMedia) => string | null },
): string {
  const yaml = stringify(frontMatter(entry, opts.tz), { lineWidth: 0 });
  const parts = [`---\n${yaml}---`, "", entry.content.replace(/\r\n?/gu, "\n").replace(/\s+$/u, ""), ""];
  if (entry.media_files.length) {
    for (const m of entry.media_files) {
      const href = opts.mediaHref(m);
      const label = linkLabel(m.filename);
      if (!href) parts.push(`${label} (${m.file_type}, missing at export time)`, "");
      else parts.push(`${m.file_type === "image" ? "!" : ""}[${label}](${encodeURI(href)})`, "");
    }
  }
  return parts.join("\n");
}
