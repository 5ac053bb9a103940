import "server-only";
import { v7 as uuidv7 } from "uuid";
import type {
  CalendarDayDto,
  EntryConflictDetails,
  EntryCreateParsed,
  EntryDto,
  EntryInputParsed,
  EntryUpdateParsed,
  EntryListQuery,
  EntryPageDto,
  StatisticsDto,
} from "@/contracts/entries";
import {
  ENTRY_CONFLICT_MESSAGE,
  ENTRY_DELETED_MESSAGE,
  ENTRY_EXISTS_MESSAGE,
  EntryListQuerySchema,
} from "@/contracts/entries";
import { dayKeyFormatter, localDayKey, localMonthBounds, parseDateParam, serverTimeZone } from "@/domain/dates";
import { averageMood } from "@/domain/mood";
import { EFFECTIVE_MOOD_SQL } from "@/domain/checkins";
import { holdsEdit, nextUpdatedAt } from "@/domain/sync";
import { wordCount } from "@/domain/text";
import { db, readDb } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { HttpError, badRequest, notFound } from "@/server/http/errors";
import { parseWith } from "@/server/http/request";
import { entryInclude, sqlInstant, toEntryDto } from "./mapping";
import { trashEntry } from "./trash";
import { calendarDayCover, CELL_TITLE_LENGTH, type CalendarDayRow } from "@/domain/timeline";
import { prepared, readEntries, thumbnailUrl, readListIds, readListPage, readStatistics } from "./read";
import type { EntryFilter } from "./query";
import { bumpDataVersion, dataVersion } from "./version";

type ParsedListQuery = ReturnType<typeof EntryListQuerySchema.parse>;

/** Turns the API's list query into instants in the person's zone. */
export function toFilter(q: ParsedListQuery): EntryFilter {
  const tz = q.tz ?? serverTimeZone();
  const from = q.date_from ? parseDateParam(q.date_from, tz, "start") : undefined;
  const to = q.date_to ? parseDateParam(q.date_to, tz, "end") : undefined;
  if (from === null || to === null) throw badRequest("Invalid query: dates must be YYYY-MM-DD or ISO date-times");
  return { search: q.search, from, to, mood: q.mood, tags: q.tags, hasMedia: q.has_media };
}

/** Entries newest first; the full array, or a page with the total when `limit` is given. */
export async function listEntries(query: EntryListQuery): Promise<EntryDto[] | EntryPageDto> {
  const q = parseWith(EntryListQuerySchema, query, "Invalid query");
  const filter = toFilter(q);
  const conn = await readDb();
  if (q.limit === undefined) return readEntries(conn, readListIds(conn, filter));
  const offset = q.offset ?? 0;
  const { ids, total } = readListPage(conn, filter, q.limit, offset);
  const entries = readEntries(conn, ids);
  return { entries, total, limit: q.limit, offset, has_more: offset + entries.length < total };
}

export async function getEntry(id: string): Promise<EntryDto> {
  const [entry] = readEntries(await readDb(), [id]);
  if (!entry) throw notFound("Entry not found");
  return entry;
}

export async function entryExists(id: string): Promise<boolean> {
  const prisma = await db();
  return (await prisma.entry.count({ where: { id } })) > 0;
}

const tagCreates = (tags: string[]) =>
  tags.map((name) => ({ tag: { connectOrCreate: { where: { name }, create: { name } } } }));

function fields(input: EntryInputParsed) {
  return {
    title: input.title?.trim() ?? "",
    content: input.content,
    mood: input.mood ?? null,
    aiMoodScore: input.ai_mood_score ?? null,
    aiSummary: input.ai_summary ?? null,
    aiThemes: input.ai_themes ?? null,
    aiQuestions: input.ai_questions ?? null,
    // Kept only with a reading: a source of nothing is nothing.
    aiModel: hasReading(input) ? (input.ai_model ?? null) : null,
    locationName: input.location_name?.trim() || null,
    locationLat: input.location_lat ?? null,
    locationLng: input.location_lng ?? null,
    wordCount: wordCount(input.content),
  };
}

/** Whether a save payload carries a reading (a mood score, a summary or themes). */
function hasReading(r: { ai_mood_score?: number | null; ai_summary?: string | null; ai_themes?: string | null }) {
  return (r.ai_mood_score ?? null) !== null || !!r.ai_summary || !!r.ai_themes;
}

const entryDeleted = () => new HttpError("ENTRY_DELETED", ENTRY_DELETED_MESSAGE);

/** Creates an entry under a new server-made id (UUIDv7), or under the client's id (see `createEntryOnce`). */
export async function createEntry(input: EntryCreateParsed): Promise<EntryDto> {
  return (await createEntryOnce(input)).entry;
}

/**
 * Creates an entry. With a client-made `id` the create is idempotent: when an entry with that id
 * exists and already holds every field of this create (the same create sent again after its answer was
 * lost), nothing is written and the existing entry comes back with `replayed: true`. When it exists
 * with other fields (a newer version from the device, or the entry was changed elsewhere since), the
 * answer is 409 CONFLICT with the stored entry in `details.entry` and nothing changes: the device keeps
 * its version (never a silent success that would let it drop newer words). When the id is in Recently
 * deleted or was deleted for good (a tombstone) the answer is 410 ENTRY_DELETED (a deleted entry is
 * never brought back by a late create).
 * Two identical creates racing make one entry: the primary key refuses the second, which is then
 * answered as the first one was stored (a replay, or 409 when they differed).
 */
export async function createEntryOnce(input: EntryCreateParsed): Promise<{ entry: EntryDto; replayed: boolean }> {
  const prisma = await db();
  const now = new Date();
  const id = input.id ?? uuidv7();
  const data = {
    id,
    ...fields(input),
    conflictOf: input.conflict_of ?? null,
    createdAt: input.created_at ? new Date(input.created_at) : now,
    updatedAt: now,
    tags: { create: tagCreates(input.tags ?? []) },
  };
  let replayed = false;
  if (input.id === undefined) {
    await prisma.entry.create({ data, select: { id: true } });
  } else {
    try {
      replayed = await prisma.$transaction(async (tx) => {
        if (await replayOfCreate(tx, id, input)) return true;
        // In Recently deleted, or deleted for good (a tombstone): never brought back by a late create.
        if (
          (await tx.deletedEntry.count({ where: { id } })) > 0 ||
          (await tx.entryTombstone.count({ where: { id } })) > 0
        )
          throw entryDeleted();
        await tx.entry.create({ data, select: { id: true } });
        return false;
      });
    } catch (err) {
      // The same create, sent twice at once from elsewhere (another process), got there first.
      if (!(isUniqueViolation(err) && (await replayOfCreate(prisma, id, input)))) throw err;
      replayed = true;
    }
  }
  if (!replayed) {
    bumpDataVersion();
  }
  return { entry: await readBack(id), replayed };
}

type EntryReader = Pick<Awaited<ReturnType<typeof db>>, "entry">;

/**
 * Whether a create with a client-made id is one the journal already holds: false when the id is free;
 * true when the stored entry holds every field of the create (a replay); 409 CONFLICT with the stored
 * entry when it holds other fields.
 */
async function replayOfCreate(tx: EntryReader, id: string, input: EntryCreateParsed): Promise<boolean> {
  const whole = await tx.entry.findUnique({ where: { id }, include: entryInclude });
  if (!whole) return false;
  const stored = { ...whole, tags: whole.tags.map((t) => t.tag.name), mediaFiles: undefined };
  const wanted = {
    ...fields(input),
    // The word count follows from the content; a create sent without a time takes the stored one.
    wordCount: undefined,
    conflictOf: input.conflict_of ?? null,
    createdAt: input.created_at ? new Date(input.created_at) : undefined,
    tags: input.tags ?? [],
  };
  if (holdsEdit(stored, wanted)) return true;
  const details: EntryConflictDetails = { entry: toEntryDto(whole) };
  throw new HttpError("CONFLICT", ENTRY_EXISTS_MESSAGE, details);
}

/** An entry as just written (committed, so the read connection sees it). */
async function readBack(id: string): Promise<EntryDto> {
  const [entry] = readEntries(await readDb(), [id]);
  if (!entry) throw notFound("Entry not found");
  return entry;
}

/** Entry fields an update changes only when the body names them (null clears; left out keeps). */
const OPTIONAL_FIELDS = {
  title: "title",
  mood: "mood",
  ai_mood_score: "aiMoodScore",
  ai_summary: "aiSummary",
  ai_themes: "aiThemes",
  ai_model: "aiModel",
  ai_questions: "aiQuestions",
  location_name: "locationName",
  location_lat: "locationLat",
  location_lng: "locationLng",
} as const satisfies Partial<Record<keyof EntryInputParsed, keyof ReturnType<typeof fields>>>;

function updatedFields(input: EntryInputParsed) {
  const all = fields(input);
  const data: Partial<ReturnType<typeof fields>> = { content: all.content, wordCount: all.wordCount };
  for (const [inKey, field] of Object.entries(OPTIONAL_FIELDS) as [
    keyof typeof OPTIONAL_FIELDS,
    keyof ReturnType<typeof fields>,
  ][]) {
    if (input[inKey] !== undefined) Object.assign(data, { [field]: all[field] });
  }
  return data;
}

/**
 * Updates an entry. Content is required; every other field (tags and created_at too) changes only when
 * the body contains it, and null clears it. The editor's save payload has no location, for instance, and
 * saving must not lose the location the entry has.
 *
 * With `base_updated_at` (the `updated_at` the edit started from) a change made elsewhere since is never
 * overwritten: the answer is 409 CONFLICT with the stored entry in `details.entry`, and nothing changes.
 * The check and the write are one transaction. When the stored entry already holds every value of the
 * edit (the same edit sent again after its answer was lost), the answer is that entry, unchanged.
 */
export async function updateEntry(id: string, input: EntryUpdateParsed): Promise<EntryDto> {
  if (input.id !== undefined && input.id !== id)
    throw badRequest("The id in the body does not match the id in the address.");
  const base = input.base_updated_at === undefined ? undefined : new Date(input.base_updated_at);
  const data = {
    ...updatedFields(input),
    ...(input.created_at ? { createdAt: new Date(input.created_at) } : {}),
  };
  const prisma = await db();
  const written = await prisma.$transaction(async (tx) => {
    const current = await tx.entry.findUnique({
      where: { id },
      select: { updatedAt: true, aiMoodScore: true, aiSummary: true, aiThemes: true, aiModel: true },
    });
    if (!current) throw notFound("Entry not found");
    Object.assign(data, { aiModel: readingSourceAfter(current, data, input.ai_model) });
    if (base && current.updatedAt.getTime() !== base.getTime()) {
      const whole = await tx.entry.findUniqueOrThrow({ where: { id }, include: entryInclude });
      const stored = { ...whole, tags: whole.tags.map((t) => t.tag.name), mediaFiles: undefined };
      // The word count follows from the content; it is not the edit's own value.
      if (holdsEdit(stored, { ...data, wordCount: undefined, tags: input.tags })) return false;
      const details: EntryConflictDetails = { entry: toEntryDto(whole) };
      throw new HttpError("CONFLICT", ENTRY_CONFLICT_MESSAGE, details);
    }
    // In the transaction of the check: this process's writes wait for it, and another process's commit
    // in between would make SQLite refuse this write (WAL snapshot) rather than let it overwrite.
    await tx.entry.update({
      where: { id },
      data: {
        ...data,
        updatedAt: nextUpdatedAt(current.updatedAt, new Date()),
        ...(input.tags !== undefined ? { tags: { deleteMany: {}, create: tagCreates(input.tags) } } : {}),
      },
      select: { id: true },
    });
    // Only a change of tags can leave a tag without entries.
    if (input.tags !== undefined) await tx.tag.deleteMany({ where: { entries: { none: {} } } });
    return true;
  });
  if (written) {
    bumpDataVersion();
  }
  return readBack(id);
}

type StoredReading = { aiMoodScore: number | null; aiSummary: string | null; aiThemes: string | null };

/**
 * The source of an entry's reading after an update: the one the body names; else the stored one while the
 * reading stays as it was; unknown (null) when the reading changed without saying what produced it; none
 * when the entry is left without a reading.
 */
function readingSourceAfter(
  current: StoredReading & { aiModel: string | null },
  data: Partial<StoredReading>,
  named: string | null | undefined,
): string | null {
  const after = {
    ai_mood_score: data.aiMoodScore !== undefined ? data.aiMoodScore : current.aiMoodScore,
    ai_summary: data.aiSummary !== undefined ? data.aiSummary : current.aiSummary,
    ai_themes: data.aiThemes !== undefined ? data.aiThemes : current.aiThemes,
  };
  if (!hasReading(after)) return null;
  if (named !== undefined) return named;
  const changed =
    after.ai_mood_score !== current.aiMoodScore ||
    after.ai_summary !== current.aiSummary ||
    after.ai_themes !== current.aiThemes;
  return changed ? null : current.aiModel;
}

/**
 * Deletes an entry: it moves to Recently deleted (kept 30 days, with its tags and media) and leaves
 * every list, search and figure at once.
 */
export async function deleteEntry(id: string): Promise<void> {
  await trashEntry(id);
}

/** Tag names in use, with how many entries carry each. */
export async function listTags(): Promise<{ name: string; count: number }[]> {
  const prisma = await db();
  const rows = await prisma.$queryRawUnsafe<{ name: string; n: bigint | number }[]>(
    `SELECT t."name" AS name, count(et."entry_id") AS n FROM "tags" t JOIN "entry_tags" et ON et."tag_id" = t."id" GROUP BY t."id" ORDER BY n DESC, t."name" ASC`,
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
}

const statsCache = new Map<string, { version: string; value: StatisticsDto; day: string }>();

/**
 * What the cached figures depend on: this process's writes, and (through SQLite's data_version, which
 * changes when another connection commits) every other write too, such as the seed script's.
 */
async function statisticsVersion(): Promise<string> {
  const row = prepared(await readDb(), "PRAGMA data_version").get() as { data_version: number } | undefined;
  return `${dataVersion()}:${Number(row?.data_version ?? 0)}`;
}

/** The eight statistics figures, with days and "this month/year" in the person's zone. */
export async function statistics(tz = serverTimeZone(), now = new Date()): Promise<StatisticsDto> {
  const today = localDayKey(now, tz);
  const version = await statisticsVersion();
  const cached = statsCache.get(tz);
  if (cached && cached.version === version && cached.day === today) return cached.value;
  const value = readStatistics(await readDb(), tz, now);
  statsCache.set(tz, { version, value, day: today });
  return value;
}

/** Per-day counts, average mood, media, first title and first photo for one local month (the calendar view). */
export async function calendarMonth(month: string, tz = serverTimeZone()): Promise<CalendarDayDto[]> {
  const { start, end, days } = localMonthBounds(month, tz);
  const prisma = await db();
  const rows = await prisma.$queryRawUnsafe<
    { c: string | Date; s: number | null; m: bigint | number; t: string; b: string; p: string | null }[]
  >(
    `SELECT e."created_at" AS c, ${EFFECTIVE_MOOD_SQL} AS s,
       EXISTS (SELECT 1 FROM "media_files" mf WHERE mf."entry_id" = e."id") AS m,
       e."title" AS t, substr(e."content", 1, ${CELL_TITLE_LENGTH * 4}) AS b,
       (SELECT mf."id" FROM "media_files" mf WHERE mf."entry_id" = e."id" AND mf."file_type" = 'image'
          AND mf."thumbnail_name" IS NOT NULL ORDER BY mf."created_at", mf."id" LIMIT 1) AS p
     FROM "entries" e WHERE e."created_at" >= ? AND e."created_at" < ?`,
    sqlInstant(start),
    sqlInstant(end),
  );
  const keyOf = dayKeyFormatter(tz);
  const byDay = new Map<string, { scores: (number | null)[]; media: boolean; rows: CalendarDayRow[] }>();
  for (const r of rows) {
    const c = new Date(r.c);
    const k = keyOf(c);
    const d = byDay.get(k) ?? { scores: [], media: false, rows: [] };
    d.scores.push(r.s);
    d.media ||= Number(r.m) === 1;
    d.rows.push({ created_at: c.toISOString(), title: r.t, content: r.b, photo_id: r.p });
    byDay.set(k, d);
  }
  return days.map((date) => {
    const d = byDay.get(date);
    const cover = d ? calendarDayCover(d.rows) : null;
    return {
      date,
      count: d?.scores.length ?? 0,
      average_mood: d ? averageMood(d.scores) : null,
      has_media: d?.media ?? false,
      title: cover?.title ?? null,
      thumbnail_url: cover?.photo_id ? thumbnailUrl(cover.photo_id) : null,
    };
  });
}
