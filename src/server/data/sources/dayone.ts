import "server-only";
import { z } from "zod";
import { SAFE_ID_RE } from "@/contracts/data";
import type { MediaCandidate, SourceItem } from "../candidate";

const Attachment = z.object({
  identifier: z.string().min(1).max(100),
  md5: z.string().max(100).optional(),
  type: z.string().max(20).optional(),
  format: z.string().max(20).optional(),
  filename: z.string().max(1000).optional(),
  date: z.string().optional(),
});
type Attachment = z.infer<typeof Attachment>;

const DayOneEntrySchema = z.object({
  uuid: z.string().regex(/^[0-9A-Fa-f-]{1,56}$/u, "uuid must be hexadecimal"),
  creationDate: z.iso.datetime({ offset: true, message: "creationDate must be an ISO 8601 date-time" }),
  modifiedDate: z.iso.datetime({ offset: true }).optional().catch(undefined),
  timeZone: z.string().optional(),
  text: z.string().optional(),
  tags: z.array(z.string()).optional(),
  starred: z.boolean().optional(),
  location: z
    .object({
      placeName: z.string().optional(),
      localityName: z.string().optional(),
      administrativeArea: z.string().optional(),
      country: z.string().optional(),
      latitude: z.number().optional(),
      longitude: z.number().optional(),
    })
    .partial()
    .optional()
    .catch(undefined),
  photos: z.array(Attachment).optional(),
  videos: z.array(Attachment).optional(),
  audios: z.array(Attachment).optional(),
});

/** Does this parsed JSON look like a Day One journal export? */
export function isDayOneJournal(data: unknown): boolean {
  const entries = (data as { entries?: unknown } | null)?.entries;
  return (
    Array.isArray(entries) &&
    entries.some((e) => typeof e === "object" && e !== null && "uuid" in e && "creationDate" in e)
  );
}

const KIND_MARKERS: Record<string, string> = { "": "[photo]", video: "[video]", audio: "[audio]", pdfAttachment: "[pdf]", sketch: "[sketch]" };

/**
 * Day One's Markdown: attachments are images pointing at `dayone-moment://<id>` (photos) or
 * `dayone-moment:/video/<id>`, `/audio/<id>`...; they become a readable marker, since the files become
 * attachments. Day One also escapes punctuation (`\.`, `\!`); the escapes are removed.
 */
export function dayOneText(text: string): string {
  return text
    .replace(/!?\[[^\]\n]*\]\(dayone-moment:\/{1,2}(?:(video|audio|pdfAttachment|sketch)\/)?[A-Za-z0-9_-]+\)/gu, (_m, kind: string | undefined) => KIND_MARKERS[kind ?? ""] ?? "[attachment]")
    .replace(/\\([\\`*_{}[\]()#+\-.!>~|<])/gu, "$1");
}

/** The title from a leading "# " line, and the rest as content. */
export function splitTitle(text: string, maxTitle: number): { title: string; content: string } {
  const m = /^\s*# +([^\n]*)\n?/u.exec(text);
  if (!m || !m[1]?.trim() || m[1].trim().length > maxTitle) return { title: "", content: text.trim() };
  return { title: m[1].trim(), content: text.slice(m[0].length).trim() };
}

/** `dayone-<uuid lower-case>`: importing the same export again skips instead of duplicating. */
export const dayOneEntryId = (uuid: string) => `dayone-${uuid.replace(/-/gu, "").toLowerCase()}`;

const FOLDERS = { photos: "photos", videos: "videos", audios: "audios" } as const;
const HINTS = { photos: "image/*", videos: "video/mp4", audios: "audio/mp4" } as const;
const SINGULAR = { photos: "photo", videos: "video", audios: "audio" } as const;

/**
 * Day One entries. Media live in the archive as `photos/<md5>.<type>`, `videos/<md5>.<type>` and
 * `audios/<md5>.<format>`; `findFile(folder, md5)` finds one whatever its extension.
 */
export function dayOneItems(data: unknown, findFile: (folder: string, stem: string) => string | null, maxTitle: number): SourceItem[] {
  const entries = (data as { entries: unknown[] }).entries;
  return entries.map((raw, i): SourceItem => {
    const p = DayOneEntrySchema.safeParse(raw);
    if (!p.success) {
      const issue = p.error.issues[0];
      const uuid = (raw as { uuid?: unknown } | null)?.uuid;
      return { ok: false, label: typeof uuid === "string" && SAFE_ID_RE.test(uuid) ? dayOneEntryId(uuid) : `Day One entry #${i + 1}`, reason: `It is not a valid Day One entry (${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}).` };
    }
    const e = p.data;
    const createdAt = new Date(e.creationDate);
    const media: MediaCandidate[] = [];
    const markers: string[] = [];
    for (const group of ["photos", "videos", "audios"] as const) {
      for (const a of e[group] ?? ([] as Attachment[])) {
        const path = a.md5 && /^[A-Za-z0-9]{1,64}$/u.test(a.md5) ? findFile(FOLDERS[group], a.md5) : null;
        const ext = (a.type ?? a.format ?? "").replace(/[^a-z0-9]/giu, "").toLowerCase();
        const filename = a.filename || `${SINGULAR[group]}-${a.identifier.slice(0, 8).toLowerCase()}${ext ? `.${ext}` : ""}`;
        markers.push(`[${SINGULAR[group]}]`);
        const id = `dayone-${a.identifier.replace(/-/gu, "").toLowerCase()}`;
        media.push({ id: SAFE_ID_RE.test(id) ? id : undefined, archivePath: path, filename, declaredType: HINTS[group], createdAt: a.date && !Number.isNaN(Date.parse(a.date)) ? new Date(a.date) : createdAt });
      }
    }
    const { title, content: body } = splitTitle(dayOneText(e.text ?? ""), maxTitle);
    let content = body;
    if (!content && markers.length) content = markers.join(" ");
    if (!content && title) content = title;
    const loc = e.location;
    const locationName = loc?.placeName?.trim() || [loc?.localityName, loc?.administrativeArea, loc?.country].filter((s) => s && s.trim()).join(", ") || null;
    const lat = typeof loc?.latitude === "number" && typeof loc?.longitude === "number" ? loc.latitude : null;
    const lng = lat !== null ? (loc?.longitude ?? null) : null;
    const tags = [...(e.tags ?? []), ...(e.starred ? ["starred"] : [])];
    return {
      ok: true,
      entry: {
        id: dayOneEntryId(e.uuid),
        title,
        content,
        createdAt,
        updatedAt: e.modifiedDate ? new Date(e.modifiedDate) : createdAt,
        mood: null,
        aiMoodScore: null,
        aiSummary: null,
        aiThemes: null,
        locationName,
        locationLat: lat,
        locationLng: lng,
        tags,
        media,
        warnings: [],
      },
    };
  });
}
