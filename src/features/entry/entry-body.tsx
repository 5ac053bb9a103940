"use client";
import { browserLocale } from "@/client/storage";
import clsx from "clsx";
import { CalendarDays, FileText, MapPin, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { RichText } from "@/components/richtext/rich-text";
import { ReadingSource } from "@/components/ui/reading-source";
import { MOOD_COLOR_CLASSES } from "@/components/ui/mood-colors";
import type { EntryDto } from "@/contracts/entries";
import { fullDateTime } from "@/domain/date-format";
import { parseThemes } from "@/domain/editor";
import { storedReadingSource } from "@/domain/models";
import { moodStyle } from "@/domain/mood";
import { effectiveMood } from "@/domain/effective-mood";
import { wordCount } from "@/domain/text";
import { MediaGrid } from "./media-grid";

/**
 * An entry, read: title, when, mood, length, place, the text, its summary, media and tags. The entry
 * page shows it, and so does the Timeline's reader of what this device keeps (which adds its badge and
 * notes on `top`, and shows the files from the device as `media`).
 */
export function EntryBody({
  entry,
  tz,
  titleId = "entry-title",
  top,
  media,
  className = "mt-4",
}: {
  entry: EntryDto;
  tz: string;
  titleId?: string;
  top?: ReactNode;
  media?: ReactNode;
  className?: string;
}) {
  const locale = browserLocale();
  const created = fullDateTime(entry.created_at, tz, locale);
  const updated = fullDateTime(entry.updated_at, tz, locale);
  const stated = entry.stated_mood ?? null;
  const mood = moodStyle(effectiveMood(stated, entry.ai_mood_score));
  const colors = MOOD_COLOR_CLASSES[mood.color];
  const moodText = entry.mood?.trim() ? entry.mood.trim() : "Unknown mood";
  const words = wordCount(entry.content);
  const themes = parseThemes(entry.ai_themes);
  const hasCoords = entry.location_lat !== null && entry.location_lng !== null;
  // What produced the reading (the mood suggestion, the summary): shown beside the summary, or under the
  // header when there is only a mood; nothing when it is not known.
  const reading = entry.ai_mood_score !== null || entry.ai_summary ? storedReadingSource(entry.ai_model) : null;
  const readingBy = reading ? (reading.kind === "offline" ? "basic reading, no AI model" : reading.label) : null;
  return (
    <div className={clsx("rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8", className)}>
      {top}
      <header>
        <h1
          id={titleId}
          className={clsx("text-2xl font-semibold sm:text-3xl", entry.title ? "text-stone-900" : "text-stone-500")}
        >
          {entry.title || "Untitled entry"}
        </h1>
        <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-600">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Written</dt>
            <CalendarDays className="h-4 w-4 text-stone-400" aria-hidden />
            <dd>
              <time dateTime={entry.created_at}>{created}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Mood</dt>
            <dd
              className={clsx(
                "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5",
                colors.bg,
                colors.text,
              )}
              data-testid="entry-mood"
              title={
                stated !== null
                  ? "The mood you stated"
                  : readingBy && entry.ai_mood_score !== null
                    ? `Read from your writing (${readingBy})`
                    : undefined
              }
            >
              <span aria-hidden>{mood.emoji}</span>
              <span className="capitalize">{moodText}</span>
              {stated !== null ? (
                <span className="text-xs">(you said {stated}/10)</span>
              ) : (
                entry.ai_mood_score !== null && <span className="text-xs">({entry.ai_mood_score}/10)</span>
              )}
            </dd>
            {stated !== null && entry.ai_mood_score !== null && (
              <dd className="text-xs text-stone-500" data-testid="entry-mood-suggestion">
                Suggested from your writing: {entry.ai_mood_score}/10
              </dd>
            )}
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Length</dt>
            <FileText className="h-4 w-4 text-stone-400" aria-hidden />
            <dd>
              {words} {words === 1 ? "word" : "words"}
            </dd>
          </div>
          {(entry.location_name || hasCoords) && (
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Location</dt>
              <MapPin className="h-4 w-4 text-stone-400" aria-hidden />
              <dd>
                {entry.location_name}
                {hasCoords && (
                  <span className={clsx("tabular-nums", entry.location_name && "ml-1 text-stone-400")}>
                    {entry.location_name ? "(" : ""}
                    {entry.location_lat!.toFixed(4)}, {entry.location_lng!.toFixed(4)}
                    {entry.location_name ? ")" : ""}
                  </span>
                )}
              </dd>
            </div>
          )}
        </dl>
        {reading && !entry.ai_summary && <ReadingSource stored model={entry.ai_model} className="mt-2" />}
      </header>

      <RichText text={entry.content} className="mt-6 text-base sm:text-lg" />

      {entry.ai_summary && (
        <section
          aria-labelledby="summary-title"
          className="mt-8 rounded-2xl border border-brand-100 bg-brand-50/60 p-4"
        >
          <h2 id="summary-title" className="flex items-center gap-2 text-sm font-semibold text-brand-900">
            <Sparkles className="h-4 w-4" aria-hidden />
            AI Summary
          </h2>
          <p className="mt-1.5 text-sm text-stone-700">{entry.ai_summary}</p>
          {themes.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Themes">
              {themes.map((t) => (
                <li key={t} className="rounded-full bg-white px-2.5 py-0.5 text-xs text-stone-700">
                  {t}
                </li>
              ))}
            </ul>
          )}
          <ReadingSource stored model={entry.ai_model} className="mt-3" />
        </section>
      )}

      {media !== undefined
        ? media
        : entry.media_files.length > 0 && (
            <section aria-labelledby="media-title" className="mt-8">
              <h2 id="media-title" className="text-sm font-semibold text-stone-900">
                Media
              </h2>
              <MediaGrid media={entry.media_files} />
            </section>
          )}

      {entry.tags.length > 0 && (
        <section aria-labelledby="tags-title" className="mt-8">
          <h2 id="tags-title" className="text-sm font-semibold text-stone-900">
            Tags
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {entry.tags.map((t) => (
              <li
                key={t.name}
                className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-sm text-brand-900"
              >
                #{t.name}
              </li>
            ))}
          </ul>
        </section>
      )}

      {updated !== created && (
        <p className="mt-8 border-t border-stone-100 pt-4 text-xs text-stone-500">
          Last updated <time dateTime={entry.updated_at}>{updated}</time>
        </p>
      )}
    </div>
  );
}
