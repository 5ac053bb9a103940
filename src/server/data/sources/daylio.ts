import "server-only";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import type { ExportedCheckIn } from "@/contracts/checkins";
import { MAX_ACTIVITIES_PER_CHECKIN, MAX_ACTIVITY_NAME, MAX_CHECKIN_NOTE, normalizeActivities } from "@/domain/checkins";
import { badRequest, tooLarge } from "@/server/http/errors";
import type { SourceItem } from "../candidate";
import { htmlToText, looksLikeHtml } from "../html-text";
import { localInstant } from "./jrnl";
import { fittingTitle, plainEntry, stableUuid, statedCheckIn } from "./common";

/**
 * Daylio's CSV export ("Export entries" → CSV): a header `full_date,date,weekday,time,mood,activities,
 * note_title,note` (older versions have no note_title), then one row per check-in, newest first.
 * `full_date` is the local day (YYYY-MM-DD), `time` the local time ("21:30" or "9:30 PM"), `mood` the
 * name of the mood (the five defaults: rad, good, meh, bad, awful), `activities` joined by " | ".
 * Every row becomes a check-in; a row with a note also becomes an entry, which the check-in names.
 *
 * Real exports come in more shapes than the FAQ shows (see tests/fixtures/imports/README.md): older ones
 * have `full_date,date,weekday,time,mood,activities,note` and "6:50 pm" times; newer ones add a `scales`
 * column ("Sleep Quality: 8/10 points | Sleep Time: 8:00"), kept as the check-in's note. Columns are
 * read by name, so their order and any column added later do not matter.
 */
export const DAYLIO_COLUMNS = ["full_date", "date", "weekday", "time", "mood", "activities", "note_title", "note"] as const;

/** The longest line a CSV may have (a longer one is refused, not read into memory). */
export const MAX_CSV_RECORD_BYTES = 1024 * 1024;
/** The most rows a CSV export may have. */
export const MAX_CSV_ROWS = 500_000;

/**
 * Daylio's five default moods on the journal's 1..10 scale, as the check-in faces record them:
 * rad 10 (Great), good 8 (Good), meh 6 (Okay), bad 4 (Bad), awful 2 (Awful).
 */
export const DAYLIO_MOODS: Readonly<Record<string, number>> = { rad: 10, good: 8, meh: 6, bad: 4, awful: 2 };

/** Does the first line of a text look like Daylio's CSV header? */
export function isDaylioHeader(firstLine: string): boolean {
  const cols = firstLine
    .replace(/^\uFEFF/u, "")
    .trim()
    .toLowerCase()
    .split(",")
    .map((c) => c.trim().replace(/^"|"$/gu, ""));
  return ["full_date", "time", "mood", "activities", "note"].every((c) => cols.includes(c));
}

/** "21:30", "9:30 PM", "9:30 pm", "09:30:15" as HH:MM(:SS) on a 24-hour clock; null when unreadable. */
export function daylioTime(raw: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?\s?m\.?)?$/iu.exec(raw.trim());
  if (!m) return null;
  let h = Number(m[1]);
  if (Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  const ampm = m[4]?.toLowerCase().replace(/[^apm]/gu, "");
  if (ampm) {
    if (h < 1 || h > 12) return null;
    if (ampm === "am" && h === 12) h = 0;
    if (ampm === "pm" && h !== 12) h += 12;
  } else if (h > 23) return null;
  return `${String(h).padStart(2, "0")}:${m[2]}${m[3] ? `:${m[3]}` : ""}`;
}

export interface DaylioPlan {
  items: SourceItem[];
  checkins: ExportedCheckIn[];
  /** What the report says of check-ins imported with a change (an activity name cut). */
  notes: { label: string; reason: string }[];
}

/** Rows of the CSV as records by column name (the header is the first record). */
export function daylioRows(records: string[][], tz: string): DaylioPlan {
  const [header, ...rows] = records;
  const cols = (header ?? []).map((c) => c.replace(/^\uFEFF/u, "").trim().toLowerCase());
  const at = (row: string[], name: string) => {
    const i = cols.indexOf(name);
    return i >= 0 ? (row[i] ?? "").trim() : "";
  };
  const items: SourceItem[] = [];
  const checkins: ExportedCheckIn[] = [];
  const notes: { label: string; reason: string }[] = [];
  rows.forEach((row, i) => {
    if (row.every((c) => !c.trim())) return;
    const label = `Daylio row ${i + 2}`;
    const day = at(row, "full_date");
    const time = daylioTime(at(row, "time") || "12:00");
    const when = /^\d{4}-\d{2}-\d{2}$/u.test(day) && time ? localInstant(day, time, tz) : null;
    if (!when) {
      items.push({ ok: false, label, reason: `Its date "${day.slice(0, 20)} ${at(row, "time").slice(0, 20)}" could not be read.` });
      return;
    }
    const moodName = at(row, "mood");
    const mood = DAYLIO_MOODS[moodName.toLowerCase()] ?? null;
    const warnings: string[] = [];
    let activities = normalizeActivities(at(row, "activities").split("|"));
    const long = activities.filter((a) => [...a].length > MAX_ACTIVITY_NAME);
    if (long.length) {
      warnings.push(`${long.length === 1 ? "An activity name was" : `${long.length} activity names were`} longer than ${MAX_ACTIVITY_NAME} characters and cut.`);
      activities = normalizeActivities(activities.map((a) => [...a].slice(0, MAX_ACTIVITY_NAME).join("")));
    }
    if (activities.length > MAX_ACTIVITIES_PER_CHECKIN) {
      warnings.push(`It named ${activities.length} activities; the first ${MAX_ACTIVITIES_PER_CHECKIN} were kept.`);
      activities = activities.slice(0, MAX_ACTIVITIES_PER_CHECKIN);
    }
    const rawNote = at(row, "note");
    const note = looksLikeHtml(rawNote) ? htmlToText(rawNote.replace(/\r?\n/gu, "<br>")).text : rawNote.replace(/\r\n?/gu, "\n").trim();
    const noteTitle = at(row, "note_title");
    const key = `${day}|${at(row, "time")}|${moodName}|${at(row, "activities")}|${noteTitle}|${rawNote}`;
    const hasEntry = Boolean(note || noteTitle);
    const entryId = hasEntry ? stableUuid("daylio", key) : null;
    if (mood === null && !hasEntry) {
      items.push({
        ok: false,
        label,
        reason: `Its mood "${moodName.slice(0, 40)}" is not one of Daylio's five default moods (rad, good, meh, bad, awful), and it has no note; it was not imported.`,
      });
      return;
    }
    if (mood === null) warnings.push(`Its mood "${moodName.slice(0, 40)}" is not one of Daylio's five default moods; it was kept as the entry's mood word, without a check-in.`);
    // Daylio's scales (sleep, energy, …) have no place of their own here: they are the check-in's note.
    const scales = at(row, "scales").replace(/\s+/gu, " ").slice(0, MAX_CHECKIN_NOTE);
    if (mood !== null) checkins.push(statedCheckIn("daylio", key, mood, when, entryId, activities, scales));
    if (hasEntry) {
      const title = fittingTitle(noteTitle);
      const content = note || noteTitle.trim();
      items.push({
        ok: true,
        entry: plainEntry({
          id: entryId!,
          title: title && content !== noteTitle.trim() ? title : "",
          content: !title && noteTitle.trim() && note ? `${noteTitle.trim()}\n\n${note}` : content,
          createdAt: when,
          mood: mood === null ? moodName.slice(0, 100) || null : null,
          warnings,
        }),
      });
    } else if (warnings.length) {
      notes.push({ label: `Check-in of ${day} ${at(row, "time")}`.slice(0, 80), reason: warnings.join(" ") });
    }
  });
  return { items, checkins, notes };
}

/**
 * Reads a Daylio CSV as it streams: a line longer than MAX_CSV_RECORD_BYTES or more than MAX_CSV_ROWS
 * rows is refused (413) before anything is written; a broken CSV (an unclosed quote) is a 400.
 */
export async function readDaylioCsv(source: AsyncIterable<Buffer>, tz: string): Promise<DaylioPlan> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_CSV_RECORD_BYTES,
  });
  const records: string[][] = [];
  try {
    await pipeline(source, parser, async (rows: AsyncIterable<string[]>) => {
      for await (const record of rows) {
        records.push(record);
        if (records.length > MAX_CSV_ROWS + 1) throw tooLarge(`This CSV has more than ${MAX_CSV_ROWS.toLocaleString("en-US")} rows; it was refused.`);
      }
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "CSV_MAX_RECORD_SIZE") throw tooLarge(`A line of this CSV is longer than ${MAX_CSV_RECORD_BYTES / 1024 / 1024} MB; it was refused.`);
    if (typeof code === "string" && code.startsWith("CSV_")) throw badRequest(`This CSV could not be read (${(err as Error).message.split(":")[0]}); nothing was imported.`);
    throw err;
  }
  return daylioRows(records, tz);
}
