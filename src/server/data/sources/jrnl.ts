import "server-only";
import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import type { SourceItem } from "../candidate";

const JrnlEntrySchema = z.object({
  title: z.string().default(""),
  body: z.string().default(""),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/u, "date must be YYYY-MM-DD"),
  time: z.string().regex(/^\d{1,2}:\d{2}(:\d{2})?$/u, "time must be HH:MM"),
  tags: z.array(z.string()).optional(),
  starred: z.boolean().optional(),
});

/** Does this parsed JSON look like a jrnl export (`jrnl --export json`)? */
export function isJrnlJournal(data: unknown): boolean {
  const entries = (data as { entries?: unknown } | null)?.entries;
  return (
    Array.isArray(entries) &&
    entries.some((e) => typeof e === "object" && e !== null && "date" in e && "time" in e && ("body" in e || "title" in e))
  );
}

/** `jrnl-<first 24 hex of sha256(date|time|title|body)>`: the same entry always gets the same id. */
export function jrnlEntryId(e: { date: string; time: string; title: string; body: string }): string {
  return `jrnl-${createHash("sha256").update(`${e.date}|${e.time}|${e.title}|${e.body}`, "utf8").digest("hex").slice(0, 24)}`;
}

/** A local date and time of the journal, in its zone, as an instant; null when the date does not exist. */
export function localInstant(date: string, time: string, tz: string): Date | null {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi, s = 0] = time.split(":").map(Number) as [number, number, number?];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const local = new TZDate(y, mo - 1, d, h, mi, s, 0, tz);
  if (local.getDate() !== d || local.getMonth() !== mo - 1) return null;
  return new Date(local.getTime());
}

/** jrnl entries: dates and times are local to the journal (`tz`), `@tags` lose the "@", starred adds "starred". */
export function jrnlItems(data: unknown, tz: string): SourceItem[] {
  const entries = (data as { entries: unknown[] }).entries;
  return entries.map((raw, i): SourceItem => {
    const p = JrnlEntrySchema.safeParse(raw);
    if (!p.success) {
      const issue = p.error.issues[0];
      return { ok: false, label: `jrnl entry #${i + 1}`, reason: `It is not a valid jrnl entry (${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}).` };
    }
    const e = p.data;
    const id = jrnlEntryId(e);
    const createdAt = localInstant(e.date, e.time, tz);
    if (!createdAt) return { ok: false, label: id, reason: `Its date ${e.date} ${e.time} is not a valid date.` };
    let title = e.title.trim();
    let content = e.body.trim();
    if (!content) [title, content] = ["", title];
    const tags = [...(e.tags ?? []).map((t) => t.replace(/^@+/u, "")), ...(e.starred ? ["starred"] : [])];
    return {
      ok: true,
      entry: {
        id,
        title,
        content,
        createdAt,
        updatedAt: createdAt,
        mood: null,
        aiMoodScore: null,
        aiSummary: null,
        aiThemes: null,
        locationName: null,
        locationLat: null,
        locationLng: null,
        tags,
        media: [],
        warnings: [],
      },
    };
  });
}
