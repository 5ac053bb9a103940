import "server-only";
import { ReviewProseSchema, type ReviewProseDto } from "@/contracts/ai";
import { EntryCreateSchema, EntryUpdateSchema, type EntryDto } from "@/contracts/entries";
import type { ReviewAnswerDto, ReviewListDto, ReviewMetaDto, ReviewRequestSchema } from "@/contracts/reviews";
import type { z } from "zod";
import { detectRiskLanguage } from "@/domain/crisis";
import { dayKeyFormatter, localDayKey, serverTimeZone, startOfLocalDay, startOfNextLocalDay } from "@/domain/dates";
import { OFFLINE_MODEL } from "@/domain/models";
import { buildEvidence, keepPeriodCitations, type ReviewEntryInput, type ReviewEvidence } from "@/domain/reviews";
import { offlineReviewBody } from "@/domain/review-basic-reading";
import {
  previousPeriod,
  periodBounds,
  REVIEW_CONFIG_PREFIX,
  REVIEW_PERIODS,
  REVIEW_TAG,
  reviewConfigKey,
  reviewTitle,
  weekdayDate,
  type PeriodBounds,
} from "@/domain/review-periods";
import { BULLET_PREFIX } from "@/domain/richtext-markers";
import { currentModel } from "@/server/ai/current";
import { structuredSystem } from "@/server/ai/prompts";
import type { RemoteModel } from "@/server/ai/providers";
import { generateStructured } from "@/server/ai/structured";
import { parseActivities } from "@/server/checkins/service";
import { getConfigValue, setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { createEntry, entryExists, getEntry, updateEntry } from "@/server/entries/service";
import { HttpError } from "@/server/http/errors";

/**
 * Reviews of a week, a month or a year. The evidence is counted from the period's entries and check-ins
 * (src/domain/reviews.ts). Without a model the body is that evidence in plain language, labelled as a basic
 * reading; with one, the model writes the prose from the period's entries only, each paragraph citing the
 * entries it draws on, and any citation of an entry outside the period is dropped. The review is saved as an
 * entry tagged `review`; the Config key review:<period>:<start> remembers it (and the days it links to), so
 * generating again for the period rewrites that entry, or makes another when asked.
 */

type ReviewRequestParsed = z.output<typeof ReviewRequestSchema>;

interface LoadedPeriod {
  entries: ReviewEntryInput[];
  previous: { content: string; themes: string[]; tags: string[] }[];
  checkIns: { day: string; mood: number; activities: string[] }[];
}

function themesOf(aiThemes: string | null): string[] {
  if (!aiThemes) return [];
  try {
    const v: unknown = JSON.parse(aiThemes);
    return Array.isArray(v)
      ? v.filter((t): t is string => typeof t === "string").map((t) => t.trim().toLowerCase())
      : [];
  } catch {
    return [];
  }
}

const range = (b: PeriodBounds, tz: string) => ({
  gte: startOfLocalDay(b.start, tz),
  lt: startOfNextLocalDay(b.end, tz),
});

/** The period's entries and check-ins, and the themes and names of the period before. */
export async function loadPeriod(b: PeriodBounds, tz: string): Promise<LoadedPeriod> {
  const prisma = await db();
  const dayOf = dayKeyFormatter(tz);
  const prev = previousPeriod(b);
  const tagSelect = { tags: { select: { tag: { select: { name: true } } } } } as const;
  const [rows, prevRows, checkIns] = await Promise.all([
    prisma.entry.findMany({
      where: { createdAt: range(b, tz) },
      select: {
        id: true,
        title: true,
        content: true,
        createdAt: true,
        statedMood: true,
        aiMoodScore: true,
        aiThemes: true,
        wordCount: true,
        ...tagSelect,
      },
      orderBy: { createdAt: "asc" },
    }),
    prisma.entry.findMany({
      where: { createdAt: range(prev, tz) },
      select: { content: true, aiThemes: true, ...tagSelect },
    }),
    prisma.checkIn.findMany({ where: { at: range(b, tz) }, select: { at: true, mood: true, activities: true } }),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      day: dayOf(r.createdAt),
      statedMood: r.statedMood,
      aiMoodScore: r.aiMoodScore,
      themes: themesOf(r.aiThemes),
      tags: r.tags.map((t) => t.tag.name),
      wordCount: r.wordCount,
    })),
    previous: prevRows
      .map((r) => ({ content: r.content, themes: themesOf(r.aiThemes), tags: r.tags.map((t) => t.tag.name) }))
      .filter((r) => !r.tags.includes(REVIEW_TAG)),
    checkIns: checkIns.map((c) => ({ day: dayOf(c.at), mood: c.mood, activities: parseActivities(c.activities) })),
  };
}

/** The evidence of a period (the offline review's whole work; the benchmark times it). */
export async function periodEvidence(b: PeriodBounds, tz: string): Promise<ReviewEvidence> {
  const loaded = await loadPeriod(b, tz);
  return buildEvidence({ bounds: b, ...loaded });
}

// ---------------------------------------------------------------- with a model

/** Text sent per entry: the whole period stays within about 60,000 characters. */
const PROMPT_BUDGET = 60_000;
const UUID_IN_TEXT = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu;

interface Prose {
  paragraphs: { text: string; entry_ids: string[] }[];
  questions: string[];
  cited: string[];
  withheld: number;
}

function factsText(ev: ReviewEvidence): string {
  const b = ev.bounds;
  return [
    `Period: ${b.period}, ${b.start} to ${b.end}`,
    `Entries: ${ev.numbers.entries}; words: ${ev.numbers.words}; days written: ${ev.numbers.days_written}; check-ins: ${ev.numbers.checkins}`,
    `Average mood (1-10): ${ev.average_mood ?? "none recorded"}`,
    `Daily mood: ${ev.curve.map((p) => `${p.date} ${p.mood}`).join("; ") || "none recorded"}`,
    ev.best ? `Best day: ${ev.best.date} (entry ${ev.best.entry_id})` : "",
    ev.hardest ? `Hardest day: ${ev.hardest.date} (entry ${ev.hardest.entry_id})` : "",
    `Themes (entries; the period before): ${ev.themes.map((t) => `${t.name} ${t.count}; ${t.before}`).join(", ") || "none"}`,
    `People named (entries; the period before): ${ev.people.map((t) => `${t.name} ${t.count}; ${t.before}`).join(", ") || "none"}`,
    `With better days: ${ev.good_activities.join("; ") || "nothing counted"}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The prose from the model. Only the period's entries are sent, and of those none that the crisis check
 * reads as high risk (they are left out, and the review says so). Citations outside what was sent are dropped,
 * and a paragraph left with none is dropped with them.
 */
async function modelProse(
  model: RemoteModel,
  ev: ReviewEvidence,
  entries: readonly ReviewEntryInput[],
  signal?: AbortSignal,
): Promise<Prose | null> {
  const own = entries.filter((e) => !e.tags.includes(REVIEW_TAG));
  const sent = own.filter((e) => detectRiskLanguage(`${e.title}\n${e.content}`).severity !== "high");
  const withheld = own.length - sent.length;
  if (!sent.length) return null;
  const per = Math.max(200, Math.min(2000, Math.floor(PROMPT_BUDGET / sent.length)));
  const blocks = sent.map(
    (e) => `[entry ${e.id}] ${e.day}${e.title.trim() ? ` "${e.title.trim()}"` : ""}\n${e.content.trim().slice(0, per)}`,
  );
  const out: ReviewProseDto = await generateStructured({
    model,
    task: "write-review",
    system: structuredSystem("write-review"),
    messages: [
      {
        role: "user",
        content: `Counted figures:\n${factsText(ev)}\n\nThe period's entries (cite them by id):\n"""\n${blocks.join("\n\n")}\n"""`,
      },
    ],
    schema: ReviewProseSchema,
    signal,
  });
  const allowed = new Set(sent.map((e) => e.id));
  const paragraphs = out.paragraphs.flatMap((p) => {
    const ids = keepPeriodCitations(p.entry_ids, allowed);
    // An id written into the prose itself is never shown: the citations are listed apart.
    const text = p.text
      .replace(UUID_IN_TEXT, "")
      .replace(/\(\s*(?:entry\s*)?\)/giu, "")
      .replace(/\s{2,}/gu, " ")
      .replace(/\s+([.,;:!?])/gu, "$1")
      .trim();
    return ids.length && text ? [{ text, entry_ids: ids }] : [];
  });
  if (!paragraphs.length) return null;
  const cited = [...new Set(paragraphs.flatMap((p) => p.entry_ids))];
  return { paragraphs, questions: out.questions, cited, withheld };
}

function modelBody(ev: ReviewEvidence, prose: Prose, entries: readonly ReviewEntryInput[]): string {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const noun = ev.bounds.period;
  const parts = prose.paragraphs.map((p) => p.text);
  const sources = prose.cited
    .map((id) => byId.get(id)!)
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((e) => `${BULLET_PREFIX}${weekdayDate(e.day)}: “${e.title.trim() || "Untitled"}”`);
  if (ev.best || ev.hardest) {
    const days = ["**Days that stood out**"];
    if (ev.best) days.push(`${BULLET_PREFIX}Best day: ${weekdayDate(ev.best.date)} (“${ev.best.entry_title}”)`);
    if (ev.hardest)
      days.push(`${BULLET_PREFIX}Hardest day: ${weekdayDate(ev.hardest.date)} (“${ev.hardest.entry_title}”)`);
    parts.push(days.join("\n"));
  }
  if (ev.quotes.length)
    parts.push(
      ["**In your own words**", ...ev.quotes.map((q) => `${BULLET_PREFIX}*“${q.text}”* (${weekdayDate(q.date)})`)].join(
        "\n",
      ),
    );
  const questions = prose.questions.length ? prose.questions : ev.questions;
  parts.push([`**Questions for the next ${noun}**`, ...questions.map((q) => `${BULLET_PREFIX}${q}`)].join("\n"));
  parts.push(["**Drawn from these entries**", ...sources].join("\n"));
  if (prose.withheld)
    parts.push(
      `*Some of what you wrote this ${noun} was hard, and it was kept out of this reading. If you need someone now, the Get help page lists people you can reach.*`,
    );
  return parts.join("\n\n");
}

// ---------------------------------------------------------------- saving

function parseMeta(raw: string | undefined): ReviewMetaDto | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as ReviewMetaDto;
    return v && typeof v.entry_id === "string" && REVIEW_PERIODS.includes(v.period) ? v : null;
  } catch {
    return null;
  }
}

async function save(
  b: PeriodBounds,
  mode: "update" | "new",
  content: string,
  meta: Omit<ReviewMetaDto, "entry_id" | "generated_at">,
  now: Date,
): Promise<EntryDto> {
  const key = reviewConfigKey(b);
  const before = mode === "update" ? parseMeta(await getConfigValue(key)) : null;
  const fields = { title: meta.title, content, tags: [REVIEW_TAG] };
  let entry: EntryDto | null = null;
  if (before && (await entryExists(before.entry_id))) {
    const old = await getEntry(before.entry_id);
    // The person's own tags stay; the review keeps its date.
    const tags = [...new Set([REVIEW_TAG, ...old.tags.map((t) => t.name)])];
    entry = await updateEntry(old.id, EntryUpdateSchema.parse({ ...fields, tags, created_at: old.created_at }));
  }
  entry ??= await createEntry(EntryCreateSchema.parse({ ...fields, created_at: now.toISOString() }));
  const stored: ReviewMetaDto = { ...meta, entry_id: entry.id, generated_at: now.toISOString() };
  await setConfig({ [key]: JSON.stringify(stored) });
  return entry;
}

/** POST /api/reviews */
export async function writeReview(
  input: ReviewRequestParsed,
  signal?: AbortSignal,
  now = new Date(),
): Promise<ReviewAnswerDto> {
  const tz = input.tz ?? serverTimeZone();
  if (input.date > localDayKey(now, tz))
    throw new HttpError("VALIDATION_FAILED", "A review can only look back: the date is after today.", [
      { path: "date", message: "must not be after today" },
    ]);
  const b = periodBounds(input.period, input.date);
  // The model is resolved first: 424 when none can be used, 428 before anything goes to a cloud model unallowed.
  const model = await currentModel();
  const loaded = await loadPeriod(b, tz);
  const ev = buildEvidence({ bounds: b, ...loaded });
  let content = offlineReviewBody(ev);
  let modelName = OFFLINE_MODEL;
  let cited = [ev.best?.entry_id, ev.hardest?.entry_id, ...ev.quotes.map((q) => q.entry_id)].filter(
    (x): x is string => !!x,
  );
  if (model.kind === "remote" && ev.numbers.entries > 0) {
    const prose = await modelProse(model, ev, loaded.entries, signal);
    if (prose) {
      content = modelBody(ev, prose, loaded.entries);
      modelName = model.name;
      cited = [...cited, ...prose.cited];
    }
  }
  const entry = await save(
    b,
    input.mode ?? "update",
    content,
    {
      period: b.period,
      start: b.start,
      end: b.end,
      title: reviewTitle(b),
      model: modelName,
      best: ev.best,
      hardest: ev.hardest,
      cited: [...new Set(cited)],
      numbers: ev.numbers,
    },
    now,
  );
  return { entry };
}

/** GET /api/reviews: every review whose entry still exists, the latest period first. */
export async function listReviews(): Promise<ReviewListDto> {
  const prisma = await db();
  const rows = await prisma.config.findMany({ where: { key: { startsWith: REVIEW_CONFIG_PREFIX } } });
  const metas = rows.map((r) => parseMeta(r.value)).filter((m): m is ReviewMetaDto => m !== null);
  const live = new Set(
    (await prisma.entry.findMany({ where: { id: { in: metas.map((m) => m.entry_id) } }, select: { id: true } })).map(
      (e) => e.id,
    ),
  );
  return {
    reviews: metas
      .filter((m) => live.has(m.entry_id))
      .sort((a, b) => b.start.localeCompare(a.start) || a.period.localeCompare(b.period)),
  };
}
