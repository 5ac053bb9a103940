"use client";
import clsx from "clsx";
import { CheckCircle2, HelpCircle, Loader2, MessageSquarePlus } from "lucide-react";
import { useId, useState } from "react";
import { isAnswered } from "@/domain/reflection";

/**
 * Reflection questions that can be answered in place: "Answer" opens a text box under the question; "Add to
 * entry" puts the answer into the entry under the question, quoted (src/domain/reflection.ts). A question the
 * entry already answers shows as answered. `onAnswer` resolves to false when the answer was not taken (the
 * box stays open with the words in it).
 */
export function ReflectionQuestions({
  questions,
  content,
  onAnswer,
  className,
}: {
  questions: readonly string[];
  /** The entry's text, which tells which questions are answered. */
  content: string;
  onAnswer: (question: string, answer: string) => boolean | Promise<boolean>;
  className?: string;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul className={clsx("space-y-1.5", className)} data-testid="reflection-questions">
      {questions.map((q) => (
        <Question
          key={q}
          question={q}
          answered={isAnswered(content, q)}
          open={open === q}
          onOpen={() => setOpen(q)}
          onClose={() => setOpen((o) => (o === q ? null : o))}
          onAnswer={onAnswer}
        />
      ))}
    </ul>
  );
}

function Question({
  question,
  answered,
  open,
  onOpen,
  onClose,
  onAnswer,
}: {
  question: string;
  answered: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onAnswer: (question: string, answer: string) => boolean | Promise<boolean>;
}) {
  const id = useId();
  const [answer, setAnswer] = useState("");
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!answer.trim() || busy) return;
    setBusy(true);
    try {
      if (await onAnswer(question, answer)) {
        setAnswer("");
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className="rounded-lg px-2 py-1.5 text-sm text-stone-700"
      data-testid="reflection-question"
      data-answered={answered}
    >
      <div className="flex items-start gap-2">
        {answered ? (
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
        ) : (
          <HelpCircle className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" aria-hidden />
        )}
        <p className="min-w-0 flex-1">
          <span id={`${id}-q`}>{question}</span>
          {answered && <span className="ml-1.5 text-xs font-medium text-emerald-700">Answered in your entry</span>}
        </p>
        {!answered && !open && (
          <button
            type="button"
            onClick={onOpen}
            aria-label={`Answer: ${question}`}
            className="inline-flex shrink-0 items-center gap-1 rounded-md border border-brand-200 px-2 py-0.5 text-xs font-medium text-brand-800 hover:bg-brand-50"
          >
            <MessageSquarePlus className="h-3.5 w-3.5" aria-hidden />
            Answer
          </button>
        )}
      </div>
      {open && !answered && (
        <div className="mt-2 space-y-2 pl-6">
          <label htmlFor={`${id}-a`} className="sr-only">
            Your answer to: {question}
          </label>
          <textarea
            id={`${id}-a`}
            autoFocus
            rows={3}
            value={answer}
            disabled={busy}
            onChange={(e) => setAnswer(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
                e.preventDefault();
                e.stopPropagation();
                void confirm();
              } else if (e.key === "Escape") {
                e.stopPropagation();
                onClose();
              }
            }}
            placeholder="Write your answer..."
            className="w-full rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-none"
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={!answer.trim() || busy}
              className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-200"
            >
              {busy && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />}
              Add to entry
            </button>
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="h-8 rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-100"
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
