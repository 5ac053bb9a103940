import "server-only";
import type { EntryDto, MediaFileDto } from "@/contracts/entries";
import type { Prisma } from "@/generated/prisma/client";
import { mediaDto } from "./read";

export const entryInclude = {
  tags: { include: { tag: true }, orderBy: { tag: { name: "asc" } } },
  mediaFiles: { orderBy: { createdAt: "asc" } },
} satisfies Prisma.EntryInclude;

export type EntryRow = Prisma.EntryGetPayload<{ include: typeof entryInclude }>;
export type MediaRow = EntryRow["mediaFiles"][number];

/** A media row read through Prisma, in the API's shape (the same mapping as the hot reads). */
export function toMediaDto(m: MediaRow): MediaFileDto {
  return mediaDto({
    id: m.id,
    entry_id: m.entryId,
    file_type: m.fileType,
    filename: m.filename,
    mime_type: m.mimeType,
    size: m.size,
    thumbnail_name: m.thumbnailName,
    created_at: m.createdAt.toISOString(),
  });
}

/** An entry's own fields in their JSON form (the API answer and the export share them). */
export function entryFields(e: EntryRow): Omit<EntryDto, "tags" | "media_files"> {
  return {
    id: e.id,
    title: e.title,
    content: e.content,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    mood: e.mood,
    ai_mood_score: e.aiMoodScore,
    stated_mood: e.statedMood,
    ai_summary: e.aiSummary,
    ai_themes: e.aiThemes,
    ai_model: e.aiModel,
    ai_questions: e.aiQuestions,
    location_name: e.locationName,
    location_lat: e.locationLat,
    location_lng: e.locationLng,
    word_count: e.wordCount,
    conflict_of: e.conflictOf,
  };
}

/** A whole entry read through Prisma (with `entryInclude`), in the API's shape. */
export function toEntryDto(e: EntryRow): EntryDto {
  return {
    ...entryFields(e),
    tags: e.tags.map((t) => ({ name: t.tag.name })),
    media_files: e.mediaFiles.map(toMediaDto),
  };
}

export { sqlInstant } from "./query";
