/**
 * The reminder calendar (iCalendar, RFC 5545): a recurring "Write in Reverie" event for the chosen days
 * and time, a link to the app, and the day's prompt. It holds nothing of the journal: a fixed title,
 * the app's address and built-in prompts only.
 *
 * Choices, for what calendar apps do with them:
 * - Time: DTSTART carries the person's IANA zone as TZID, with a VTIMEZONE built from that zone. A
 *   floating time (no zone) is read as UTC by some clients (Outlook among them) and would ring hours
 *   off; a UTC time would move by an hour at every daylight-saving change. With a TZID, 20:00 stays
 *   20:00 in the person's zone all year, in every client. The zone's table runs from the first event
 *   to the end of next year; calendar apps fetch the feed far more often than that.
 * - Prompt: one recurring event (so the reminder never runs out, even if the server is off for weeks)
 *   whose own description is general, plus an override (same UID, RECURRENCE-ID) for each chosen day
 *   of the next two weeks carrying that day's prompt. Calendar apps fetch a subscribed feed every few
 *   hours to a day (REFRESH-INTERVAL asks for twelve hours), so the window moves on with time.
 * - Text: lines end in CRLF, are folded at 75 octets (never inside a UTF-8 character), and text values
 *   escape backslashes, semicolons, commas and newlines.
 */
import { addDaysToKey, localDayKey, type DayKey } from "./dates";
import { promptFor } from "./prompts";
import { orderDays, remindsOn, timeParts, type ReminderSchedule } from "./reminders";

export const REMINDER_EVENT_TITLE = "Write in Reverie";
export const REMINDER_CALENDAR_NAME = "Reverie reminders";
export const REMINDER_GENERAL_DESCRIPTION = "A few quiet minutes with your journal. Today's prompt waits in Reverie.";
/** Days ahead that get their own prompt. */
export const PROMPT_OVERRIDE_DAYS = 14;
const EVENT_MINUTES = 15;

/** A TEXT value with RFC 5545's escapes (3.3.11). */
export function icsEscape(text: string): string {
  return text
    .replace(/\\/gu, "\\\\")
    .replace(/;/gu, "\\;")
    .replace(/,/gu, "\\,")
    .replace(/\r\n|\r|\n/gu, "\\n");
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/** One content line folded at 75 octets: continuation lines start with a space (3.1). */
export function foldLine(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** Content lines to a document: folded, each ended by CRLF. */
export function icsDocument(lines: readonly string[]): string {
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");

/** "20261127T200000" for a local day and "HH:MM". */
function localStamp(day: DayKey, time: string): string {
  const { hours, minutes } = timeParts(time);
  return `${day.replaceAll("-", "")}T${pad(hours)}${pad(minutes)}00`;
}

/** "20261127T093000Z". */
export function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/gu, "")
    .replace(/\.\d{3}/u, "");
}

// ---------------------------------------------------------------- VTIMEZONE from the zone's own rules

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(tz: string, ms: number): number {
  let f = offsetFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" });
    offsetFormats.set(tz, f);
  }
  const name = f.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):?(\d{2})?/u.exec(name);
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const fmtOffset = (min: number) =>
  `${min < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(min) / 60))}${pad(Math.abs(min) % 60)}`;

interface Transition {
  /** the instant of the change */
  at: number;
  from: number;
  to: number;
}

const transitionCache = new Map<string, { first: number; list: Transition[] }>();

/** The zone's offset changes between two years (inclusive), found week by week and then to the minute. */
function transitions(tz: string, fromYear: number, toYear: number): { first: number; list: Transition[] } {
  const key = `${tz}|${fromYear}|${toYear}`;
  const hit = transitionCache.get(key);
  if (hit) return hit;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const WEEK = 7 * 86_400_000;
  const list: Transition[] = [];
  const first = offsetMinutes(tz, start);
  let prev = first;
  for (let t = start; t < end; t += WEEK) {
    const next = Math.min(t + WEEK, end);
    const off = offsetMinutes(tz, next);
    if (off === prev) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(tz, mid) === prev) lo = mid;
      else hi = mid;
    }
    list.push({ at: hi, from: prev, to: off });
    prev = off;
  }
  const out = { first, list };
  if (transitionCache.size > 64) transitionCache.clear();
  transitionCache.set(key, out);
  return out;
}

/** "20260329T020000": a transition's wall-clock time in the offset it changes from (as RFC 5545 asks). */
function wallStamp(ms: number, offset: number): string {
  const d = new Date(ms + offset * 60_000);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
}

/** A VTIMEZONE for an IANA zone: each offset change between the years as its own observance. */
export function vtimezone(tz: string, fromYear: number, toYear: number): string[] {
  const { first, list } = transitions(tz, fromYear, toYear);
  const offsets = [first, ...list.map((t) => t.to)];
  const standard = Math.min(...offsets);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${tz}`];
  const observance = (kind: "STANDARD" | "DAYLIGHT", start: string, from: number, to: number) => {
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${fmtOffset(from)}`,
      `TZOFFSETTO:${fmtOffset(to)}`,
      `END:${kind}`,
    );
  };
  observance(first === standard ? "STANDARD" : "DAYLIGHT", wallStamp(Date.UTC(fromYear, 0, 1), first), first, first);
  for (const t of list) observance(t.to > t.from ? "DAYLIGHT" : "STANDARD", wallStamp(t.at, t.from), t.from, t.to);
  lines.push("END:VTIMEZONE");
  return lines;
}

// ---------------------------------------------------------------- the reminder calendar

export interface ReminderCalendarInput {
  schedule: ReminderSchedule;
  /** the app's address, for the event's URL */
  appUrl: string;
  /** a stable id for the event (not the token) */
  uid: string;
  now: Date;
}

/**
 * The feed. With reminders off (or no day chosen) it is a valid calendar with no event, so a
 * subscribed calendar simply empties rather than reporting an error.
 */
export function reminderCalendar({ schedule: s, appUrl, uid, now }: ReminderCalendarInput): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Reverie//Reminders//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsEscape(REMINDER_CALENDAR_NAME)}`,
    `X-WR-TIMEZONE:${s.tz}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
    "X-PUBLISHED-TTL:PT12H",
  ];
  const days = orderDays(s.days);
  if (s.enabled && days.length > 0) {
    const today = localDayKey(now, s.tz);
    // The first reminder is the first chosen day from the day the schedule was saved: DTSTART must be an
    // occurrence of the rule, or calendars would add one more event on a day that was not chosen.
    // Not before 1 January of this year: older reminders are history, and the zone's table stays two years long.
    const yearStart = `${today.slice(0, 4)}-01-01`;
    let first = s.since && s.since < today ? (s.since < yearStart ? yearStart : s.since) : today;
    for (let i = 0; i < 7 && !remindsOn({ ...s, since: null }, first); i++) first = addDaysToKey(first, 1);
    const fromYear = Number(first.slice(0, 4));
    const toYear = Number(today.slice(0, 4)) + 1;
    lines.push(...vtimezone(s.tz, fromYear, toYear));
    const stamp = utcStamp(now);
    const event = (extra: string[], description: string) => [
      "BEGIN:VEVENT",
      `UID:${uid}`,
      `DTSTAMP:${stamp}`,
      ...extra,
      `DURATION:PT${EVENT_MINUTES}M`,
      `SUMMARY:${icsEscape(REMINDER_EVENT_TITLE)}`,
      `DESCRIPTION:${icsEscape(`${description}\n\n${appUrl}`)}`,
      `URL:${appUrl}`,
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${icsEscape(REMINDER_EVENT_TITLE)}`,
      "TRIGGER:PT0M",
      "END:VALARM",
      "END:VEVENT",
    ];
    lines.push(
      ...event(
        [`DTSTART;TZID=${s.tz}:${localStamp(first, s.time)}`, `RRULE:FREQ=WEEKLY;BYDAY=${days.join(",")}`],
        REMINDER_GENERAL_DESCRIPTION,
      ),
    );
    for (let i = 0; i < PROMPT_OVERRIDE_DAYS; i++) {
      const day = addDaysToKey(today, i);
      if (day < first || !remindsOn({ ...s, since: null }, day)) continue;
      const at = `${s.tz}:${localStamp(day, s.time)}`;
      lines.push(...event([`RECURRENCE-ID;TZID=${at}`, `DTSTART;TZID=${at}`], `Today's prompt: ${promptFor(day)}`));
    }
  }
  lines.push("END:VCALENDAR");
  return icsDocument(lines);
}
