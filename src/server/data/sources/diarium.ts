import "server-only";
import { z } from "zod";
import type { ExportedCheckIn } from "@/contracts/checkins";
import type { SourceItem } from "../candidate";
import { htmlToText, looksLikeHtml } from "../html-text";
import { localInstant } from "./jrnl";
import { contentOr, fittingTitle, plainEntry, stableUuid, statedCheckIn } from "./common";

/**
 * Diarium's JSON export: an array with one object per day entry. `date` is the local date and time the
 * entry belongs to (no zone: read in the person's zone), `heading` its title, `html` its text, `rating`
 * the day's stars (1..5, 0: none), `tags` and `people` lists, and a `location` (a name, or an object with
 * a name and coordinates) when the app kept one.
 *
 * Exports seen in the wild (see tests/fixtures/imports/README.md) also write the place as a bare
 * `[latitude, longitude]` pair or a "48.85, 2.35" text, dates with fractions of a second of any length
 * ("2010-10-26T15:47:53.48828"), and the day's `sun` and `lunar` lines (not kept).
 */
const Named = z.union([z.string().max(500), z.object({ name: z.string().max(500) }).transform((o) => o.name)]);
const COORDS_TEXT = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/u;
const Place = z.union([
  z.string().max(2000).transform((name) => {
    // A place written as its coordinates alone is no name.
    const m = COORDS_TEXT.exec(name);
    return m ? { name: "", lat: Number(m[1]) as number | undefined, lng: Number(m[2]) as number | undefined } : { name, lat: undefined as number | undefined, lng: undefined as number | undefined };
  }),
  z.tuple([z.number(), z.number()]).transform(([lat, lng]) => ({ name: "", lat: lat as number | undefined, lng: lng as number | undefined })),
  z
    .object({
      name: z.string().max(2000).optional(),
      address: z.string().max(2000).optional(),
      lat: z.number().optional(),
      latitude: z.number().optional(),
      lon: z.number().optional(),
      lng: z.number().optional(),
      longitude: z.number().optional(),
    })
    .transform((o) => ({ name: o.name ?? o.address ?? "", lat: o.lat ?? o.latitude, lng: o.lon ?? o.lng ?? o.longitude })),
]);

const DiariumEntrySchema = z.object({
  date: z.string().max(64),
  heading: z.string().max(100_000).optional().catch(undefined),
  title: z.string().max(100_000).optional().catch(undefined),
  html: z.string().optional(),
  text: z.string().optional(),
  rating: z.number().optional().catch(undefined),
  tags: z.array(Named).max(1000).optional().catch(undefined),
  people: z.array(Named).max(1000).optional().catch(undefined),
  location: Place.optional().catch(undefined),
  lat: z.number().optional().catch(undefined),
  lon: z.number().optional().catch(undefined),
});

const entriesOf = (data: unknown): unknown[] | null =>
  Array.isArray(data) ? data : Array.isArray((data as { entries?: unknown } | null)?.entries) ? (data as { entries: unknown[] }).entries : null;

/** Does this parsed JSON look like a Diarium export? */
export function isDiariumJournal(data: unknown): boolean {
  const entries = entriesOf(data);
  return (
    entries !== null &&
    entries.some((e) => typeof e === "object" && e !== null && "date" in e && ("html" in e || "heading" in e) && !("time" in e))
  );
}

/** "2026-03-14T21:05:00", "2026-03-14 21:05", "2026-03-14", or an ISO instant with its offset. */
export function diariumInstant(date: string, tz: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/u.exec(date.trim());
  if (!m) return null;
  if (m[3]) {
    const d = new Date(date.trim());
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return localInstant(m[1]!, m[2] ?? "12:00", tz);
}

/** Diarium's rating is 1..5 stars; mapped onto the journal's 1..10 scale as the check-in faces record it. */
export const diariumMood = (rating: number | undefined): number | null =>
  typeof rating === "number" && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating * 2 : null;

export function diariumItems(data: unknown, tz: string): { items: SourceItem[]; checkins: ExportedCheckIn[] } {
  const entries = entriesOf(data) ?? [];
  const checkins: ExportedCheckIn[] = [];
  const items = entries.map((raw, i): SourceItem => {
    const p = DiariumEntrySchema.safeParse(raw);
    const label = `Diarium entry #${i + 1}`;
    if (!p.success) {
      const issue = p.error.issues[0];
      return { ok: false, label, reason: `It is not a valid Diarium entry (${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}).` };
    }
    const e = p.data;
    const createdAt = diariumInstant(e.date, tz);
    if (!createdAt) return { ok: false, label, reason: `Its date "${e.date.slice(0, 40)}" could not be read.` };
    const body = e.html ?? e.text ?? "";
    const text = looksLikeHtml(body) ? htmlToText(body).text : body.trim();
    const rawTitle = e.heading ?? e.title ?? "";
    const title = fittingTitle(rawTitle);
    const content = !title && rawTitle.trim() ? `${rawTitle.trim()}\n\n${text}`.trim() : contentOr(text, title, []);
    const key = `${e.date}\u0000${rawTitle}\u0000${body}`;
    const id = stableUuid("diarium", key);
    const place = e.location;
    const lat = place?.lat ?? e.lat;
    const lng = place?.lng ?? e.lon;
    const hasCoords = typeof lat === "number" && typeof lng === "number" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    const mood = diariumMood(e.rating);
    if (mood !== null) checkins.push(statedCheckIn("diarium", key, mood, createdAt, id));
    return {
      ok: true,
      entry: plainEntry({
        id,
        title,
        content,
        createdAt,
        locationName: place?.name.trim() || null,
        locationLat: hasCoords ? lat : null,
        locationLng: hasCoords ? lng : null,
        tags: [...(e.tags ?? []), ...(e.people ?? [])],
        warnings: e.rating !== undefined && e.rating !== 0 && mood === null ? [`Its rating (${e.rating}) is not one of Diarium's five stars; it was left out.`] : [],
      }),
    };
  });
  return { items, checkins };
}
