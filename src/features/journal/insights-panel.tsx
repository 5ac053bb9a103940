"use client";
import { answerQuestion } from "@/domain/reflection";
import clsx from "clsx";
import { Check, Loader2, Plus, Sparkles } from "lucide-react";
import type { TextAnalysisDto } from "@/contracts/ai";
import { ANALYSIS_MIN_CHARS } from "@/domain/constants";
import { moodStyle } from "@/domain/mood";
import { MOOD_COLOR_CLASSES } from "@/components/ui/mood-colors";
import { canAddMoreTags } from "@/domain/tags";
import { ReadingSource } from "@/components/ui/reading-source";
import { ReflectionQuestions } from "@/components/reflection-questions";
import type { AnalysisStatus } from "./use-entry-analysis";

/**
 * The side panel of AI insights: mood, emotion, themes, summary, suggested tags, and reflection questions that
 * can be answered in place (the answer goes into the entry under its question).
 */
export function InsightsPanel({
  status,
  analysis,
  model,
  content,
  tags,
  onAddTag,
  onAnswer,
}: {
  status: AnalysisStatus;
  analysis: TextAnalysisDto | null;
  /** The model that produced the analysis; null when unknown (one saved before this session). */
  model?: string | null;
  /** The entry's text: its length decides the hint, and it tells which questions are answered. */
  content: string;
  tags: string[];
  onAddTag: (tag: string) => void;
  /** Takes an answer: given the change to make to the entry's text (the answer under its question). */
  onAnswer: (edit: (content: string) => string) => boolean;
}) {
  const contentLength = content.trim().length;
  const mood = analysis ? moodStyle(analysis.mood_score) : null;
  const colors = mood ? MOOD_COLOR_CLASSES[mood.color] : null;
  return (
    <section aria-labelledby="insights-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="insights-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
          <Sparkles className="h-4 w-4 text-brand-600" aria-hidden />
          AI Insights
        </h2>
        <span role="status" aria-live="polite" className="text-xs text-stone-500">
          {status === "analyzing" && (
            <span className="inline-flex items-center gap-1.5 text-brand-700">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
              Analyzing...
            </span>
          )}
        </span>
      </div>

      {!analysis && status !== "analyzing" && (
        <p className="mt-3 text-sm text-stone-500">
          {status === "failed"
            ? "Insights are not available right now. Keep writing; they will try again after your next pause."
            : contentLength > ANALYSIS_MIN_CHARS
              ? "Insights appear when you pause typing."
              : `Write a little more (over ${ANALYSIS_MIN_CHARS} characters) and pause to see mood and themes.`}
        </p>
      )}
      {!analysis && status === "analyzing" && (
        <div className="mt-4 space-y-2" aria-hidden>
          <div className="h-14 animate-pulse rounded-xl bg-stone-100" />
          <div className="h-4 w-3/4 animate-pulse rounded bg-stone-100" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-stone-100" />
        </div>
      )}

      {analysis && mood && colors && (
        <div
          className={clsx("mt-4 space-y-4 transition-opacity", status === "analyzing" && "opacity-60")}
          data-testid="insights"
        >
          <ReadingSource stored model={model} />
          <div className={clsx("flex items-center gap-3 rounded-xl border p-3", colors.bg)}>
            <span className="text-3xl" aria-hidden>
              {mood.emoji}
            </span>
            <div className="min-w-0 flex-1">
              <p className={clsx("text-sm font-semibold", colors.text)}>
                Mood: {mood.label} <span className="font-normal">({analysis.mood_score}/10)</span>
              </p>
              <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white/70" aria-hidden>
                <div
                  className={clsx("h-full rounded-full", colors.bar)}
                  style={{ width: `${Math.min(100, analysis.mood_score * 10)}%` }}
                />
              </div>
              {analysis.primary_emotion && (
                <p className="mt-1.5 text-sm text-stone-700">
                  Primary emotion:{" "}
                  <span className="font-medium capitalize text-stone-900">{analysis.primary_emotion}</span>
                </p>
              )}
            </div>
          </div>

          {analysis.summary && (
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Summary</h3>
              <p className="mt-1 text-sm text-stone-700">{analysis.summary}</p>
            </div>
          )}

          {analysis.themes.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Themes</h3>
              <ul className="mt-1.5 flex flex-wrap gap-1.5">
                {analysis.themes.map((t) => (
                  <li key={t} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700">
                    {t}
                  </li>
                ))}
              </ul>
            </div>
          )}

          {analysis.suggested_tags.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Suggested tags</h3>
              <ul className="mt-1.5 flex flex-wrap gap-1.5">
                {analysis.suggested_tags.map((t) => {
                  const used = tags.includes(t.toLowerCase());
                  return (
                    <li key={t}>
                      <button
                        type="button"
                        onClick={() => onAddTag(t)}
                        disabled={used || !canAddMoreTags(tags)}
                        aria-label={used ? `Tag ${t} added` : `Add suggested tag ${t}`}
                        className="inline-flex items-center gap-1 rounded-full border border-brand-200 px-2.5 py-0.5 text-xs text-brand-800 hover:bg-brand-50 disabled:cursor-default disabled:border-stone-200 disabled:text-stone-500 disabled:hover:bg-transparent"
                      >
                        {used ? <Check className="h-3 w-3" aria-hidden /> : <Plus className="h-3 w-3" aria-hidden />}
                        {t}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}

          {analysis.follow_up_questions.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Reflect further</h3>
              <ReflectionQuestions
                className="mt-1.5 -mx-2"
                questions={analysis.follow_up_questions}
                content={content}
                onAnswer={(question, text) => onAnswer((content) => answerQuestion(content, question, text))}
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
