import "server-only";
import { scheduleEmbeddings } from "@/server/ai/recall/embeddings";
import { rm, stat } from "node:fs/promises";
import { v7 as uuidv7 } from "uuid";
import type { ImportIssueDto, ImportReportDto, ImportSource } from "@/contracts/data";
import { JOURNAL_FILE, MAX_JOURNAL_JSON_BYTES, MAX_REPORTED_ISSUES } from "@/contracts/data";
import { CONFIG_KEY_RE } from "@/contracts/config";
import { UNDER_18_CONFIG_KEY } from "@/domain/companion";
import { isEmptySafetyPlan } from "@/contracts/safety-plan";
import { MAX_CONFIG_VALUE_CHARS, MAX_TITLE_CHARS } from "@/domain/constants";
import { isValidTimeZone, serverTimeZone } from "@/domain/dates";
import { wordCount } from "@/domain/text";
import type { Prisma } from "@/generated/prisma/client";
import { isSecretKey } from "@/server/config/service";
import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { mediaIdInTrash } from "@/server/entries/trash";
import { bumpDataVersion } from "@/server/entries/version";
import { JsonShapeError, JsonShapeGuard } from "@/domain/json-shape";
import { HttpError, badRequest, tooLarge, unsupportedMedia } from "@/server/http/errors";
import { displayFilename } from "@/server/media/filename";
import { removeStoredFiles } from "@/server/media/paths";
import { fileKey, readStoredHead, readStoredWhole, storedReadStream, storedSize } from "@/server/media/sealed";
import { adoptTempFile, type StoredMedia } from "@/server/media/store";
import { importSafetyPlan } from "@/server/safety-plan/service";
import { importCheckIns } from "@/server/checkins/transfer";
import { importTemplates } from "@/server/templates/service";
import { importMemory } from "@/server/memory/service";
import { MEMORY_ENABLED_CONFIG_KEY } from "@/domain/memory";
import { WorkerBudgetError, WorkerBusyError, WorkerTaskError, runTask } from "@/server/ai/workers/pool";
import { AGE_HEADER, decryptAgeToTemp, isAgeFile } from "./encrypted-export";
import { checkCandidate, type EntryCandidate, type SourceItem } from "./candidate";
import { dayOneItems, isDayOneJournal } from "./sources/dayone";
import { isJrnlJournal, jrnlItems } from "./sources/jrnl";
import { isReverieJournal, reverieItems, type SafetyPlanItem } from "./sources/reverie";
import { looksLikeZip, openCheckedArchive, type CheckedArchive } from "./zip";
import { isDiariumJournal, diariumItems } from "./sources/diarium";
import { isDaylioHeader, readDaylioCsv } from "./sources/daylio";
import { appleJournalPlan, isJourneyArchive, journeyPlan, markdownPlan, MAX_ENTRY_FILE_BYTES, singleHtmlPlan, type Plan } from "./plans";
import type { ExportedCheckIn } from "@/contracts/checkins";
import { env } from "@/server/env";

export interface ImportOptions {
  /** The zone in which jrnl's local dates and times are read (default: the server's). */
  tz?: string;
  /** The passphrase of an encrypted export (age). */
  passphrase?: string;
}

/** A journal JSON sits at the top of an archive (ours: journal.json; Day One: one per journal). */
const isRootJson = (name: string) => !name.includes("/") && name.toLowerCase().endsWith(".json");

const ALREADY_HERE = "This entry is already in your journal, so it was left as it is.";
const IN_TRASH = "This entry is in Recently deleted, so it was not imported again. Restore it from Recently deleted in Settings to get it back.";

const NOT_AN_EXPORT =
  "This file is not an export this app can read. Choose a Reverie export (zip), a Day One export (JSON or zip), a jrnl JSON export, a Journey export (zip), a Diarium JSON export, a Daylio CSV export, an Apple Journal export (zip or HTML) or a zip of Markdown notes.";

const SAFETY_PLAN_LABEL = "Safety plan";

class Report {
  imported = 0;
  skipped = 0;
  failed = 0;
  media = 0;
  config = 0;
  safetyPlan = false;
  checkins = 0;
  templates = 0;
  memory = 0;
  private issues: ImportIssueDto[] = [];
  private leftOut = 0;
  constructor(readonly source: ImportSource) {}
  /** Notes what happened to an entry, named by its title and date when the source gave them. */
  note(entry: string | EntryCandidate, kind: ImportIssueDto["kind"], reason: string) {
    const issue: ImportIssueDto =
      typeof entry === "string"
        ? { entry, title: null, date: null, kind, reason }
        : { entry: entry.id, title: entry.title.trim() || null, date: Number.isNaN(entry.createdAt.getTime()) ? null : entry.createdAt.toISOString(), kind, reason };
    if (this.issues.length < MAX_REPORTED_ISSUES) this.issues.push(issue);
    else this.leftOut++;
  }
  dto(): ImportReportDto {
    return {
      source: this.source,
      imported: this.imported,
      skipped: this.skipped,
      failed: this.failed,
      media_imported: this.media,
      config_imported: this.config,
      ...(this.safetyPlan ? { safety_plan_imported: true } : {}),
      ...(this.checkins ? { checkins_imported: this.checkins } : {}),
      ...(this.templates ? { templates_imported: this.templates } : {}),
      ...(this.memory ? { memory_imported: this.memory } : {}),
      issues: this.issues,
      issues_left_out: this.leftOut,
    };
  }
}

/** How long reading one journal JSON may take (IMPORT_PARSE_BUDGET_MS; default 60 s). */
export function importParseBudgetMs(): number {
  return env().IMPORT_PARSE_BUDGET_MS ?? 60_000;
}

/**
 * Reads a JSON file on a worker thread: its shape is checked first while it is streamed (a JSON bomb is
 * refused by its structure, in constant memory), then it is parsed within a time budget.
 */
async function parseJsonFile(file: string, what: string): Promise<unknown> {
  try {
    if (!fileKey()) return await runTask("parseJsonFile", [file], importParseBudgetMs());
    // An encrypted journal's staged file is sealed: its plaintext is streamed through the same shape check
    // here (constant memory, never written to disk), then only the text goes to the worker to be parsed.
    const guard = new JsonShapeGuard();
    for await (const chunk of storedReadStream(file) as AsyncIterable<Buffer>) guard.push(chunk);
    const text = (await readStoredWhole(file)).toString("utf8");
    return await runTask("parseJsonText", [text], importParseBudgetMs());
  } catch (err) {
    if (err instanceof JsonShapeError) throw badRequest(`${what} was refused: ${err.message}.`);
    if (err instanceof WorkerTaskError && err.originalName === "JsonShapeError") throw badRequest(`${what} was refused: ${err.message}.`);
    if (err instanceof WorkerTaskError && err.originalName === "SyntaxError") throw badRequest(`${what} is not valid JSON.`);
    if (err instanceof WorkerBudgetError) throw tooLarge(`${what} took too long to read and was refused.`);
    if (err instanceof WorkerBusyError) throw new HttpError("SERVER_BUSY", "The server is busy reading other imports. Try again in a moment.");
    if (err instanceof WorkerTaskError) throw tooLarge(`${what} could not be read within the server's memory and was refused.`);
    throw err;
  }
}

async function readHead(file: string, bytes = 8): Promise<Buffer> {
  return readStoredHead(file, bytes);
}


function planFromJson(data: unknown, opts: ImportOptions, archive: CheckedArchive | null): Plan | null {
  if (isReverieJournal(data)) {
    const { items, config, safetyPlan, checkins, templates, memory } = reverieItems(data, (p) => archive?.files.has(p) ?? false);
    return { source: "reverie", items, config, safetyPlan, checkins, templates, memory };
  }
  if (isDayOneJournal(data)) {
    const index = new Map<string, string>();
    for (const name of archive?.files.keys() ?? []) {
      const m = /^([^/]+)\/([^/]+?)(\.[^./]*)?$/u.exec(name);
      if (m) index.set(`${m[1]!.toLowerCase()}/${m[2]!.toLowerCase()}`, name);
    }
    const findFile = (folder: string, stem: string) => index.get(`${folder}/${stem.toLowerCase()}`) ?? null;
    return { source: "dayone", items: dayOneItems(data, findFile, MAX_TITLE_CHARS) };
  }
  if (isJrnlJournal(data)) return { source: "jrnl", items: jrnlItems(data, zoneOf(opts)) };
  if (isDiariumJournal(data)) {
    const { items, checkins } = diariumItems(data, zoneOf(opts));
    return { source: "diarium", items, checkins: { checkins, activities: [] }, checkinsFollowEntries: true };
  }
  return null;
}

/** The zone in which local dates without one are read (jrnl, Diarium, Daylio, notes): the person's. */
function zoneOf(opts: ImportOptions): string {
  const tz = opts.tz ?? serverTimeZone();
  if (!isValidTimeZone(tz)) throw badRequest("tz must be an IANA time zone such as Europe/Paris.");
  return tz;
}

/** A media id of the source when it is safe and free (no media row, no entry in Recently deleted holds it), else a new one. */
async function mediaIdFor(wanted: string | undefined, taken: Set<string>): Promise<string> {
  if (wanted && !taken.has(wanted)) {
    const prisma = await db();
    if ((await prisma.mediaFile.count({ where: { id: wanted } })) === 0 && !(await mediaIdInTrash(wanted))) return wanted;
  }
  return uuidv7();
}

/** Ids of the file's entries already in the journal, in Recently deleted, or deleted for good: read in a few queries, not one per entry. */
interface KnownIds {
  entries: Set<string>;
  trash: Set<string>;
  tombstones: Set<string>;
  /** Media ids this import has given (entries are written in batches, so the journal does not know them yet). */
  media: Set<string>;
}

async function knownIds(items: SourceItem[]): Promise<KnownIds> {
  const prisma = await db();
  const ids = items.flatMap((i) => (i.ok ? [i.entry.id] : []));
  const known: KnownIds = { entries: new Set(), trash: new Set(), tombstones: new Set(), media: new Set() };
  for (let i = 0; i < ids.length; i += 500) {
    const where = { id: { in: ids.slice(i, i + 500) } };
    for (const r of await prisma.entry.findMany({ where, select: { id: true } })) known.entries.add(r.id);
    for (const r of await prisma.deletedEntry.findMany({ where, select: { id: true } })) known.trash.add(r.id);
    for (const r of await prisma.entryTombstone.findMany({ where, select: { id: true } })) known.tombstones.add(r.id);
  }
  return known;
}

/** Tag ids by name, for the tags this import has seen in the journal or made (filled as entries are written). */
type TagIds = Map<string, number>;

/** An entry checked and with its media files stored, ready to be written. */
interface Prepared {
  c: EntryCandidate;
  rows: Omit<Prisma.MediaFileCreateManyInput, "entryId">[];
  stored: StoredMedia[];
}

/** How many checked entries are written in one transaction (one bad one sends its batch entry by entry). */
const WRITE_BATCH = 200;

/**
 * Checks an entry and stores its media (extracted to temp files and taken through the upload rules);
 * null when it is skipped or failed (the report says why). Nothing is written to the journal here.
 */
async function prepareEntry(c: EntryCandidate, archive: CheckedArchive | null, report: Report, known: KnownIds): Promise<Prepared | null> {
  if (known.entries.has(c.id)) {
    report.skipped++;
    report.note(c, "skipped", ALREADY_HERE);
    return null;
  }
  // An entry in Recently deleted is left there: restoring it brings back its own photos and words.
  if (known.trash.has(c.id)) {
    report.skipped++;
    report.note(c, "skipped", IN_TRASH);
    return null;
  }
  const problem = checkCandidate(c);
  if (problem) {
    report.failed++;
    report.note(c, "failed", problem);
    return null;
  }
  const stored: StoredMedia[] = [];
  const rows: Prepared["rows"] = [];
  const taken = known.media;
  try {
    for (const m of c.media) {
      // A name from the file is cleaned exactly like the name of an upload.
      m.filename = displayFilename(m.filename);
      if (!m.archivePath || !archive) {
        const kind = m.declaredType?.split("/")[0];
        c.warnings.push(`The ${kind === "image" ? "photo" : kind === "audio" || kind === "video" ? kind : "media file"} "${m.filename}" was not in the export; it was left out.`);
        continue;
      }
      let file: StoredMedia;
      try {
        const { tempPath, size } = await archive.extractToTemp(m.archivePath);
        file = await adoptTempFile(tempPath, { filename: m.filename, declaredType: m.declaredType, size });
      } catch (err) {
        // A file the journal would refuse as an upload is left out; the entry's words are still imported.
        if (err instanceof HttpError && (err.status === 413 || err.status === 415)) {
          c.warnings.push(`${err.message} It was left out.`);
          continue;
        }
        throw err;
      }
      stored.push(file);
      const id = await mediaIdFor(m.id, taken);
      taken.add(id);
      rows.push({
        id,
        fileType: file.kind,
        filename: m.filename,
        storedName: file.storedName,
        mimeType: file.mime,
        size: file.size,
        thumbnailName: file.thumbnailName,
        createdAt: m.createdAt,
      });
    }
  } catch (err) {
    await entryNotWritten({ c, rows, stored }, report, err);
    return null;
  }
  // A second entry of the file with the same id is skipped like one already here.
  known.entries.add(c.id);
  return { c, rows, stored };
}

const entryRow = (c: EntryCandidate): Prisma.EntryCreateManyInput => ({
  id: c.id,
  title: c.title,
  content: c.content,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  mood: c.mood,
  aiMoodScore: c.aiMoodScore,
  aiSummary: c.aiSummary,
  aiThemes: c.aiThemes,
  aiModel: c.aiMoodScore !== null || c.aiSummary || c.aiThemes ? (c.aiModel ?? null) : null,
  aiQuestions: c.aiQuestions ?? null,
  locationName: c.locationName,
  locationLat: c.locationLat,
  locationLng: c.locationLng,
  conflictOf: c.conflictOf ?? null,
  wordCount: wordCount(c.content),
});

/**
 * Writes checked entries with their tag links and media rows in ONE transaction: all of them are
 * written, or none. Tags are looked up (and made) once per import, not once per link. Only the tags of
 * a committed batch are remembered (a rolled-back one's tags do not exist).
 */
async function writeEntries(batch: Prepared[], known: KnownIds, tags: TagIds): Promise<void> {
  const prisma = await db();
  const madeHere = new Map<string, number>();
  const tagId = (name: string) => tags.get(name) ?? madeHere.get(name)!;
  await prisma.$transaction(async (tx) => {
    const unknown = [...new Set(batch.flatMap((p) => p.c.tags))].filter((n) => !tags.has(n));
    for (let i = 0; i < unknown.length; i += 500) {
      const found = await tx.tag.findMany({ where: { name: { in: unknown.slice(i, i + 500) } }, select: { id: true, name: true } });
      for (const t of found) madeHere.set(t.name, t.id);
    }
    for (const name of unknown) {
      if (!madeHere.has(name)) madeHere.set(name, (await tx.tag.create({ data: { name }, select: { id: true } })).id);
    }
    await tx.entry.createMany({ data: batch.map((p) => entryRow(p.c)) });
    const links = batch.flatMap((p) => [...new Set(p.c.tags)].map((name) => ({ entryId: p.c.id, tagId: tagId(name) })));
    if (links.length) await tx.entryTag.createMany({ data: links });
    const media = batch.flatMap((p) => p.rows.map((r) => ({ ...r, entryId: p.c.id })));
    if (media.length) await tx.mediaFile.createMany({ data: media });
    // Importing an entry deleted for good is the person's choice: its tombstone goes (see createEntryOnce).
    const buried = batch.filter((p) => known.tombstones.has(p.c.id)).map((p) => p.c.id);
    if (buried.length) await tx.entryTombstone.deleteMany({ where: { id: { in: buried } } });
  });
  for (const [name, id] of madeHere) tags.set(name, id);
}

function entryWritten(p: Prepared, report: Report): void {
  report.imported++;
  report.media += p.rows.length;
  for (const w of p.c.warnings) report.note(p.c, "warning", w);
}

/** An entry that could not be written: its stored files are removed, and the report says why. */
async function entryNotWritten(p: Prepared, report: Report, err: unknown): Promise<void> {
  await removeStoredFiles(p.stored.flatMap((s) => [s.storedName, s.thumbnailName]));
  const prisma = await db();
  if (isUniqueViolation(err) && (await prisma.entry.count({ where: { id: p.c.id } })) > 0) {
    report.skipped++;
    report.note(p.c, "skipped", ALREADY_HERE);
    return;
  }
  report.failed++;
  if (!(err instanceof HttpError)) console.error("[reverie] import: entry not written", p.c.id, err);
  report.note(p.c, "failed", err instanceof HttpError ? err.message : "It could not be saved; nothing of it was kept.");
}

/** Writes a batch in one transaction; when that fails, each entry alone, so one bad entry costs only itself. */
async function flushEntries(batch: Prepared[], report: Report, known: KnownIds, tags: TagIds): Promise<void> {
  if (!batch.length) return;
  try {
    await writeEntries(batch, known, tags);
    for (const p of batch) entryWritten(p, report);
    return;
  } catch {
    // Nothing of the batch was written; each entry is tried on its own below.
  }
  for (const p of batch) {
    try {
      await writeEntries([p], known, tags);
      entryWritten(p, report);
    } catch (err) {
      await entryNotWritten(p, report, err);
    }
  }
}

/**
 * Settings an imported file may bring: preferences about the person and the journal, nothing that
 * changes where words are sent. `ai_model` is never taken (a file must not switch the journal to a
 * cloud model), nor is consent to a cloud model (`ai_cloud_consent`), nor any key outside this list.
 * `personal_info` is taken because it is the person's own text and part of their backup; like an imported entry it only ever reaches the model the
 * person chose, and it is only added where none is stored.
 */
export const IMPORTABLE_CONFIG_KEYS: readonly string[] = [
  "personal_info",
  "cultural_context",
  "chat_use_journal",
  "crisis_country",
  UNDER_18_CONFIG_KEY,
  // Memory switched off travels with the facts (it only ever sends less).
  MEMORY_ENABLED_CONFIG_KEY,
];

/** Settings from our export: only allowed keys the person has not set here, never secret-looking ones. */
async function importConfig(config: Record<string, string>, report: Report): Promise<void> {
  const prisma = await db();
  const now = new Date();
  for (const [key, value] of Object.entries(config).slice(0, 200)) {
    if (!IMPORTABLE_CONFIG_KEYS.includes(key)) continue;
    if (isSecretKey(key) || !CONFIG_KEY_RE.test(key) || typeof value !== "string" || value.length > MAX_CONFIG_VALUE_CHARS) continue;
    if ((await prisma.config.count({ where: { key } })) > 0) continue;
    await prisma.config.create({ data: { key, value, updatedAt: now } });
    report.config++;
  }
}

/** The file's safety plan is taken only when this journal has none written yet; a plan written here is kept. */
async function importSafetyPlanItem(item: SafetyPlanItem, report: Report): Promise<void> {
  if (!item.ok) return report.note(SAFETY_PLAN_LABEL, "failed", item.reason);
  if (await importSafetyPlan(item.plan)) report.safetyPlan = true;
  else if (!isEmptySafetyPlan(item.plan)) report.note(SAFETY_PLAN_LABEL, "skipped", "This journal already has a safety plan; it was kept as it is.");
}

/** A check-in made from another app's mood names its entry only when that entry is in the journal. */
async function followEntries(checkins: ExportedCheckIn[]): Promise<ExportedCheckIn[]> {
  const prisma = await db();
  const ids = [...new Set(checkins.map((c) => c.entry_id).filter((id): id is string => id !== null))];
  const here = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await prisma.entry.findMany({ where: { id: { in: ids.slice(i, i + 500) } }, select: { id: true } });
    for (const r of rows) here.add(r.id);
  }
  return checkins.map((c) => (c.entry_id && !here.has(c.entry_id) ? { ...c, entry_id: null } : c));
}

async function run(plan: Plan, archive: CheckedArchive | null): Promise<ImportReportDto> {
  const report = new Report(plan.source);
  try {
    const known = await knownIds(plan.items);
    const tags: TagIds = new Map();
    let batch: Prepared[] = [];
    for (const item of plan.items) {
      if (!item.ok) {
        if (item.skip) report.skipped++;
        else report.failed++;
        report.note(item.label, item.skip ? "skipped" : "failed", item.reason);
        continue;
      }
      let ready: Prepared | null;
      try {
        ready = await prepareEntry(item.entry, archive, report, known);
      } catch (err) {
        // The import stops (the archive cannot be read on): the files of entries not yet written go.
        await removeStoredFiles(batch.flatMap((p) => p.stored.flatMap((f) => [f.storedName, f.thumbnailName])));
        throw err;
      }
      if (ready) batch.push(ready);
      if (batch.length >= WRITE_BATCH) {
        await flushEntries(batch, report, known, tags);
        batch = [];
      }
    }
    await flushEntries(batch, report, known, tags);
    for (const n of plan.notes ?? []) report.note(n.label, "warning", n.reason);
    if (plan.config) await importConfig(plan.config, report);
    if (plan.safetyPlan) await importSafetyPlanItem(plan.safetyPlan, report);
    if (plan.checkins) {
      const checkins = plan.checkinsFollowEntries ? await followEntries(plan.checkins.checkins as ExportedCheckIn[]) : plan.checkins.checkins;
      const got = await importCheckIns(checkins, plan.checkins.activities);
      report.checkins = got.imported;
      for (const f of got.failures) report.note(f.label, "failed", f.reason);
      if (got.skipped && plan.checkinsFollowEntries) {
        report.note(
          "Check-ins",
          "skipped",
          `${got.skipped.toLocaleString("en-US")} ${got.skipped === 1 ? "check-in was" : "check-ins were"} already in your journal, so ${got.skipped === 1 ? "it was" : "they were"} left as ${got.skipped === 1 ? "it is" : "they are"}.`,
        );
      }
    }
    if (plan.templates) {
      const got = await importTemplates(plan.templates);
      report.templates = got.imported;
      for (const f of got.failures) report.note(f.label, "failed", f.reason);
    }
    if (plan.memory) {
      const got = await importMemory(plan.memory);
      report.memory = got.imported;
      for (const f of got.failures) report.note(f.label, "failed", f.reason);
    }
  } finally {
    if (report.imported || report.config || report.safetyPlan || report.checkins || report.templates || report.memory)
      bumpDataVersion();
    // Vectors are derived data: the imported entries are embedded in the background.
    if (report.imported) scheduleEmbeddings();
  }
  return report.dto();
}

/**
 * Imports a file already received into `file` (a temp file the caller removes): our export (zip, or
 * its journal.json alone), a Day One export (JSON, or zip with photos, videos and audios), a jrnl or
 * Diarium JSON export, a Journey export (zip), a Daylio CSV export, an Apple Journal export (zip of HTML
 * pages, or one page) or a zip of Markdown notes. What a file is comes from its bytes, never its name.
 * Entries whose id is already in the journal are skipped, never overwritten.
 */
export async function importFile(file: string, opts: ImportOptions = {}): Promise<ImportReportDto> {
  // The plaintext size (a staged file of an encrypted journal is encrypted).
  const size = (await stat(file)).size === 0 ? 0 : ((await storedSize(file)) ?? 0);
  if (size === 0) throw badRequest("The file is empty.");
  const head = await readHead(file, AGE_HEADER.length);

  // An encrypted export: decrypted (into a temp file sealed with the journal key, if any), then imported as any other.
  if (isAgeFile(head)) {
    const plain = await decryptAgeToTemp(file, opts.passphrase);
    try {
      return await importFile(plain, { ...opts, passphrase: undefined });
    } finally {
      await rm(plain, { force: true }).catch(() => {});
    }
  }

  if (looksLikeZip(head)) {
    const archive = await openCheckedArchive(file, isRootJson);
    try {
      const plans = await archivePlans(archive, opts);
      // A Day One archive holds one JSON file per journal; they are imported one after another.
      const reports = [];
      for (const plan of plans) reports.push(await run(plan, archive));
      return mergeReports(reports);
    } finally {
      archive.close();
    }
  }

  const text = (await readHead(file, SNIFF_BYTES)).toString("utf8").replace(/^\uFEFF/u, "").trimStart();
  const first = text[0];
  if (first === "{" || first === "[") {
    if (size > MAX_JOURNAL_JSON_BYTES) throw tooLarge(`A JSON export can be at most ${MAX_JOURNAL_JSON_BYTES / 1024 / 1024} MB.`);
    const plan = planFromJson(await parseJsonFile(file, "The file"), opts, null);
    if (!plan) throw badRequest(NOT_AN_EXPORT);
    return run(plan, null);
  }
  if (isDaylioHeader(text.split(/\r?\n/u, 1)[0] ?? "")) {
    if (size > MAX_JOURNAL_JSON_BYTES) throw tooLarge(`A CSV export can be at most ${MAX_JOURNAL_JSON_BYTES / 1024 / 1024} MB.`);
    const { items, checkins, notes } = await readDaylioCsv(storedReadStream(file) as AsyncIterable<Buffer>, zoneOf(opts));
    return run({ source: "daylio", items, checkins: { checkins, activities: [] }, checkinsFollowEntries: true, notes }, null);
  }
  if (/^<(?:!doctype html|html|head|body|div|meta)\b/iu.test(text)) {
    if (size > MAX_ENTRY_FILE_BYTES) throw tooLarge(`An HTML entry can be at most ${MAX_ENTRY_FILE_BYTES / 1024 / 1024} MB.`);
    return run(singleHtmlPlan((await readStoredWhole(file)).toString("utf8"), zoneOf(opts)), null);
  }
  throw unsupportedMedia(NOT_AN_EXPORT);
}

/** How much of a file is read to know what it is (a CSV's header line must fit). */
const SNIFF_BYTES = 4096;

/**
 * What an archive is, by what it holds (never by its name): our export (journal.json), Day One or jrnl
 * (a journal JSON at the top), Journey (one JSON per entry at the top), Apple Journal (HTML entry pages)
 * or Markdown notes. Everything is read and checked before anything is written.
 */
async function archivePlans(archive: CheckedArchive, opts: ImportOptions): Promise<Plan[]> {
  const names = [...archive.files.keys()].filter(isRootJson);
  if (names.length && !names.includes(JOURNAL_FILE) && (await isJourneyArchive(archive))) return [await journeyPlan(archive)];
  const ordered = names.includes(JOURNAL_FILE) ? [JOURNAL_FILE] : names.sort();
  const plans: Plan[] = [];
  for (const name of ordered) {
    const { tempPath } = await archive.extractToTemp(name);
    let data: unknown;
    try {
      data = await parseJsonFile(tempPath, `"${name}"`);
    } finally {
      await rm(tempPath, { force: true }).catch(() => {});
    }
    const plan = planFromJson(data, opts, archive);
    if (plan) plans.push(plan);
  }
  if (plans.length) return plans;
  const apple = await appleJournalPlan(archive, zoneOf(opts));
  if (apple) return [apple];
  const notes = await markdownPlan(archive, zoneOf(opts));
  if (notes) return [notes];
  throw badRequest(NOT_AN_EXPORT);
}

function mergeReports(reports: ImportReportDto[]): ImportReportDto {
  const [first, ...rest] = reports as [ImportReportDto, ...ImportReportDto[]];
  return rest.reduce(
    (a, b) => ({
      source: a.source,
      imported: a.imported + b.imported,
      skipped: a.skipped + b.skipped,
      failed: a.failed + b.failed,
      media_imported: a.media_imported + b.media_imported,
      config_imported: a.config_imported + b.config_imported,
      issues: [...a.issues, ...b.issues].slice(0, MAX_REPORTED_ISSUES),
      issues_left_out: a.issues_left_out + b.issues_left_out + Math.max(0, a.issues.length + b.issues.length - MAX_REPORTED_ISSUES),
    }),
    first,
  );
}
