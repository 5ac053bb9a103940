import "server-only";
import { z } from "zod";
import type { ExportedCheckIn } from "@/contracts/checkins";
import type { MediaCandidate, SourceItem } from "../candidate";
import { htmlToText, looksLikeHtml } from "../html-text";
import { contentOr, fittingTitle, plainEntry, stableUuid, statedCheckIn, typeHint } from "./common";

/**
 * Journey (journey.cloud): "Export to ZIP" holds one JSON file per entry at the top of the archive and
 * the entry's photos beside them, named in its `photos` list. `date_journal` is the entry's instant in
 * milliseconds, `timezone` the zone it was written in; `text` is HTML (older apps) or Markdown;
 * coordinates Journey did not record are written as the largest double.
 */
const JourneyEntrySchema = z.object({
  id: z.string().max(200).optional(),
  text: z.string().default(""),
  date_journal: z.number({ message: "date_journal must be a time in milliseconds" }).int().min(0).max(8.64e15),
  date_modified: z.number().int().min(0).max(8.64e15).optional().catch(undefined),
  timezone: z.string().max(100).optional().catch(undefined),
  address: z.string().max(2000).optional().catch(undefined),
  lat: z.number().optional().catch(undefined),
  lon: z.number().optional().catch(undefined),
  mood: z.number().optional().catch(undefined),
  favourite: z.boolean().optional().catch(undefined),
  type: z.string().max(40).optional().catch(undefined),
  tags: z.array(z.string().max(500)).max(1000).optional().catch(undefined),
  photos: z.array(z.string().max(1000)).max(1000).optional().catch(undefined),
});

/** Does this parsed JSON look like one entry of a Journey export? */
export function isJourneyEntry(data: unknown): boolean {
  return typeof data === "object" && data !== null && !Array.isArray(data) && "date_journal" in data && "text" in data;
}

/**
 * Journey's mood is a face from 1 (lowest) to 5; 0 or none: not given. Mapped onto the journal's 1..10
 * scale as the check-in faces record them (2, 4, 6, 8, 10).
 */
export function journeyMood(mood: number | undefined): number | null {
  if (typeof mood !== "number" || !Number.isInteger(mood) || mood < 1 || mood > 5) return null;
  return mood * 2;
}

const inRange = (n: number | undefined, max: number) => typeof n === "number" && Number.isFinite(n) && Math.abs(n) <= max;

/** One Journey entry file: the entry and, when it has a mood, the check-in that states it. */
export function journeyItem(
  data: unknown,
  fileName: string,
  findFile: (name: string) => string | null,
): { item: SourceItem; checkin: ExportedCheckIn | null } {
  const p = JourneyEntrySchema.safeParse(data);
  if (!p.success) {
    const issue = p.error.issues[0];
    return {
      item: { ok: false, label: fileName, reason: `It is not a valid Journey entry (${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}).` },
      checkin: null,
    };
  }
  const e = p.data;
  const key = e.id || fileName;
  const id = stableUuid("journey", key);
  const createdAt = new Date(e.date_journal);
  const isHtml = e.type?.toLowerCase() === "html" || looksLikeHtml(e.text);
  let text = isHtml ? htmlToText(e.text).text : e.text.trim();
  let title = "";
  const heading = /^\s*#{1,6} +([^\n]+)\n?/u.exec(text) ?? /^\*\*([^*\n]+)\*\*(?:\n|$)/u.exec(text);
  if (heading && fittingTitle(heading[1])) {
    title = fittingTitle(heading[1]);
    text = text.slice(heading[0].length).trim();
  }
  const media: MediaCandidate[] = [];
  const warnings: string[] = [];
  for (const photo of e.photos ?? []) {
    const found = findFile(photo);
    media.push({ archivePath: found, filename: photo.split("/").pop() || "photo", declaredType: typeHint(photo), createdAt });
  }
  const lat = inRange(e.lat, 90) && inRange(e.lon, 180) && !(e.lat === 0 && e.lon === 0) ? e.lat! : null;
  const lng = lat !== null ? e.lon! : null;
  const mood = journeyMood(e.mood);
  if (e.mood !== undefined && e.mood !== 0 && mood === null) warnings.push(`Its mood (${e.mood}) is not one of Journey's five faces; it was left out.`);
  const tags = [...(e.tags ?? []), ...(e.favourite ? ["starred"] : [])];
  return {
    item: {
      ok: true,
      entry: plainEntry({
        id,
        title,
        content: contentOr(text, title, media),
        createdAt,
        updatedAt: e.date_modified && e.date_modified >= e.date_journal ? new Date(e.date_modified) : createdAt,
        locationName: e.address?.trim() || null,
        locationLat: lat,
        locationLng: lng,
        tags,
        media,
        warnings,
      }),
    },
    checkin: mood !== null ? statedCheckIn("journey", key, mood, createdAt, id) : null,
  };
}
