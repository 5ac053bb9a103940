"use client";
import { BookOpen, Sparkles, X } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useAskJournal } from "@/client/ask";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { parseCitations } from "@/domain/chat";
import { longDate } from "@/domain/date-format";
import { normalizeQuery } from "@/domain/search";
import type { AskSource } from "@/contracts/ai";

function sourceDate(iso: string): string {
  try {
    return longDate(iso, browserTimeZone(), browserLocale());
  } catch {
    return "";
  }
}

/**
 * "Search by meaning": the Timeline's search words sent as a question to Ask your journal. The answer
 * shows above the list with the entries it was drawn from, each a link to its page.
 */
export function MeaningSearchButton({ query }: { query: string }) {
  const ask = useAskJournal();
  const [asked, setAsked] = useState<string | null>(null);
  const q = normalizeQuery(query);
  const run = () => {
    if (!q) return;
    setAsked(q);
    ask.mutate(q);
  };
  return (
    <>
      <button
        type="button"
        onClick={run}
        disabled={!q || ask.isPending}
        title={q ? `Find entries about "${q}" by meaning` : "Type what you are looking for first"}
        className="inline-flex h-11 items-center gap-2 rounded-xl border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm transition-colors hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Sparkles className="h-4 w-4" aria-hidden />
        Search by meaning
      </button>
      {asked !== null && (
        <MeaningAnswer
          question={asked}
          pending={ask.isPending}
          error={ask.error ? ask.error.message : null}
          answer={ask.data?.answer ?? null}
          sources={ask.data?.sources ?? []}
          onClose={() => {
            setAsked(null);
            ask.reset();
          }}
        />
      )}
    </>
  );
}

function MeaningAnswer({
  question,
  pending,
  error,
  answer,
  sources,
  onClose,
}: {
  question: string;
  pending: boolean;
  error: string | null;
  answer: string | null;
  sources: AskSource[];
  onClose: () => void;
}) {
  const refs = sources.map((s) => ({ id: s.id, title: s.title, created_at: s.created_at }));
  const text = answer ? parseCitations(answer, refs).text : "";
  return (
    <section
      aria-label="Search by meaning"
      data-testid="meaning-answer"
      aria-busy={pending || undefined}
      className="order-last w-full basis-full rounded-2xl border border-brand-200 bg-brand-50/60 p-4 text-stone-800"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-semibold text-brand-800">From your journal: “{question}”</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the answer"
          className="-mr-2 -mt-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-stone-500 hover:bg-white hover:text-stone-800"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {pending && (
        <p role="status" className="mt-2 text-sm text-stone-600">
          Looking through your journal...
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {!pending && answer && (
        <>
          <p className="mt-2 whitespace-pre-line text-[15px] leading-relaxed" data-testid="meaning-answer-text">
            {text}
          </p>
          {sources.length > 0 && (
            <ol className="mt-3 space-y-2" aria-label="Entries the answer is drawn from">
              {sources.map((s, i) => (
                <li key={s.id}>
                  <Link
                    href={`/entry/${encodeURIComponent(s.id)}`}
                    className="block rounded-xl border border-stone-200 bg-white px-3 py-2 text-sm hover:border-brand-300"
                  >
                    <span className="flex items-center gap-1.5 font-medium text-stone-900">
                      <BookOpen className="h-3.5 w-3.5 shrink-0 text-brand-600" aria-hidden />
                      <span className="shrink-0 text-brand-700">[{i + 1}]</span>
                      {/* The date stays on one line; a long title gives way (ellipsis) on a narrow screen. */}
                      <time dateTime={s.created_at} className="shrink-0 whitespace-nowrap">
                        {sourceDate(s.created_at)}
                      </time>
                      {s.title ? <span className="min-w-0 truncate text-stone-600">· {s.title}</span> : null}
                    </span>
                    <span className="mt-1 line-clamp-2 block text-stone-600">{s.excerpt}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
