import "server-only";
import type { OnThisDayDto } from "@/contracts/home";
import { dayKeyFormatter, localDayBounds, localDayKey, serverTimeZone, type DayKey } from "@/domain/dates";
import { ON_THIS_DAY_LIMIT, onThisDayKeys, plainExcerpt } from "@/domain/home";
import { db } from "@/server/db/client";

/** Years looked back at most, whatever the oldest entry's date says. */
const MAX_YEARS_BACK = 200;

/**
 * Entries written on this calendar day in earlier years, newest first. Days are the person's local days in
 * `tz`; a 29 February entry also shows on 28 February of a non-leap year.
 */
export async function onThisDay(
  tz = serverTimeZone(),
  today: DayKey = localDayKey(new Date(), tz),
  limit = ON_THIS_DAY_LIMIT,
): Promise<OnThisDayDto> {
  const prisma = await db();
  const oldest = await prisma.entry.findFirst({ orderBy: { createdAt: "asc" }, select: { createdAt: true } });
  const thisYear = Number(today.slice(0, 4));
  if (!oldest) return { date: today, entries: [] };
  const firstYear = Math.max(Number(localDayKey(oldest.createdAt, tz).slice(0, 4)), thisYear - MAX_YEARS_BACK);
  const ranges: { createdAt: { gte: Date; lt: Date } }[] = [];
  for (let year = thisYear - 1; year >= firstYear; year--) {
    for (const day of onThisDayKeys(today, year)) {
      const { start, end } = localDayBounds(day, tz);
      ranges.push({ createdAt: { gte: start, lt: end } });
    }
  }
  if (!ranges.length) return { date: today, entries: [] };
  const rows = await prisma.entry.findMany({
    where: { OR: ranges },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      title: true,
      content: true,
      createdAt: true,
      aiMoodScore: true,
      statedMood: true,
      wordCount: true,
    },
  });
  const keyOf = dayKeyFormatter(tz);
  return {
    date: today,
    entries: rows.map((r) => {
      const day = keyOf(r.createdAt);
      return {
        id: r.id,
        title: r.title,
        excerpt: plainExcerpt(r.content),
        created_at: r.createdAt.toISOString(),
        day,
        years_ago: thisYear - Number(day.slice(0, 4)),
        ai_mood_score: r.aiMoodScore,
        stated_mood: r.statedMood,
        word_count: r.wordCount,
      };
    }),
  };
}
