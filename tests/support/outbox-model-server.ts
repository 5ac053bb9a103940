import type { EntryDto, MediaFileDto } from "@/contracts/entries";
import {
  ENTRY_CONFLICT_MESSAGE,
  ENTRY_DELETED_MESSAGE,
  ENTRY_EXISTS_MESSAGE,
  IDEMPOTENT_REPLAY_HEADER,
} from "@/contracts/entries";
import { MAX_MEDIA_BYTES } from "@/domain/constants";
import { holdsEdit, nextUpdatedAt, type SyncValue } from "@/domain/sync";
import { wordCount } from "@/domain/text";
import type { OutboxServer, ServerSnapshot } from "./outbox-property";

/**
 * The entries API as the device's outbox meets it, in memory, its rules read from the server's own
 * code (src/server/entries/service.ts, src/server/media/service.ts), so that the outbox's property can
 * run thousands of sequences in the unit suite. The same property runs against the real route handlers
 * in tests/api/outbox-property.test.ts, so that this model cannot drift from the server unseen.
 *
 * - POST /entries with an id: 201 new; 200 + Idempotent-Replay when the stored entry holds every field of
 *   the create; 409 CONFLICT with `details.entry` when it holds others; 410 ENTRY_DELETED for an id in
 *   Recently deleted.
 * - PUT /entries/{id}: 404 when not there; with `base_updated_at` different from the stored `updated_at`,
 *   200 unchanged when the stored entry holds the edit, else 409 CONFLICT with `details.entry`. Every
 *   write moves `updated_at` forward.
 * - DELETE /entries/{id}: 404 when not there; else to Recently deleted.
 * - POST /entries/{id}/media (multipart `id`, `file`): 404 entry not there; 413 over 10 MB; 200 +
 *   Idempotent-Replay for a media id of this entry; 409 for one of another entry; else 201.
 * - DELETE /entries/{id}/media/{mediaId}: 404 when not there.
 */

interface Row {
  entry: Omit<EntryDto, "media_files" | "tags"> & { tags: string[] };
  media: Map<string, MediaFileDto>;
}

type Body = Record<string, unknown>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const error = (status: number, code: string, message: string, details?: unknown) =>
  json(status, { error: { message, code, ...(details === undefined ? {} : { details }) } });

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);

/** The stored form of the fields a body names, as the server normalises them (title and place trimmed, tags lower case). */
function fieldsOf(b: Body, create: boolean): Record<string, SyncValue | undefined> {
  const pick = <T>(key: string, f: (v: unknown) => T) =>
    b[key] === undefined ? (create ? f(null) : undefined) : f(b[key]);
  return {
    title: pick("title", (v) => str(v)?.trim() ?? ""),
    content: str(b.content) ?? "",
    mood: pick("mood", str),
    ai_mood_score: pick("ai_mood_score", num),
    ai_summary: pick("ai_summary", str),
    ai_themes: pick("ai_themes", str),
    location_name: pick("location_name", (v) => str(v)?.trim() || null),
    location_lat: pick("location_lat", num),
    location_lng: pick("location_lng", num),
    tags: Array.isArray(b.tags) ? (b.tags as string[]).map((t) => t.trim().toLowerCase()) : create ? [] : undefined,
    created_at: typeof b.created_at === "string" ? new Date(b.created_at) : undefined,
    ...(create ? { conflict_of: str(b.conflict_of) } : {}),
  };
}

function storedOf(r: Row): Record<string, SyncValue> {
  const e = r.entry;
  return {
    title: e.title,
    content: e.content,
    mood: e.mood,
    ai_mood_score: e.ai_mood_score,
    ai_summary: e.ai_summary,
    ai_themes: e.ai_themes,
    location_name: e.location_name,
    location_lat: e.location_lat,
    location_lng: e.location_lng,
    tags: e.tags,
    created_at: new Date(e.created_at),
    conflict_of: e.conflict_of,
  };
}

const dto = (r: Row): EntryDto => ({
  ...r.entry,
  tags: [...r.entry.tags].sort().map((name) => ({ name })),
  media_files: [...r.media.values()],
});

export class ModelServer implements OutboxServer {
  private entries = new Map<string, Row>();
  private trash = new Map<string, Row>();
  private clock = Date.parse("2026-11-27T08:00:00.000Z");
  /** Files written to the uploads folder (a replay writes none). */
  storedFiles = 0;

  /**
   * `storedOnReplay`: the server before H1 was fixed, which answered any create of a taken id as a
   * replay with the stored entry (kept to show the property finds that loss).
   */
  constructor(private readonly options: { storedOnReplay?: boolean } = {}) {}

  private now(): Date {
    this.clock += 7;
    return new Date(this.clock);
  }

  async reset(): Promise<void> {
    this.entries.clear();
    this.trash.clear();
    this.storedFiles = 0;
  }

  async get(id: string): Promise<EntryDto | null> {
    const r = this.entries.get(id);
    return r ? dto(r) : null;
  }

  async snapshot(): Promise<ServerSnapshot> {
    return {
      entries: [...this.entries.values()].map((r) => ({
        id: r.entry.id,
        title: r.entry.title,
        content: r.entry.content,
        conflict_of: r.entry.conflict_of,
        media: [...r.media.keys()],
      })),
      files: this.storedFiles,
      recordedMedia: [...this.entries.values(), ...this.trash.values()].reduce((n, r) => n + r.media.size, 0),
    };
  }

  async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent); // api, entries, id?, media?, mediaId?
    if (parts[0] !== "api" || parts[1] !== "entries") return error(404, "NOT_FOUND", "Not found");
    const [, , id, sub, mediaId] = parts;
    if (!id && req.method === "POST") return this.create((await req.json()) as Body);
    if (id && !sub && req.method === "GET") {
      const r = this.entries.get(id);
      return r ? json(200, dto(r)) : error(404, "NOT_FOUND", "Entry not found");
    }
    if (id && !sub && req.method === "PUT") return this.update(id, (await req.json()) as Body);
    if (id && !sub && req.method === "DELETE") return this.remove(id);
    if (id && sub === "media" && !mediaId && req.method === "POST") return this.upload(id, await req.formData());
    if (id && sub === "media" && mediaId && req.method === "DELETE") return this.removeMedia(id, mediaId);
    return error(405, "METHOD_NOT_ALLOWED", "Method not allowed");
  }

  private create(b: Body): Response {
    const id = String(b.id).toLowerCase();
    const existing = this.entries.get(id);
    if (existing) {
      if (this.options.storedOnReplay || holdsEdit(storedOf(existing), fieldsOf(b, true)))
        return json(200, dto(existing), { [IDEMPOTENT_REPLAY_HEADER]: "true" });
      return error(409, "CONFLICT", ENTRY_EXISTS_MESSAGE, { entry: dto(existing) });
    }
    if (this.trash.has(id)) return error(410, "ENTRY_DELETED", ENTRY_DELETED_MESSAGE);
    const f = fieldsOf(b, true);
    const now = this.now();
    const row: Row = {
      entry: {
        id,
        title: f.title as string,
        content: f.content as string,
        mood: f.mood as string | null,
        ai_mood_score: f.ai_mood_score as number | null,
        ai_summary: f.ai_summary as string | null,
        ai_themes: f.ai_themes as string | null,
        location_name: f.location_name as string | null,
        location_lat: f.location_lat as number | null,
        location_lng: f.location_lng as number | null,
        created_at: ((f.created_at as Date | undefined) ?? now).toISOString(),
        updated_at: now.toISOString(),
        word_count: wordCount(f.content as string),
        tags: [...new Set(f.tags as string[])],
        conflict_of: f.conflict_of as string | null,
      },
      media: new Map(),
    };
    this.entries.set(id, row);
    return json(201, dto(row));
  }

  private update(id: string, b: Body): Response {
    const r = this.entries.get(id);
    if (!r) return error(404, "NOT_FOUND", "Entry not found");
    const f = fieldsOf(b, false);
    if (typeof b.base_updated_at === "string" && Date.parse(b.base_updated_at) !== Date.parse(r.entry.updated_at)) {
      if (holdsEdit(storedOf(r), f)) return json(200, dto(r));
      return error(409, "CONFLICT", ENTRY_CONFLICT_MESSAGE, { entry: dto(r) });
    }
    const e = r.entry;
    for (const [k, v] of Object.entries(f)) {
      if (v === undefined) continue;
      if (k === "tags") e.tags = [...new Set(v as string[])];
      else if (k === "created_at") e.created_at = (v as Date).toISOString();
      else Object.assign(e, { [k]: v });
    }
    e.word_count = wordCount(e.content);
    e.updated_at = nextUpdatedAt(new Date(e.updated_at), this.now()).toISOString();
    return json(200, dto(r));
  }

  private remove(id: string): Response {
    const r = this.entries.get(id);
    if (!r) return error(404, "NOT_FOUND", "Entry not found");
    this.entries.delete(id);
    this.trash.set(id, r);
    return json(200, { success: true, id });
  }

  private upload(entryId: string, form: FormData): Response {
    const r = this.entries.get(entryId);
    if (!r) return error(404, "NOT_FOUND", "Entry not found");
    const file = form.get("file");
    const mediaId = String(form.get("id")).toLowerCase();
    if (!(file instanceof Blob)) return error(400, "VALIDATION_FAILED", "A file is required");
    if (file.size > MAX_MEDIA_BYTES) return error(413, "PAYLOAD_TOO_LARGE", "File too large. Maximum size is 10MB.");
    for (const other of this.entries.values()) {
      const m = other.media.get(mediaId);
      if (!m) continue;
      if (other === r) return json(200, m, { [IDEMPOTENT_REPLAY_HEADER]: "true" });
      return error(409, "CONFLICT", "This media id belongs to another entry.");
    }
    const media: MediaFileDto = {
      id: mediaId,
      file_type: "image",
      filename: (file as File).name ?? "photo.png",
      mime_type: file.type || "image/png",
      size: file.size,
      url: `/api/media/${mediaId}`,
      thumbnail_url: `/api/media/${mediaId}/thumbnail`,
      created_at: this.now().toISOString(),
    } as MediaFileDto;
    r.media.set(mediaId, media);
    this.storedFiles += 1;
    return json(201, media);
  }

  private removeMedia(entryId: string, mediaId: string): Response {
    const r = this.entries.get(entryId);
    if (!r?.media.has(mediaId)) return error(404, "NOT_FOUND", r ? "Media not found" : "Entry not found");
    r.media.delete(mediaId);
    this.storedFiles -= 1;
    return json(200, { success: true, id: mediaId });
  }
}
