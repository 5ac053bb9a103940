import "server-only";
import { SAFE_ID_RE } from "@/contracts/data";
import { EntryInputSchema } from "@/contracts/entries";
import { MAX_TAGS } from "@/domain/constants";
import { normalizeTags } from "@/domain/tags";

/** A media file an imported entry refers to. */
export interface MediaCandidate {
  /** Kept when it is safe and not in use. */
  id?: string;
  /** Where the file is inside the archive; null when the source has no such file. */
  archivePath: string | null;
  filename: string;
  /** A hint for containers that can be sound or pictures; the bytes decide the type. */
  declaredType?: string;
  createdAt: Date;
}

/** One entry of any source, in the journal's terms, ready to be checked and written. */
export interface EntryCandidate {
  id: string;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  mood: string | null;
  aiMoodScore: number | null;
  aiSummary: string | null;
  aiThemes: string | null;
  /** What produced the reading (our own exports only); null or left out: not known. */
  aiModel?: string | null;
  /** The reflection questions offered with the reading, JSON-encoded (our own exports only). */
  aiQuestions?: string | null;
  locationName: string | null;
  locationLat: number | null;
  locationLng: number | null;
  /** The entry this one is a conflict copy of (our own exports only). */
  conflictOf?: string | null;
  tags: string[];
  media: MediaCandidate[];
  warnings: string[];
}

/** What a source made of one of its entries: a candidate, or why it cannot be one. */
export type SourceItem =
  | { ok: true; entry: EntryCandidate }
  /** `skip`: not an entry at all (a note without a date), reported as skipped rather than failed. */
  | { ok: false; label: string; reason: string; skip?: boolean };

const validDate = (d: Date) => !Number.isNaN(d.getTime());

/**
 * Checks a candidate against the journal's own rules (the save payload's schema: lengths, mood score,
 * coordinates, themes) and its id against the safe pattern. Tags are normalised; more than the limit
 * are cut with a warning. Returns the reason it cannot be imported, or null.
 */
export function checkCandidate(c: EntryCandidate): string | null {
  if (!SAFE_ID_RE.test(c.id)) return "It was not imported: its id in the file is not one this journal can use (only 1-64 letters, digits, '_' or '-').";
  if (!validDate(c.createdAt) || !validDate(c.updatedAt)) return "It was not imported: its date in the file could not be read.";
  const tags = normalizeTags(c.tags);
  if (tags.length > MAX_TAGS) {
    c.warnings.push(`It had ${tags.length} tags; the first ${MAX_TAGS} were kept (${tags.slice(MAX_TAGS).join(", ")} left out).`);
    tags.length = MAX_TAGS;
  }
  c.tags = tags;
  const parsed = EntryInputSchema.safeParse({
    title: c.title,
    content: c.content,
    mood: c.mood,
    tags: c.tags,
    created_at: c.createdAt.toISOString(),
    ai_summary: c.aiSummary,
    ai_mood_score: c.aiMoodScore,
    ai_themes: c.aiThemes,
    location_name: c.locationName,
    location_lat: c.locationLat,
    location_lng: c.locationLng,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return `It was not imported: it does not fit the journal's rules (${where}${issue?.message ?? "invalid"}).`;
  }
  return null;
}
