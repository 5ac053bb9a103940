import ICAL from "ical.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDaysToKey, computeStreaks, localDayKey } from "@/domain/dates";
import { streakFigure } from "@/domain/home";
import {
  PROMPT_OVERRIDE_DAYS,
  REMINDER_EVENT_TITLE,
  foldLine,
  icsDocument,
  icsEscape,
  reminderCalendar,
} from "@/domain/ics";
import { DAILY_PROMPTS, promptFor } from "@/domain/prompts";
import {
  DEFAULT_REMINDER_SCHEDULE,
  nextReminderAt,
  nudgeDue,
  reminderInstant,
  scheduleFromConfig,
  scheduleSummary,
  scheduleToConfig,
  weekdayOf,
  type ReminderSchedule,
} from "@/domain/reminders";

const day = fc
  .date({ min: new Date("1971-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("daily prompts", () => {
  it("are at least 40, distinct, plain one-line questions or invitations", () => {
    expect(DAILY_PROMPTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DAILY_PROMPTS).size).toBe(DAILY_PROMPTS.length);
    for (const p of DAILY_PROMPTS) {
      expect(p).not.toMatch(/\n/u);
      expect(p.length).toBeLessThanOrEqual(90);
      expect(p).toMatch(/[?.]$/u);
    }
  });

  it("never repeat within any 31 days in a row", () => {
    fc.assert(
      fc.property(day, (start) => {
        const seen = new Set<string>();
        for (let i = 0; i < 31; i++) seen.add(promptFor(addDaysToKey(start, i)));
        return seen.size === 31;
      }),
      { numRuns: 300 },
    );
  });

  it("never repeat within a calendar month, and each day has one prompt everywhere", () => {
    fc.assert(
      fc.property(day, (d) => {
        const first = `${d.slice(0, 8)}01`;
        const month = [];
        for (let x = first; x.slice(0, 7) === d.slice(0, 7); x = addDaysToKey(x, 1)) month.push(promptFor(x));
        return new Set(month).size === month.length && promptFor(d) === promptFor(d);
      }),
      { numRuns: 200 },
    );
  });

  it("rotates: consecutive days differ and the set comes round again", () => {
    expect(promptFor("2026-11-27")).not.toBe(promptFor("2026-11-28"));
    expect(promptFor(addDaysToKey("2026-11-27", DAILY_PROMPTS.length))).toBe(promptFor("2026-11-27"));
    expect(() => promptFor("2026-02-30")).toThrow(RangeError);
  });
});

const paris: ReminderSchedule = {
  enabled: true,
  days: ["MO", "WE", "FR"],
  time: "20:00",
  tz: "Europe/Paris",
  since: "2026-11-23",
};

describe("the reminder schedule as settings", () => {
  it("round-trips and falls back to defaults on anything unreadable", () => {
    expect(scheduleFromConfig(scheduleToConfig(paris))).toEqual(paris);
    expect(scheduleFromConfig({})).toEqual(DEFAULT_REMINDER_SCHEDULE);
    expect(
      scheduleFromConfig({
        "reminders.enabled": "yes",
        "reminders.days": "fr,XX,mo,mo",
        "reminders.time": "25:00",
        "reminders.tz": "Mars/Olympus",
        "reminders.since": "2026-02-30",
      }),
    ).toEqual({ enabled: false, days: ["MO", "FR"], time: "20:00", tz: "UTC", since: null });
  });

  it("says the schedule in plain words", () => {
    expect(scheduleSummary(paris)).toBe("Mondays, Wednesdays and Fridays at 20:00");
    expect(scheduleSummary({ ...paris, days: ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] })).toBe("Every day at 20:00");
    expect(scheduleSummary({ ...paris, days: ["SA"] })).toBe("Saturdays at 20:00");
  });

  it("knows the weekday of a day key", () => {
    expect(weekdayOf("2026-11-27")).toBe("FR");
    expect(weekdayOf("2026-11-29")).toBe("SU");
  });
});

describe("the nudge rule", () => {
  const none = { wroteToday: false, dismissedDay: null };
  // Friday 27 November 2026, Paris is UTC+1.
  const before = new Date("2026-11-27T18:59:00Z");
  const at = new Date("2026-11-27T19:00:00Z");
  const late = new Date("2026-11-27T22:30:00Z");

  it("is due from the chosen time on a chosen day until the day ends", () => {
    expect(nudgeDue(paris, before, none)).toBe(false);
    expect(nudgeDue(paris, at, none)).toBe(true);
    expect(nudgeDue(paris, late, none)).toBe(true);
    // 00:30 on Saturday in Paris: a new day, not a chosen one.
    expect(nudgeDue(paris, new Date("2026-11-27T23:30:00Z"), none)).toBe(false);
  });

  it("is not due on a day not chosen, when off, or before the schedule was saved", () => {
    expect(nudgeDue(paris, new Date("2026-11-26T19:30:00Z"), none)).toBe(false); // Thursday
    expect(nudgeDue({ ...paris, enabled: false }, at, none)).toBe(false);
    expect(nudgeDue({ ...paris, since: "2026-11-28" }, at, none)).toBe(false);
  });

  it("stays away once something was written that day, or once dismissed that day", () => {
    expect(nudgeDue(paris, at, { wroteToday: true, dismissedDay: null })).toBe(false);
    expect(nudgeDue(paris, at, { wroteToday: false, dismissedDay: "2026-11-27" })).toBe(false);
    // Dismissed last Wednesday: Friday's nudge still comes.
    expect(nudgeDue(paris, at, { wroteToday: false, dismissedDay: "2026-11-25" })).toBe(true);
  });

  it("reads the day in the schedule's zone", () => {
    // 20:00 in Tokyo on Friday is 11:00 UTC; at 10:59 UTC it is not yet time.
    const tokyo = { ...paris, tz: "Asia/Tokyo", since: null };
    expect(nudgeDue(tokyo, new Date("2026-11-27T10:59:00Z"), none)).toBe(false);
    expect(nudgeDue(tokyo, new Date("2026-11-27T11:00:00Z"), none)).toBe(true);
  });

  it("finds the next reminder, across a weekend and a daylight-saving change", () => {
    expect(nextReminderAt(paris, before)?.toISOString()).toBe("2026-11-27T19:00:00.000Z");
    expect(nextReminderAt(paris, at)?.toISOString()).toBe("2026-11-30T19:00:00.000Z"); // Monday
    // Paris moves to summer time on 29 March 2026: Monday 30 March at 20:00 is 18:00 UTC.
    const spring = { ...paris, since: null };
    expect(nextReminderAt(spring, new Date("2026-03-28T12:00:00Z"))?.toISOString()).toBe("2026-03-30T18:00:00.000Z");
    expect(nextReminderAt({ ...paris, days: [] }, at)).toBeNull();
    expect(nextReminderAt({ ...paris, enabled: false }, at)).toBeNull();
  });

  it("moves a time skipped by the clocks to the first minute that exists", () => {
    // 02:30 on 29 March 2026 does not exist in Paris; it happens at 03:30 local, 01:30 UTC.
    expect(reminderInstant("2026-03-29", "02:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});

describe("iCalendar text", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(icsEscape("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}🙂${"x".repeat(80)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, p] of parts.entries()) {
      expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(" ")).toBe(true);
    }
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("ends every line with CRLF", () => {
    const doc = icsDocument(["BEGIN:VCALENDAR", "END:VCALENDAR"]);
    expect(doc).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
});

/** Parses a feed with ical.js, its VTIMEZONEs registered as a calendar app does. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const vt of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vt);
  const vevents = cal.getAllSubcomponents("vevent");
  const master = new ICAL.Event(vevents.find((v) => !v.hasProperty("recurrence-id"))!);
  for (const v of vevents) if (v.hasProperty("recurrence-id")) master.relateException(new ICAL.Event(v));
  return { cal, vevents, master };
}

describe("the reminder calendar", () => {
  const now = new Date("2026-11-27T10:00:00Z"); // Friday
  const feed = reminderCalendar({ schedule: paris, appUrl: "https://journal.example/", uid: "abc@reverie", now });

  it("is CRLF text with no line over 75 octets", () => {
    expect(feed.endsWith("\r\n")).toBe(true);
    expect(feed.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/u);
    for (const line of feed.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("parses with ical.js: a weekly 'Write in Reverie' on the chosen days at the chosen local time", () => {
    const { master, cal } = parse(feed);
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(master.summary).toBe(REMINDER_EVENT_TITLE);
    expect(master.isRecurring()).toBe(true);
    const rule = master.component.getFirstPropertyValue("rrule") as ICAL.Recur;
    expect(rule.freq).toBe("WEEKLY");
    expect(rule.parts.BYDAY).toEqual(["MO", "WE", "FR"]);
    expect(master.startDate.zone?.tzid).toBe("Europe/Paris");
    expect([master.startDate.hour, master.startDate.minute]).toEqual([20, 0]);
    // The first reminder is on a chosen day from the day it was saved (Monday 23 November).
    expect(master.startDate.toString()).toBe("2026-11-23T20:00:00");
    expect(master.component.getFirstPropertyValue("url")).toBe("https://journal.example/");
  });

  it("keeps 20:00 Paris time on both sides of a daylight-saving change", () => {
    const { master } = parse(feed);
    const it = master.iterator();
    const utc: string[] = [];
    for (let t = it.next(); t && utc.length < 80; t = it.next()) utc.push(t.toJSDate().toISOString());
    expect(utc).toContain("2026-11-23T19:00:00.000Z"); // winter, UTC+1
    expect(utc).toContain("2027-04-02T18:00:00.000Z"); // summer, UTC+2 (a Friday)
    for (const u of utc) expect(["MO", "WE", "FR"]).toContain(weekdayOf(localDayKey(u, "Europe/Paris")));
  });

  it("gives each chosen day of the next two weeks its own prompt, and the rest a general line", () => {
    const { master, vevents } = parse(feed);
    const overrides = vevents.filter((v) => v.hasProperty("recurrence-id"));
    // Friday 27 November to Thursday 10 December: Fr, Mo, We, Fr, Mo, We.
    expect(overrides.length).toBe(6);
    expect(PROMPT_OVERRIDE_DAYS).toBe(14);
    const it = master.iterator();
    let t = it.next();
    while (t && t.toString() < "2026-11-27") t = it.next();
    const detail = master.getOccurrenceDetails(t!);
    expect(detail.item.description).toContain(promptFor("2026-11-27"));
    expect(detail.item.description).toContain("https://journal.example/");
    const later = master.getOccurrenceDetails(ICAL.Time.fromDateTimeString("2026-12-30T20:00:00"));
    expect(later.item.description).not.toContain("prompt:");
  });

  it("keeps the local time in a southern zone, whose summer time spans the new year", () => {
    const sydney = { ...paris, tz: "Australia/Sydney", since: null };
    const { master } = parse(reminderCalendar({ schedule: sydney, appUrl: "https://x/", uid: "u", now }));
    const it = master.iterator();
    const seen = new Set<string>();
    for (let t = it.next(); t && t.toString() < "2027-07-01"; t = it.next()) {
      expect([t.hour, t.minute]).toEqual([20, 0]);
      seen.add(t.toJSDate().toISOString().slice(11, 16));
    }
    // 20:00 is 09:00 UTC in summer (UTC+11) and 10:00 UTC in winter (UTC+10).
    expect([...seen].sort()).toEqual(["09:00", "10:00"]);
  });

  it("holds no event when reminders are off, and stays valid", () => {
    const off = reminderCalendar({ schedule: { ...paris, enabled: false }, appUrl: "https://x/", uid: "u", now });
    const cal = new ICAL.Component(ICAL.parse(off));
    expect(cal.getAllSubcomponents("vevent")).toHaveLength(0);
  });

  it("works for a zone without daylight saving and one with a half-hour offset", () => {
    for (const tz of ["UTC", "Asia/Kolkata", "America/St_Johns", "Australia/Sydney"]) {
      const text = reminderCalendar({ schedule: { ...paris, tz, since: null }, appUrl: "https://x/", uid: "u", now });
      const { master } = parse(text);
      const first = master.iterator().next();
      expect([first.hour, first.minute]).toEqual([20, 0]);
      expect(first.toJSDate().toISOString()).toBe(
        reminderInstant(first.toString().slice(0, 10), "20:00", tz).toISOString(),
      );
    }
  });
});

describe("streaks without guilt", () => {
  it("counts a day with only a check-in like a day with an entry", () => {
    // The server gives the local days of entries and of check-ins together.
    const entryDays = ["2026-11-24", "2026-11-26"];
    const checkinDays = ["2026-11-25", "2026-11-27"];
    expect(computeStreaks([...entryDays, ...checkinDays], "2026-11-27").current).toBe(4);
    // Without the check-ins, only yesterday counts (today is not over yet).
    expect(computeStreaks(entryDays, "2026-11-27").current).toBe(1);
  });

  it("never names a gap as a loss", () => {
    expect(streakFigure(3, true)).toEqual({ value: "3 days", note: null });
    expect(streakFigure(0, false).value).toBe("0 days");
    const back = streakFigure(0, true);
    expect(back.value).toBe("Welcome back");
    expect(`${back.value} ${back.note}`).not.toMatch(/\b(broke|broken|lost|lose|failed|fail|missed|reset)\b/iu);
  });
});
