"use client";
import Link from "next/link";
import { History } from "lucide-react";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { shortDate } from "@/domain/date-format";
import { yearsAgoLabel } from "@/domain/home";
import { moodStyle } from "@/domain/mood";
import { effectiveMood } from "@/domain/effective-mood";
import type { OnThisDayEntryDto } from "@/contracts/home";
import { Panel } from "./panel";

/** Entries written on this calendar day in earlier years; the parent leaves it out when there are none. */
export function OnThisDay({ entries, className }: { entries: OnThisDayEntryDto[]; className?: string }) {
  if (!entries.length) return null;
  const tz = browserTimeZone();
  const locale = browserLocale();
  return (
    <Panel title="On this day" icon={<History className="h-4 w-4" aria-hidden />} className={className}>
      <ul className="space-y-2">
        {entries.map((e) => {
          const score = effectiveMood(e.stated_mood, e.ai_mood_score);
          const mood = moodStyle(score);
          const date = shortDate(e.created_at, tz, locale);
          return (
            <li key={e.id}>
              <Link
                href={`/entry/${encodeURIComponent(e.id)}`}
                className="group block rounded-xl border border-stone-200 p-3 transition-colors hover:border-brand-200 hover:bg-brand-50/40"
              >
                <div className="flex items-center justify-between gap-2 text-xs text-stone-500">
                  <span>
                    <span className="font-semibold text-brand-700">{yearsAgoLabel(e.years_ago)}</span> · {date}
                  </span>
                  {score !== null && (
                    <span role="img" aria-label={`Mood: ${mood.label}`}>
                      {mood.emoji}
                    </span>
                  )}
                </div>
                <p className="mt-1 font-medium text-stone-900 group-hover:text-brand-700">
                  {e.title || "Untitled entry"}
                </p>
                {e.excerpt && <p className="mt-0.5 line-clamp-2 text-sm text-stone-600">{e.excerpt}</p>}
              </Link>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
