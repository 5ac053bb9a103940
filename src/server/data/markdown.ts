import "server-only";
import type { ExportedEntry } from "@/contracts/data";

/** A readable file name for an entry's Markdown copy: `entries/<day>-<title slug>-<id>.md` (ASCII only). */
export function markdownPath(entry: Pick<ExportedEntry, "id" | "title" | "created_at">): string {
  const day = entry.created_at.slice(0, 10);
  const slug = entry.title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, "-")
    .replace(/^-+|-+$/gu, "")
    .slice(0, 48)
    .replace(/-+$/u, "");
  return `entries/${day}${slug ? `-${slug}` : ""}-${entry.id}.md`;
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

/** One entry as Markdown, for people reading the export without the app. */
export function entryMarkdown(entry: ExportedEntry): string {
  const lines: string[] = [`# ${entry.title.trim() || "Untitled entry"}`, ""];
  lines.push(`- Written: ${entry.created_at}`);
  if (entry.updated_at !== entry.created_at) lines.push(`- Last updated: ${entry.updated_at}`);
  if (entry.mood || entry.ai_mood_score !== null) {
    const score = entry.ai_mood_score !== null ? ` (mood score ${entry.ai_mood_score}/10)` : "";
    lines.push(`- Mood: ${entry.mood ?? "unknown"}${score}`);
  }
  if (entry.tags.length) lines.push(`- Tags: ${entry.tags.join(", ")}`);
  if (entry.location_name || entry.location_lat !== null) {
    const coords = entry.location_lat !== null && entry.location_lng !== null ? `(${entry.location_lat}, ${entry.location_lng})` : "";
    lines.push(`- Location: ${[entry.location_name, coords].filter(Boolean).join(" ")}`);
  }
  const themes = themesOf(entry.ai_themes);
  if (themes.length) lines.push(`- Themes: ${themes.join(", ")}`);
  lines.push(`- Words: ${entry.word_count}`, "", entry.content.replace(/\s+$/u, ""), "");
  if (entry.ai_summary) lines.push("## Summary", "", entry.ai_summary, "");
  if (entry.media_files.length) {
    lines.push("## Media", "");
    for (const m of entry.media_files) {
      const label = m.filename.replace(/[[\]]/gu, "");
      lines.push(m.path ? `- [${label}](../${encodeURI(m.path)}) (${m.file_type})` : `- ${label} (${m.file_type}, missing at export time)`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
